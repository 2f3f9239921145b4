//! Errors for reading records: where (file, line, column), what text, and why.

use core::fmt;

/// A problem in a record file: where it is, the text it is about, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The file name, when the caller knows it (see [`RecordError::in_file`]).
    pub file: Option<String>,
    /// The line, from 1 (0 when the problem is not on one line, such as an empty file).
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// The offending text, quoted in the message.
    pub text: String,
    /// The move number the problem is at, when it is about a move.
    pub ply: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl RecordError {
    /// An error at `line`/`column` about `text`.
    pub fn new(
        line: usize,
        column: usize,
        text: impl Into<String>,
        message: impl Into<String>,
    ) -> RecordError {
        let mut text: String = text.into();
        if text.chars().count() > 60 {
            text = text.chars().take(60).collect::<String>() + "…";
        }
        RecordError {
            file: None,
            line,
            column,
            text,
            ply: None,
            message: message.into(),
        }
    }

    /// The same error, naming the move number.
    pub fn at_ply(mut self, ply: usize) -> RecordError {
        self.ply = Some(ply);
        self
    }

    /// The same error, naming the file.
    pub fn in_file(mut self, file: impl Into<String>) -> RecordError {
        self.file = Some(file.into());
        self
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}:")?;
        }
        write!(f, "{}:{}: ", self.line, self.column)?;
        if let Some(ply) = self.ply {
            write!(f, "move {ply}: ")?;
        }
        write!(f, "{}", self.message)?;
        if !self.text.is_empty() {
            write!(f, ": `{}`", self.text)?;
        }
        Ok(())
    }
}

impl std::error::Error for RecordError {}

/// The column (in characters, from 1) of `part` inside `line`, when `part` is a slice of it.
pub(crate) fn column_of(line: &str, part: &str) -> usize {
    let start = line.as_ptr() as usize;
    let p = part.as_ptr() as usize;
    if p >= start && p <= start + line.len() {
        line[..p - start].chars().count() + 1
    } else {
        1
    }
}
