use super::model::Shape;
use super::*;
use crate::gensfen::{GensfenOptions, play_game};
use crate::psv::PsvRecord;
use rand::{Rng, SeedableRng};
use tokin_core::Position;
use tokin_engine::eval::nnue::{Architecture, Network};
use tokin_engine::search::TranspositionTable;

/// Records of a few quick self-play games.
fn records(games: u64) -> Vec<PsvRecord> {
    records_from(0, games)
}

/// Records of `games` quick self-play games from seed `first` on.
fn records_from(first: u64, games: u64) -> Vec<PsvRecord> {
    let tt = TranspositionTable::new(1);
    let opts = GensfenOptions {
        depth: 1,
        max_plies: 80,
        hash_mb: 1,
        ..GensfenOptions::default()
    };
    (first..first + games)
        .flat_map(|g| play_game(&opts, &mut StdRng::seed_from_u64(g), &tt))
        .collect()
}

/// A dataset of `games` quick self-play games, and of more when those give fewer than 20
/// positions a game (a game the search ends early by a mate), so that a test's data does not
/// shrink to a handful of positions when the search changes.
fn dataset(arch: Architecture, games: u64) -> Dataset {
    let mut d = Dataset::new(arch);
    d.add_records(&records(games)).unwrap();
    let mut seed = games;
    while d.len() < 20 * games as usize && seed < 4 * games {
        let more = records_from(seed, 1);
        d.add_records(&more).unwrap();
        seed += 1;
    }
    assert!(d.len() > 20, "only {} positions", d.len());
    d
}

/// The backward pass agrees with finite differences of the loss, parameter by parameter,
/// on a tiny model whose units lie on both sides of the clipping (a parameter whose nudge
/// moves a unit across a kink is left out).
#[test]
fn gradients_match_finite_differences() {
    let shape = Shape {
        inputs: 12,
        half: 8,
        hidden: 4,
    };
    let mut model = Model::with_shape(Architecture::Kp256, shape, 7);
    let mut rng = StdRng::seed_from_u64(3);
    // Larger weights than the initial ones, so that some units clip.
    for w in model.ft_w.iter_mut().chain(model.dense.iter_mut()) {
        *w = rng.random_range(-0.6..0.6);
    }
    let l = model.layout();
    model.dense[l.ft_b..l.h1_w].fill(0.4);
    model.dense[l.h1_b..l.h2_w].fill(0.3);
    model.dense[l.h2_b..l.out_w].fill(0.3);
    model.set_exact();
    // A repeated feature (as the padding's BonaPiece 0 is) counts twice.
    let us = [0u32, 0, 3, 5, 11];
    let them = [1u32, 3, 7];
    let target = 0.8;
    let loss = |m: &Model| -> (f64, Vec<bool>) {
        let mut s = Scratch::new(shape);
        let y = m.forward(&us, &them, &mut s);
        (f64::from(loss_and_gradient(y, target).0), s.pattern())
    };

    let mut s = Scratch::new(shape);
    let y = model.forward(&us, &them, &mut s);
    let (_, g) = loss_and_gradient(y, target);
    let mut dense = vec![0.0; model.dense.len()];
    let mut da = vec![0.0; 2 * shape.half];
    model.backward(&mut s, g, &mut dense, &mut da);
    let mut ft = vec![0.0; model.ft_w.len()];
    for (side, feats) in [&us[..], &them[..]].into_iter().enumerate() {
        for &f in feats {
            let f = f as usize;
            for j in 0..shape.half {
                ft[f * shape.half + j] += da[side * shape.half + j];
            }
        }
    }
    let clipped = s.pattern().iter().filter(|&&inside| !inside).count();
    assert!(
        clipped >= 3,
        "only {clipped} units clipped: the masks go untested"
    );

    let (_, pattern) = loss(&model);
    let eps = 1e-2f32;
    let (mut checked, mut nonzero) = (0, 0);
    for which in 0..2 {
        let n = if which == 0 { ft.len() } else { dense.len() };
        for i in 0..n {
            let mut plus = model.clone();
            let mut minus = model.clone();
            if which == 0 {
                plus.ft_w[i] += eps;
                minus.ft_w[i] -= eps;
            } else {
                plus.dense[i] += eps;
                minus.dense[i] -= eps;
            }
            plus.sync();
            minus.sync();
            let (lp, pp) = loss(&plus);
            let (lm, pm) = loss(&minus);
            if pp != pattern || pm != pattern {
                continue;
            }
            let numeric = (lp - lm) / (2.0 * f64::from(eps));
            let analytic = f64::from(if which == 0 { ft[i] } else { dense[i] });
            let tolerance = 1e-4 + 1e-2 * analytic.abs().max(numeric.abs());
            assert!(
                (numeric - analytic).abs() <= tolerance,
                "parameter {which}/{i}: analytic {analytic}, numeric {numeric}"
            );
            checked += 1;
            if analytic.abs() > 1e-4 {
                nonzero += 1;
            }
        }
    }
    let total = ft.len() + dense.len();
    assert!(
        checked * 10 >= total * 8,
        "only {checked} of {total} checked"
    );
    assert!(nonzero >= 40, "only {nonzero} non-zero gradients");
}

