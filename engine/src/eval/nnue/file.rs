//! Loading a network from a path, as the `EvalFile` option and `tokin eval --evalfile` name
//! it: every way a path can fail to hold an evaluation file becomes an [`NnueError`].

use super::{Architecture, Network, NnueError};
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

impl Network {
    /// Reads the evaluation file at `path`.
    ///
    /// # Errors
    /// An empty path, a directory, a file that cannot be opened and every fault
    /// [`Network::read`] finds. A file far longer than a network (a 2 GB file of zeros, say)
    /// is refused at its header, or told apart from a network by its size without reading
    /// what follows the network.
    pub fn load(path: &Path) -> Result<Network, NnueError> {
        if path.as_os_str().is_empty() {
            return Err(NnueError::Io(io::Error::new(
                io::ErrorKind::InvalidInput,
                "no file named (the path is empty)",
            )));
        }
        let file = File::open(path).map_err(NnueError::Io)?;
        let meta = file.metadata().map_err(NnueError::Io)?;
        if meta.is_dir() {
            return Err(NnueError::Io(io::Error::new(
                io::ErrorKind::InvalidInput,
                "it is a directory, not a file",
            )));
        }
        // Nothing far past the largest network is read (the margin covers an architecture
        // string longer than tokin's): a huge file is judged by its size.
        let largest = Architecture::ALL
            .iter()
            .map(|a| a.file_size())
            .max()
            .unwrap_or(0);
        let reader = BufReader::with_capacity(1 << 20, file).take(largest + (1 << 20));
        match Network::read(reader) {
            Err(NnueError::TrailingBytes { at, .. }) => Err(NnueError::TrailingBytes {
                at,
                count: meta.len().saturating_sub(at),
            }),
            other => other,
        }
    }
}
