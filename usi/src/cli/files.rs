//! The files the command-line tools read and write: a record file read into games (by
//! `convert` and `mate` alike, so that both refuse the same files), and an output written so
//! that nothing the user owns is lost — never onto one of the command's inputs, a regular file
//! replaced only by a whole one, a device, FIFO or standard output written through, and a
//! symbolic link's target replaced rather than the link.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use tokin_notation::record::{self, Format, Parsed, ReadOptions};

/// Reads `path`, or standard input for `-`.
///
/// # Errors
/// The message names the file and the reason.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    if path.as_os_str() == "-" {
        let mut b = Vec::new();
        std::io::stdin().read_to_end(&mut b).map(|_| b)
    } else {
        std::fs::read(path)
    }
    .map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// Whether `path` names a record file by its extension (`.kif`, `.csa`, ...).
pub fn is_record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| Format::from_extension(e).is_some())
}

/// Appends the record files under `dir` (by extension, every level down, in name order) to
/// `out`: what a tool given a directory reads.
///
/// # Errors
/// A directory that cannot be listed.
pub fn record_files_under(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<(PathBuf, bool)> = std::fs::read_dir(dir)?
        .filter_map(|e| {
            let e = e.ok()?;
            let path = e.path();
            // The listing gives each entry's type on most file systems, which saves a
            // `stat` per file (a fifth of the system calls reading a folder of small
            // records); a link is followed, as `Path::is_dir` does, and a type the listing
            // left out is looked up.
            let is_dir = match e.file_type() {
                Ok(t) if !t.is_symlink() => t.is_dir(),
                _ => path.is_dir(),
            };
            Some((path, is_dir))
        })
        .collect();
    // Every path is `dir` joined with an entry's name (which holds no separator), so their
    // bytes sort as the names do, in the order `Path::cmp` gives them; comparing paths by
    // their components cost 2,600 instructions a file on a folder of 30 records.
    entries.sort_unstable_by(|a, b| a.0.as_os_str().cmp(b.0.as_os_str()));
    for (p, is_dir) in entries {
        if is_dir {
            record_files_under(&p, out)?;
        } else if is_record_file(&p) {
            out.push(p);
        }
    }
    Ok(())
}

/// A record file read: its games, and the warnings to show (each naming the file).
pub struct RecordFile {
    /// What the reader read.
    pub parsed: Parsed,
    /// The warnings, as `warning: FILE:LINE:COLUMN: ...` lines.
    pub warnings: Vec<String>,
}

/// Reads the games of a record file's `bytes` (`name` is how messages call the file): the
/// format is `from`, else the file's extension, else told from the content.
///
/// # Errors
/// A file of which nothing could be read — an empty one, one whose format cannot be told, the
/// first problem in strict mode, or (lenient) a file where every line that said something was
/// skipped — with the file, line and column where there is one. A verdict about a position is
/// only ever given on a position read from the file.
pub fn read_record(
    name: &str,
    bytes: &[u8],
    from: Option<Format>,
    opts: ReadOptions,
) -> Result<RecordFile, String> {
    let text = record::decode(bytes);
    if text.trim().is_empty() {
        return Err(format!("{name}: no game record: the file is empty"));
    }
    let format = from
        .or_else(|| {
            Path::new(name)
                .extension()
                .and_then(|e| e.to_str())
                .and_then(Format::from_extension)
        })
        .or_else(|| Format::detect(&text))
        .ok_or_else(|| format!("{name}: cannot tell the record format; use --from"))?;
    let parsed = record::parse(&text, format, opts).map_err(|e| e.in_file(name).to_string())?;
    // Warnings are what a lenient read skipped, and in any mode the oddities a reader read
    // past (an unknown CSA key, kept); only the first kind can leave a file with nothing read.
    let skipped = opts.lenient && !parsed.warnings.is_empty();
    let nothing = parsed
        .records
        .iter()
        .all(|r| r.main.moves.is_empty() && r.start == record::Start::default());
    if parsed.records.is_empty() || (skipped && nothing) {
        let first = parsed
            .warnings
            .first()
            .map(|w| format!(": {}", w.clone().in_file(name)))
            .unwrap_or_default();
        return Err(format!(
            "{name}: no game record: nothing in it could be read as {format}{first}"
        ));
    }
    let warnings = parsed
        .warnings
        .iter()
        .map(|w| {
            let what = if opts.lenient { " (skipped)" } else { "" };
            format!("warning: {}{what}", w.clone().in_file(name))
        })
        .collect();
    Ok(RecordFile { parsed, warnings })
}

/// What tells one file from every other: its device and inode where the platform has them,
/// else its canonical path; `None` for a path that names no existing file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FileId(#[cfg(unix)] (u64, u64), #[cfg(not(unix))] PathBuf);