/// A short run on self-play records lowers the loss, on the positions trained on and on
/// those held out.
#[test]
fn training_lowers_the_loss() {
    let data = dataset(Architecture::Kp256, 12);
    let opts = TrainOptions {
        epochs: 8,
        batch_size: 64,
        lr: 2e-3,
        validation_share: 0.0,
        ..TrainOptions::default()
    };
    let all: Vec<u32> = (0..data.len() as u32).collect();
    let initial = || Trainer::new(Model::new(Architecture::Kp256, opts.seed), 0.0);
    let before = initial().loss(&data, &all, opts.lambda);
    let mut reports = Vec::new();
    let model = train(&data, &opts, |r| reports.push(r.clone()));
    let after = Trainer::new(model, 0.0).loss(&data, &all, opts.lambda);
    assert_eq!(reports.len(), 8);
    let first = &reports[0];
    let last = &reports[7];
    assert!(
        last.train_loss.unwrap() < first.train_loss.unwrap() * 0.8,
        "{reports:?}"
    );
    assert!(after < before * 0.7, "loss {before} -> {after}");
    assert!(first.samples_per_second() > 0.0);

    // On games not trained on, too.
    let opts = TrainOptions {
        validation_share: 0.2,
        ..opts
    };
    let (_, held) = split(data.records(), 1, opts.validation_share);
    let before = initial().loss(&data, &held, opts.lambda);
    let model = train(&data, &opts, |_| {});
    let after = Trainer::new(model, 0.0).loss(&data, &held, opts.lambda);
    assert!(after < before * 0.95, "validation {before} -> {after}");
}

/// The positions held out are the last ones (other games than those trained on), and the
/// model returned is the one of the epoch with the lowest loss on them.
#[test]
fn the_best_epoch_on_later_games_is_kept() {
    let (train_set, validation) = split(10, 1, 0.3);
    assert_eq!(train_set, (0..7).collect::<Vec<u32>>());
    assert_eq!(validation, vec![7, 8, 9]);
    assert_eq!(
        split(3, 1, 1.0).0,
        vec![0],
        "one position is always trained on"
    );

    let data = dataset(Architecture::Kp256, 4);
    // A learning rate high enough that the validation loss goes up and down.
    let opts = TrainOptions {
        epochs: 6,
        batch_size: 32,
        lr: 0.05,
        validation_share: 0.3,
        ..TrainOptions::default()
    };
    let mut reports = Vec::new();
    let model = train(&data, &opts, |r| reports.push(r.clone()));
    let losses: Vec<f64> = reports.iter().map(|r| r.validation_loss.unwrap()).collect();
    let best = losses.iter().copied().fold(f64::INFINITY, f64::min);
    let (_, held) = split(data.records(), 1, opts.validation_share);
    let kept = Trainer::new(model, 0.0).loss(&data, &held, opts.lambda);
    assert!((kept - best).abs() < 1e-9, "kept {kept}, losses {losses:?}");
    let marked: Vec<bool> = reports.iter().map(|r| r.best).collect();
    assert!(marked[0]);
    for (i, r) in reports.iter().enumerate() {
        let lowest = losses[..=i].iter().all(|&l| losses[i] <= l);
        assert_eq!(r.best, lowest && losses[..i].iter().all(|&l| losses[i] < l));
    }
}

