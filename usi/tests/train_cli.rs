//! `tokin train` as a user runs it: a new generation trained on from the last one's file
//! (`--init`), and the files it refuses.

mod common;

use common::{stderr, tokin};
use std::path::Path;
use tokin_engine::eval::nnue::Network;

#[test]
fn trains_on_from_a_network_file_and_refuses_what_is_not_one() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("train_cli");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (data, out_net) = (path("data.bin"), path("next.nnue"));
    let builtin = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/nets/kp-5.nnue");
    let builtin = builtin.to_str().unwrap();

    let made = tokin(&[
        "gensfen",
        "-o",
        &data,
        "--positions",
        "400",
        "--depth",
        "1",
        "--threads",
        "2",
        "--max-plies",
        "60",
    ]);
    assert!(made.status.success(), "{}", stderr(&made));

    let quick = ["--epochs", "1", "--threads", "2", "--batch", "256"];
    let trained = tokin(
        &[
            &["train", "--data", &data, "-o", &out_net, "--init", builtin][..],
            &quick,
        ]
        .concat(),
    );
    let err = stderr(&trained);
    assert!(trained.status.success(), "{err}");
    assert!(
        err.contains(&format!("kp_256x2-32-32 from {builtin}")),
        "{err}"
    );
    // Going on from a network, the learning rate is a quarter of a new model's.
    assert!(err.contains("lr 0.00025,"), "{err}");
    assert!(
        err.contains("epoch   0: the starting model, validation loss 0."),
        "{err}"
    );
    assert!(err.contains("epoch   1: train loss"), "{err}");
    let net = Network::from_bytes(&std::fs::read(&out_net).unwrap()).unwrap();
    assert_eq!(net.architecture().to_string(), "kp_256x2-32-32");

    // A file that is not a network, named with what is wrong; nothing written.
    let refused = path("refused.nnue");
    let not_a_net = tokin(
        &[
            &["train", "--data", &data, "-o", &refused, "--init", &data][..],
            &quick,
        ]
        .concat(),
    );
    assert_eq!(not_a_net.status.code(), Some(2));
    let err = stderr(&not_a_net);
    assert!(
        err.contains(&format!("--init {data}: not an NNUE evaluation file")),
        "{err}"
    );
    assert!(!Path::new(&refused).exists());

    // A shape other than `--arch`'s.
    let other = tokin(
        &[
            &[
                "train", "--data", &data, "-o", &refused, "--init", builtin, "--arch", "halfkp",
            ][..],
            &quick,
        ]
        .concat(),
    );
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("is kp_256x2-32-32, not the halfkp_256x2-32-32 of --arch"),
        "{}",
        stderr(&other)
    );
    assert!(!Path::new(&refused).exists());
}
