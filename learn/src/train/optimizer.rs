//! Adam: each parameter steps by its gradient's running mean over the root of its running
//! mean square. The dense layers step every batch; a feature transformer row steps only in
//! the batches whose positions have its feature (the "lazy" variant of sparse training), so
//! that a batch costs the rows it touches, not all 32 million weights of HalfKP.

/// The step's settings and count.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Adam {
    pub(crate) lr: f32,
    pub(crate) beta1: f32,
    pub(crate) beta2: f32,
    pub(crate) eps: f32,
    /// Steps taken, counting the one under way.
    t: i32,
    /// The bias corrections of step `t`: 1 − β₁ᵗ and 1 − β₂ᵗ.
    c1: f32,
    c2: f32,
}

/// The running moments of a set of parameters.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Moments {
    pub(crate) m: Vec<f32>,
    pub(crate) v: Vec<f32>,
}

impl Moments {
    pub(crate) fn new(n: usize) -> Moments {
        Moments {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }
}

impl Adam {
    pub(crate) fn new(lr: f32) -> Adam {
        Adam {
            lr,
            beta1: 0.9,
            beta2: 0.999,
            eps: 1e-8,
            t: 0,
            c1: 1.0,
            c2: 1.0,
        }
    }

    /// Starts a step: the bias corrections move on.
    pub(crate) fn begin_step(&mut self) {
        self.t = self.t.saturating_add(1);
        self.c1 = 1.0 - self.beta1.powi(self.t);
        self.c2 = 1.0 - self.beta2.powi(self.t);
    }

    /// Steps the parameters `w` by their gradients `g`, with their moments `m` and `v`,
    /// keeping each within ±`limit`.
    #[inline]
    pub(crate) fn update(
        &self,
        w: &mut [f32],
        g: &[f32],
        m: &mut [f32],
        v: &mut [f32],
        limit: f32,
    ) {
        let (b1, b2) = (self.beta1, self.beta2);
        let step = self.lr / self.c1;
        let c2 = 1.0 / self.c2;
        for (((w, &g), m), v) in w.iter_mut().zip(g).zip(m.iter_mut()).zip(v.iter_mut()) {
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *w = (*w - step * *m / ((*v * c2).sqrt() + self.eps)).clamp(-limit, limit);
        }
    }
}
