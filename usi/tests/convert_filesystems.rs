//! `tokin convert -o` on real file systems that refuse the write: a full one and a read-only
//! one, each a small tmpfs mounted for the test. The file that was there must be left as it
//! was, nothing half-written may stay behind, and the error must name the file.
//!
//! Mounting needs root (or CAP_SYS_ADMIN). Where the machine does not allow it the tests say
//! so on standard error and check nothing; `TOKIN_REQUIRE_MOUNT=1` makes that a failure. The
//! same checks by hand:
//! ```sh
//! mkdir /tmp/full && sudo mount -t tmpfs -o size=64k tmpfs /tmp/full
//! echo old > /tmp/full/out.csa && dd if=/dev/zero of=/tmp/full/fill bs=4k   # until full
//! tokin convert tests/data/records/habu_silver.kif --to csa -o /tmp/full/out.csa --force
//! cat /tmp/full/out.csa    # still `old`; the command exited 1 naming /tmp/full/out.csa
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A tmpfs of `size` mounted on a fresh directory, unmounted when dropped.
struct Tmpfs {
    dir: PathBuf,
}

impl Tmpfs {
    /// `None` (after saying why) where mounting is not allowed.
    fn mount(name: &str, size: &str) -> Option<Tmpfs> {
        let dir = std::env::temp_dir().join(format!("tokin-fs-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("mount point");
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&dir)
            .output()
            .is_ok_and(|o| o.status.success());
        if ok {
            return Some(Tmpfs { dir });
        }
        let _ = std::fs::remove_dir(&dir);
        assert!(
            std::env::var_os("TOKIN_REQUIRE_MOUNT").is_none(),
            "cannot mount a tmpfs on {}",
            dir.display()
        );
        eprintln!("skipped: cannot mount a tmpfs here (needs root); see the recipe in this file");
        None
    }

    fn remount_read_only(&self) {
        let ok = Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(&self.dir)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "remount read-only");
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.dir).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn record() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/records/habu_silver.kif")
}

fn convert_to(out: &Path, force: bool) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tokin"));
    cmd.arg("convert")
        .arg(record())
        .args(["--to", "csa", "-o"])
        .arg(out);
    if force {
        cmd.arg("--force");
    }
    cmd.output().expect("tokin runs")
}

/// The names in `dir` other than `keep`.
fn others(dir: &Path, keep: &[&str]) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("list")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !keep.contains(&n.as_str()))
        .collect()
}

fn assert_refused_naming(out: &Output, path: &Path) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "exit 0: {err}");
    assert!(
        err.contains(&path.display().to_string()),
        "the error names {}: {err}",
        path.display()
    );
}

#[test]
fn a_full_disk_leaves_the_old_file_whole() {
    let Some(fs) = Tmpfs::mount("full", "64k") else {
        return;
    };
    let target = fs.dir.join("out.csa");
    std::fs::write(&target, "old\n").expect("old file");
    // Fill what is left, a block at a time, until the file system refuses.
    let mut fill = std::fs::File::create(fs.dir.join("fill")).expect("filler");
    let block = [0u8; 4096];
    while fill.write_all(&block).is_ok() {}
    let _ = fill.sync_all();
    drop(fill);

    let out = convert_to(&target, true);
    assert_refused_naming(&out, &target);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("No space left"),
        "says the disk is full: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&target).expect("still there"),
        "old\n"
    );
    assert!(
        others(&fs.dir, &["out.csa", "fill"]).is_empty(),
        "temporary file left"
    );

    // Once there is room again the same command succeeds.
    std::fs::remove_file(fs.dir.join("fill")).expect("room");
    let out = convert_to(&target, true);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        std::fs::read_to_string(&target)
            .expect("new")
            .contains("\nV3.0\n")
    );
}

#[test]
fn a_read_only_directory_is_reported_and_left_alone() {
    let Some(fs) = Tmpfs::mount("ro", "64k") else {
        return;
    };
    let target = fs.dir.join("out.csa");
    std::fs::write(&target, "old\n").expect("old file");
    fs.remount_read_only();

    let out = convert_to(&target, true);
    assert_refused_naming(&out, &target);
    assert_eq!(
        std::fs::read_to_string(&target).expect("still there"),
        "old\n"
    );

    let fresh = fs.dir.join("new.csa");
    let out = convert_to(&fresh, false);
    assert_refused_naming(&out, &fresh);
    assert!(!fresh.exists());
    assert!(others(&fs.dir, &["out.csa"]).is_empty(), "file left");
}