/// A mirrored dataset holds each record and then its mirror image; the images are trained
/// on, and only the records themselves are held out.
#[test]
fn mirror_images_are_trained_on_never_held_out() {
    let start = Position::startpos();
    let image = data::mirrored(&start).unwrap();
    assert_eq!(
        image.to_sfen(),
        "lnsgkgsnl/1b5r1/ppppppppp/9/9/9/PPPPPPPPP/1R5B1/LNSGKGSNL b - 1"
    );
    let recs = records(3);
    for r in &recs {
        let pos = r.position().unwrap();
        let back = data::mirrored(&data::mirrored(&pos).unwrap()).unwrap();
        assert_eq!(back.to_sfen(), pos.to_sfen());
    }
    let mut plain = Dataset::new(Architecture::Kp256);
    plain.add_records(&recs).unwrap();
    let mut both = Dataset::with_mirror(Architecture::Kp256);
    both.add_records(&recs).unwrap();
    assert!(both.is_mirrored() && !plain.is_mirrored());
    assert_eq!(plain.skipped(), 0);
    assert_eq!(both.records(), plain.records());
    assert_eq!(both.len(), 2 * plain.len());
    assert_eq!(plain.len(), recs.len());
    for (i, r) in recs.iter().enumerate() {
        assert_eq!(both.features(2 * i), plain.features(i));
        assert_eq!(both.target(2 * i + 1, 0.5), plain.target(i, 0.5));
        let pos = r.position().unwrap();
        let m = data::mirrored(&pos).unwrap();
        let (us, them) = Model::features_of(Architecture::Kp256, &m).unwrap();
        assert_eq!(both.features(2 * i + 1), (&us[..], &them[..]));
    }
    let (train_set, validation) = split(both.records(), both.stride(), 0.3);
    let n = both.records();
    let held = (n as f64 * 0.3).round() as usize;
    assert_eq!(train_set.len(), 2 * (n - held));
    assert_eq!(validation.len(), held);
    assert!(
        validation
            .iter()
            .all(|&i| i % 2 == 0 && i as usize >= 2 * (n - held))
    );
}

/// The same seed gives the same model whatever the number of threads.
#[test]
fn runs_do_not_depend_on_the_thread_count() {
    let data = dataset(Architecture::Kp256, 4);
    let opts = TrainOptions {
        epochs: 2,
        batch_size: 600,
        ..TrainOptions::default()
    };
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| train(&data, &opts, |_| ()))
    };
    assert_eq!(run(1), run(3));
}

/// Mean and largest difference, in centipawns, between the integer network's evaluation
/// and the float model's over `positions`.
fn disagreement(model: &Model, net: &Network, positions: &[Position]) -> (f64, f64) {
    let mut sum = 0.0;
    let mut max = 0.0f64;
    for pos in positions {
        let float = f64::from(model.evaluate(pos).unwrap());
        let int = f64::from(net.evaluate(pos));
        let d = (float - int).abs();
        sum += d;
        max = max.max(d);
    }
    (sum / positions.len() as f64, max)
}

/// The quantised network evaluates as the float model does, to a centipawn or two (the
/// training is quantisation-aware; the integer network's division truncates), and
/// its file reads back as the same network.
#[test]
fn the_quantised_network_agrees_with_the_model() {
    let records = records(8);
    let positions: Vec<Position> = records.iter().map(|r| r.position().unwrap()).collect();
    let mut data = Dataset::new(Architecture::Kp256);
    data.add_records(&records).unwrap();
    let opts = TrainOptions {
        epochs: 6,
        batch_size: 64,
        lr: 2e-3,
        ..TrainOptions::default()
    };
    for model in [
        Model::new(Architecture::Kp256, 5),
        train(&data, &opts, |_| ()),
    ] {
        let net = model.to_network().unwrap();
        assert_eq!(net.architecture(), Architecture::Kp256);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len() as u64, Architecture::Kp256.file_size());
        assert_eq!(Network::read(&bytes[..]).unwrap(), net);
        let (mean, max) = disagreement(&model, &net, &positions);
        assert!(mean < 1.5 && max < 4.0, "mean {mean} cp, max {max} cp");
    }
}

/// HalfKP models quantise and agree too, and a step trains them.
#[test]
fn halfkp_models_quantise_and_train() {
    let data = dataset(Architecture::HalfKp256, 2);
    let mut trainer = Trainer::new(Model::new(Architecture::HalfKp256, 2), 1e-3);
    let batch: Vec<u32> = (0..data.len() as u32).collect();
    let before = trainer.loss(&data, &batch, 0.75);
    let during = trainer.step(&data, &batch, 0.75);
    assert!((before - during).abs() < 1e-6);
    for _ in 0..4 {
        trainer.step(&data, &batch, 0.75);
    }
    assert!(trainer.loss(&data, &batch, 0.75) < before);
    let model = trainer.into_model();
    let net = model.to_network().unwrap();
    assert_eq!(net.architecture(), Architecture::HalfKp256);
    let positions: Vec<Position> = records(1).iter().map(|r| r.position().unwrap()).collect();
    let (mean, max) = disagreement(&model, &net, &positions);
    assert!(mean < 1.5 && max < 4.0, "mean {mean} cp, max {max} cp");
}

