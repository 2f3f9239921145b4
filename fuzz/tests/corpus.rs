//! Every fuzz target over its seed corpus and regression inputs (`fuzz/corpus/<target>/`):
//! what coverage-guided fuzzing found stays found.

use std::panic::{AssertUnwindSafe, catch_unwind};

#[test]
fn every_target_passes_its_corpus() {
    let mut failures = Vec::new();
    for target in tokin_fuzz::TARGETS {
        let files = tokin_fuzz::corpus(target.name);
        assert!(!files.is_empty(), "no corpus for `{}`", target.name);
        for file in files {
            let data = std::fs::read(&file).unwrap();
            if catch_unwind(AssertUnwindSafe(|| (target.run)(&data))).is_err() {
                failures.push(file.display().to_string());
            }
        }
    }
    assert!(failures.is_empty(), "failed: {failures:#?}");
}