impl FileId {
    /// The file `path` names (links followed), if it exists.
    pub fn of(path: &Path) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            std::fs::metadata(path)
                .ok()
                .map(|m| FileId((m.dev(), m.ino())))
        }
        #[cfg(not(unix))]
        {
            std::fs::canonicalize(path).ok().map(FileId)
        }
    }
}

/// Whether `a` and `b` are the same existing file, however spelt (links, `./`, `..`).
#[cfg(test)]
fn same_file(a: &Path, b: &Path) -> bool {
    FileId::of(a).is_some_and(|x| FileId::of(b) == Some(x))
}

/// Whether writing `path` would replace a file that exists: a regular file (links followed).
/// A device or FIFO is written through, and standard output is no file.
fn would_replace(path: &Path) -> bool {
    !is_stdout(path) && std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// The files a command reads, each known by its [`FileId`], found once: comparing every
/// output with every input, resolving both each time, made a directory of thousands of files
/// take minutes before the first was converted.
pub struct Inputs<'a>(HashMap<FileId, &'a Path>);

impl<'a> Inputs<'a> {
    /// The inputs `paths` (those that name no file are no file an output could be).
    pub fn new(paths: impl IntoIterator<Item = &'a Path>) -> Inputs<'a> {
        Inputs(
            paths
                .into_iter()
                .filter_map(|p| Some((FileId::of(p)?, p)))
                .collect(),
        )
    }

    /// Checks, before anything is written, that `output` may be written: never one of the
    /// inputs, whatever the flags (writing it would destroy what the command reads), never a
    /// directory, and an existing file only with `force`. Standard output always may.
    ///
    /// # Errors
    /// The message names the output (and the input it is).
    pub fn check_output(&self, output: &Path, force: bool) -> Result<(), String> {
        if is_stdout(output) {
            return Ok(());
        }
        if let Some(input) = FileId::of(output).and_then(|o| self.0.get(&o)) {
            return Err(format!(
                "{}: the output is the input {}; give another output file",
                output.display(),
                input.display()
            ));
        }
        if output.is_dir() {
            return Err(format!("{}: is a directory, not a file", output.display()));
        }
        if !force && would_replace(output) {
            return Err(format!(
                "{}: already exists; use --force to replace it",
                output.display()
            ));
        }
        Ok(())
    }
}

/// Whether `path` names standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-" || path == Path::new("/dev/stdout")
}

/// Where an output goes, decided before anything is written.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// Standard output.
    Stdout,
    /// A device, FIFO or socket: written through, never replaced.
    Special(PathBuf),
    /// A regular file (new or existing): written beside it, then renamed over it.
    Regular(PathBuf),
}

