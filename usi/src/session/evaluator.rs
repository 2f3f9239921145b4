//! The evaluation searches use: the built-in network, the handcrafted evaluation, or the
//! file that `EvalFile`/`EvalDir` name, read at `isready` only when the options changed.

use super::state::{EvalWanted, Session};
use std::sync::Arc;
use tokin_engine::eval::{Evaluator, builtin_network, nnue::Network};

impl Session {
    /// The evaluation the options ask for now.
    pub(super) fn wanted_eval(&self) -> EvalWanted {
        match self.options.eval_path() {
            Some(path) => EvalWanted::File(path, self.options.fv_scale),
            None if self.options.handcrafted_eval => EvalWanted::Handcrafted,
            None => EvalWanted::Builtin,
        }
    }

    /// Whether `isready` has nothing to make: the evaluation asked for is loaded and the hash
    /// is there at its size with no clear pending. Then it answers without the keep-alive
    /// thread, whose start and join cost more than the answer itself (a GUI or a fuzzer
    /// sending `isready` often).
    pub(super) fn ready_already(&self) -> bool {
        self.loaded_eval.as_ref() == Some(&self.wanted_eval())
            && !self.clear_pending
            && self
                .tt
                .as_ref()
                .is_some_and(|tt| tt.size_mb() as u64 == self.options.hash_mb)
    }

    /// Makes the evaluation the options ask for: the network of `EvalFile` (or `EvalDir`'s
    /// `nn.bin`), read again only when the path or `FV_SCALE` changed, else the built-in
    /// network or the handcrafted evaluation (`Evaluation`). A file that cannot be used is
    /// named in an `info string` with what is wrong, and the engine goes on with the
    /// built-in network.
    pub(super) fn ensure_evaluator(&mut self) {
        let want = self.wanted_eval();
        if self.loaded_eval.as_ref() == Some(&want) {
            return;
        }
        self.loaded_eval = Some(want.clone());
        let (path, scale) = match want {
            EvalWanted::Handcrafted => {
                self.evaluator = Evaluator::Handcrafted;
                return;
            }
            EvalWanted::Builtin => {
                self.evaluator = Evaluator::Nnue(builtin_network());
                return;
            }
            EvalWanted::File(path, scale) => (path, scale),
        };
        match Network::load(&path) {
            Ok(mut net) => {
                net.set_fv_scale(scale as i32);
                self.info_string(format!(
                    "EvalFile {}: loaded {} (FV_SCALE {scale})",
                    path.display(),
                    net.architecture()
                ));
                self.evaluator = Evaluator::Nnue(Arc::new(net));
            }
            Err(e) => {
                self.info_string(format!(
                    "error: EvalFile {}: {e}; using the built-in network",
                    path.display()
                ));
                self.evaluator = Evaluator::Nnue(builtin_network());
            }
        }
    }
}