/// A network read back as a model is the model it came from, to the integer, so that
/// training can go on from a file: the built-in network, and a HalfKP model's (whose shared
/// rows are folded into the file's and come back as the file's own).
#[test]
fn networks_read_back_as_models() {
    let builtin = tokin_engine::eval::builtin_network();
    let model = Model::from_network(&builtin);
    assert_eq!(model.to_network().unwrap().to_bytes(), builtin.to_bytes());
    let positions: Vec<Position> = records(2).iter().map(|r| r.position().unwrap()).collect();
    let (mean, max) = disagreement(&model, &builtin, &positions);
    assert!(mean < 1.5 && max < 4.0, "mean {mean} cp, max {max} cp");

    let halfkp = Model::new(Architecture::HalfKp256, 3).to_network().unwrap();
    let back = Model::from_network(&halfkp);
    assert_eq!(back.to_network().unwrap(), halfkp);
}

/// Training from a file starts where the file left off: epoch 0 reports the file's loss on
/// the held-out games, lower than a new model's, and the model kept is no worse there.
#[test]
fn training_goes_on_from_a_network() {
    // Twelve games: on six, the held-out loss can fail to improve in four epochs (so the
    // model kept is the new one, and the file is no better than it), as it did when the
    // search's move ordering changed the games.
    let data = dataset(Architecture::Kp256, 12);
    let opts = TrainOptions {
        epochs: 4,
        batch_size: 64,
        lr: 2e-3,
        validation_share: 0.3,
        ..TrainOptions::default()
    };
    let first = train(&data, &opts, |_| ()).to_network().unwrap();
    let (_, held) = split(data.records(), 1, opts.validation_share);
    let loss = |model: Model| Trainer::new(model, 0.0).loss(&data, &held, opts.lambda);
    let file_loss = loss(Model::from_network(&first));
    assert!(file_loss < loss(Model::new(Architecture::Kp256, opts.seed)));

    let mut reports = Vec::new();
    let opts = TrainOptions { seed: 2, ..opts };
    let model = train_model(Model::from_network(&first), &data, &opts, |r| {
        reports.push(r.clone());
    });
    assert_eq!(reports.len(), 5);
    assert_eq!((reports[0].epoch, reports[0].train_loss), (0, None));
    assert!(reports[0].best);
    assert!((reports[0].validation_loss.unwrap() - file_loss).abs() < 1e-12);
    assert!(loss(model) <= file_loss);
}

/// A new HalfKP model knows only what each piece is worth wherever the kings are (its own
/// rows start at zero, its shared rows do not), and its file adds the shared rows into every
/// king square's: moving a king changes neither evaluation, and the two agree.
#[test]
fn factored_halfkp_shares_rows_across_king_squares() {
    let model = Model::new(Architecture::HalfKp256, 5);
    let net = model.to_network().unwrap();
    let a =
        Position::from_sfen("lnsg1gsnl/1r2k2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2K2R1/LNSG1GSNL b - 1")
            .unwrap();
    let b =
        Position::from_sfen("lnsg1gsnl/1r3k1b1/ppppppppp/9/9/9/PPPPPPPPP/1B1K3R1/LNSG1GSNL b - 1")
            .unwrap();
    let (ma, mb) = (model.evaluate(&a).unwrap(), model.evaluate(&b).unwrap());
    assert!((ma - mb).abs() < 1e-3, "model: {ma} and {mb}");
    assert_eq!(net.evaluate(&a), net.evaluate(&b));
    assert!((f64::from(net.evaluate(&a)) - f64::from(ma)).abs() < 1.5);
    // Not a constant: the shared rows do see the pieces.
    let c =
        Position::from_sfen("lnsg1gsnl/1r2k2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2K2R1/LNSG1GS1L b N 1")
            .unwrap();
    assert_ne!(net.evaluate(&a), net.evaluate(&c));
}

/// A record that is not a position is refused by number, and nothing of its batch is kept.
#[test]
fn bad_records_are_refused() {
    let mut recs = records(1);
    let good = recs.len();
    recs.push(PsvRecord::from_bytes(&[0xFF; 40]));
    let mut d = Dataset::new(Architecture::Kp256);
    assert_eq!(
        d.add_records(&recs),
        Err(DataError::NotAPosition { index: good })
    );
    assert!(d.is_empty());
}

/// The model's shape is the file's: a network of the model's size reads back.
#[test]
fn shapes_match_the_files() {
    for arch in Architecture::ALL {
        let s = Shape::of(arch);
        let l = s.layout();
        let shared = match arch {
            Architecture::HalfKp256 => 1548,
            Architecture::Kp256 => 0,
            other => panic!("no expected shape written for {other:?}"),
        };
        assert_eq!(s.inputs, arch.input_dimensions() + shared);
        assert_eq!(l.len, 256 + 32 * 512 + 32 + 32 * 32 + 32 + 32 + 1);
    }
    let tiny = Model::with_shape(
        Architecture::Kp256,
        Shape {
            inputs: 4,
            half: 8,
            hidden: 4,
        },
        1,
    );
    assert!(tiny.to_network().is_err());
}