/// Where `path` leads: a symbolic link is followed to the file it names (created if missing),
/// so the link itself is never replaced.
fn target(path: &Path) -> std::io::Result<Target> {
    if is_stdout(path) {
        return Ok(Target::Stdout);
    }
    let mut path = path.to_path_buf();
    // Links to links, followed a bounded number of times (a loop is the system's error).
    for _ in 0..40 {
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            return Ok(Target::Regular(path));
        };
        if meta.file_type().is_symlink() {
            let to = std::fs::read_link(&path)?;
            path = match path.parent() {
                Some(dir) if to.is_relative() => dir.join(to),
                _ => to,
            };
            continue;
        }
        return Ok(if meta.is_file() || meta.is_dir() {
            Target::Regular(path)
        } else {
            Target::Special(path)
        });
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Writes `data` to `path`: standard output for `-` or `/dev/stdout`; a device or FIFO is
/// written through (a full device reports its error); a regular file by way of a temporary
/// file beside it, synced and then renamed over it, so that an interrupted run, a full disk
/// or a failed write leaves no half-written file and an existing one is replaced only by a
/// whole one; a symbolic link's target is what is written.
///
/// # Errors
/// What the system said.
pub fn write_output(path: &Path, data: &[u8]) -> std::io::Result<()> {
    match target(path)? {
        Target::Stdout => {
            let mut out = std::io::stdout().lock();
            out.write_all(data)?;
            out.flush()
        }
        Target::Special(p) => {
            let mut f = std::fs::OpenOptions::new().write(true).open(p)?;
            f.write_all(data)?;
            f.flush()
        }
        Target::Regular(p) => write_by_rename(&p, data),
    }
}

/// Writes `data` to a temporary file beside `path` and renames it over `path`.
fn write_by_rename(path: &Path, data: &[u8]) -> std::io::Result<()> {
    let file_name = path.file_name().unwrap_or_default().to_string_lossy();
    let tmp = path.with_file_name(format!(".{file_name}.{}.tmp", std::process::id()));
    // The data reaches the disk before the rename makes it the file's content, so that a
    // crash just after the rename cannot leave an empty file where the old one was.
    let written = std::fs::File::create_new(&tmp)
        .and_then(|mut f| {
            f.write_all(data)?;
            f.sync_all()
        })
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tokin-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_same_file_is_found_through_other_spellings_and_links() {
        let dir = scratch("same");
        let data = dir.join("keep.bin");
        std::fs::write(&data, b"records").unwrap();
        let dotted = dir.join(".").join("keep.bin");
        let link = dir.join("link.bin");
        #[cfg(unix)]
        std::os::unix::fs::symlink(&data, &link).unwrap();
        assert!(same_file(&data, &dotted));
        #[cfg(unix)]
        assert!(same_file(&data, &link));
        let inputs = Inputs::new([data.as_path()]);
        for force in [false, true] {
            let err = inputs.check_output(&dotted, force).unwrap_err();
            assert!(err.contains("the output is the input"), "{err}");
        }
        assert!(inputs.check_output(&dir.join("new.bin"), false).is_ok());
        assert!(inputs.check_output(Path::new("-"), false).is_ok());
        let err = inputs.check_output(&dir, true).unwrap_err();
        assert!(err.contains("is a directory"), "{err}");
        let other = dir.join("other.bin");
        std::fs::write(&other, b"kept").unwrap();
        let err = inputs.check_output(&other, false).unwrap_err();
        assert!(err.contains("already exists; use --force"), "{err}");
        assert!(inputs.check_output(&other, true).is_ok());
    }

    #[test]
    fn record_files_are_found_every_level_down_in_name_order_through_links() {
        let dir = scratch("under");
        let games = dir.join("games");
        std::fs::create_dir_all(games.join("b")).unwrap();
        for name in ["b/2.kif", "b/1.csa", "a.csa", "c.usi", "notes.txt"] {
            std::fs::write(games.join(name), b"PI\n+\n").unwrap();
        }
        // A folder named like a record file is still a folder.
        std::fs::create_dir_all(games.join("d.kif")).unwrap();
        std::fs::write(games.join("d.kif").join("3.ki2"), b"").unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(games.join("b"), games.join("e")).unwrap();
            std::os::unix::fs::symlink(games.join("a.csa"), games.join("f.csa")).unwrap();
        }
        let mut found = Vec::new();
        record_files_under(&games, &mut found).unwrap();
        let names: Vec<String> = found
            .iter()
            .map(|p| {
                p.strip_prefix(&games)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        let mut expected = vec!["a.csa", "b/1.csa", "b/2.kif", "c.usi", "d.kif/3.ki2"];
        #[cfg(unix)]
        expected.extend(["e/1.csa", "e/2.kif", "f.csa"]);
        assert_eq!(names, expected);
        assert!(record_files_under(&dir.join("none"), &mut found).is_err());
    }

    #[test]
    fn record_files_come_in_the_order_of_their_paths() {
        let dir = scratch("order");
        let games = dir.join("games");
        // Names that sort differently as bytes of a whole path than as text would if the
        // separator were not the lowest byte in them: a folder `a` beside `a-b` and `a.b`.
        std::fs::create_dir_all(games.join("a")).unwrap();
        let names = [
            "a/1.csa",
            "a-b.csa",
            "a.csa",
            "a b.csa",
            "ab.csa",
            "A.csa",
            "将棋.csa",
        ];
        for name in names {
            std::fs::write(games.join(name), b"PI\n+\n").unwrap();
        }
        let mut found = Vec::new();
        record_files_under(&games, &mut found).unwrap();
        let mut expected: Vec<PathBuf> = names.iter().map(|n| games.join(n)).collect();
        expected.sort();
        assert_eq!(found, expected);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_to_its_target_and_kept() {
        let dir = scratch("link");
        let real = dir.join("real.kif");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.join("link.kif");
        std::os::unix::fs::symlink("real.kif", &link).unwrap();
        write_output(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // Nothing temporary left beside it.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_through_and_a_full_one_reports_its_error() {
        assert_eq!(
            target(Path::new("/dev/null")).unwrap(),
            Target::Special("/dev/null".into())
        );
        write_output(Path::new("/dev/null"), b"data").unwrap();
        if Path::new("/dev/full").exists() {
            let err = write_output(Path::new("/dev/full"), b"data").unwrap_err();
            assert!(err.to_string().contains("space"), "{err}");
        }
    }

    #[test]
    fn a_file_of_nothing_readable_is_no_record() {
        let opts = ReadOptions {
            lenient: true,
            ..ReadOptions::default()
        };
        let err = read_record("h.kif", b"hello world\n", None, opts)
            .err()
            .unwrap();
        assert!(err.starts_with("h.kif: no game record"), "{err}");
        assert!(err.contains("h.kif:1:1"), "{err}");
        let strict = ReadOptions::default();
        let err = read_record("h.kif", b"hello world\n", None, strict)
            .err()
            .unwrap();
        assert!(err.starts_with("h.kif:1:1"), "{err}");
        let err = read_record("e.kif", b" \n", None, strict).err().unwrap();
        assert!(err.contains("the file is empty"), "{err}");
    }
}
