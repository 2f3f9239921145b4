//! `tokin eval` and `tokin bench --evalfile` as a user runs them.

/// `tokin eval` prints the original engine's number for a reference position, reads
/// positions from standard input, and refuses a bad file with exit status 2; `tokin bench
/// --evalfile` searches with the network.
#[test]
fn eval_and_bench_take_an_evaluation_file() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    use tokin_engine::eval::nnue::{Architecture, Network};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("eval_cli");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kp.bin");
    std::fs::write(&file, Network::random(Architecture::Kp256, 1).to_bytes()).unwrap();
    let text = include_str!("../../tests/data/nnue/reference-evals.tsv");
    let rows: Vec<(i32, &str)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(100)
        .take(50)
        .map(|l| {
            let f: Vec<&str> = l.splitn(3, '\t').collect();
            (f[1].parse().unwrap(), f[2])
        })
        .collect();
    let tokin = env!("CARGO_BIN_EXE_tokin");
    let evalfile = file.to_str().unwrap();

    // One position on the command line: an SFEN line of the reference data.
    let (want, sfen) = rows
        .iter()
        .find_map(|(v, l)| {
            l.strip_prefix("position sfen ")
                .filter(|s| !s.contains(" moves "))
                .map(|s| (v, s))
        })
        .unwrap();
    let out = Command::new(tokin)
        .args(["eval", "--evalfile", evalfile, "--sfen", sfen])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("eval = {want}\n")
    );

    // Many on standard input, as USI `position` lines, one in three without the `position`
    // word and one in three without `position` and `sfen`.
    let mut child = Command::new(tokin)
        .args(["eval", "--stdin", "--evalfile", evalfile])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for (i, (_, line)) in rows.iter().enumerate() {
        let rest = line.strip_prefix("position ").unwrap();
        let line = match i % 3 {
            0 => line,
            1 => rest,
            _ => rest.strip_prefix("sfen ").unwrap_or(rest),
        };
        writeln!(stdin, "{line}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let got: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    let want: Vec<String> = rows.iter().map(|(v, _)| format!("eval = {v}")).collect();
    assert_eq!(got, want);

    // A bad file: exit status 2 and the path and fault named. (An empty path is refused by
    // the argument parser, which names the flag.)
    for (path, fault) in [
        (dir.to_str().unwrap(), "tokin eval: --evalfile"),
        (evalfile.strip_suffix("kp.bin").unwrap(), "directory"),
        ("", "--evalfile"),
    ] {
        let out = Command::new(tokin)
            .args(["eval", "--evalfile", path])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(fault), "{err}");
    }

    let out = Command::new(tokin)
        .args(["bench", "--depth", "3", "--evalfile", evalfile])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().any(|l| l.starts_with("Nodes searched: ")),
        "{text}"
    );
}
