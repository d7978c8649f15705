//! The harness's one error type.
//!
//! Every variant's message is one line that names what failed: the file (and
//! line) for bad data, the query for a search, the flag or field for a request
//! that cannot be carried out. The command layer prints it as `error: …` and
//! maps it to the exit code; nothing below it decides how a failure ends.
//!
//! Messages carry their causes in their own text, so no variant exposes a
//! `source`: printing the error once prints the whole chain, never twice.

use std::fmt::Display;
use std::path::{Path, PathBuf};

/// What went wrong in the harness.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Reading or writing a file or folder failed.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the operating system said.
        error: std::io::Error,
    },
    /// An operating-system call failed while doing something.
    #[error("{doing}: {error}")]
    Os {
        /// What was being done (`creating runs/x`, `writing a.csv`).
        doing: String,
        /// What the operating system said.
        error: std::io::Error,
    },
    /// A file's content does not fit its format (CSV, JSON, map, scenario);
    /// the message names the line where it can.
    #[error("{}: {message}", path.display())]
    Malformed {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        message: String,
    },
    /// A map could not be made as asked (an impossible size, say).
    #[error(transparent)]
    Grid(#[from] astar_core::GridError),
    /// A search refused the query or its rules.
    #[error(transparent)]
    Search(#[from] astar_core::SearchError),
    /// A request that cannot be carried out as asked: a configuration, an
    /// argument, or data that disagree with each other.
    #[error("{0}")]
    Invalid(String),
    /// Drawing a chart or a picture failed.
    #[error("drawing {what}: {message}")]
    Draw {
        /// The chart or picture.
        what: String,
        /// What the drawing library said.
        message: String,
    },
    /// An error, with what was being done when it happened.
    #[error("{context}: {error}")]
    Context {
        /// What was being done.
        context: String,
        /// The error itself.
        error: Box<Error>,
    },
}

/// A result with the harness's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// An I/O failure on `path`.
    pub fn io(path: &Path, error: std::io::Error) -> Error {
        Error::Io {
            path: path.to_path_buf(),
            error,
        }
    }

    /// Bad content in the file at `path`.
    pub fn malformed(path: &Path, message: impl Display) -> Error {
        Error::Malformed {
            path: path.to_path_buf(),
            message: message.to_string(),
        }
    }

    /// A drawing failure of `what`.
    pub fn draw(what: impl Display, message: impl Display) -> Error {
        Error::Draw {
            what: what.to_string(),
            message: message.to_string(),
        }
    }
}

/// A workload that could not be drawn: a map that could not be made is a
/// [`Error::Grid`] as anywhere else, and a map with no query on it a request
/// that cannot be carried out.
impl From<astar_workload::WorkloadError> for Error {
    fn from(error: astar_workload::WorkloadError) -> Error {
        match error {
            astar_workload::WorkloadError::Grid(e) => Error::Grid(e),
            other => Error::Invalid(other.to_string()),
        }
    }
}

/// Adds what was being done to an error, as `context: error`.
pub trait Context<T> {
    /// Wraps the error with `context`.
    fn context(self, context: impl Display) -> Result<T>;
    /// Wraps the error with the context `f` makes (only on error).
    fn with_context<D: Display>(self, f: impl FnOnce() -> D) -> Result<T>;
}

impl<T, E: Into<Error>> Context<T> for std::result::Result<T, E> {
    fn context(self, context: impl Display) -> Result<T> {
        self.map_err(|e| Error::Context {
            context: context.to_string(),
            error: Box::new(e.into()),
        })
    }
    fn with_context<D: Display>(self, f: impl FnOnce() -> D) -> Result<T> {
        self.map_err(|e| Error::Context {
            context: f().to_string(),
            error: Box::new(e.into()),
        })
    }
}

impl<T> Context<T> for std::result::Result<T, std::io::Error> {
    fn context(self, context: impl Display) -> Result<T> {
        self.map_err(|error| Error::Os {
            doing: context.to_string(),
            error,
        })
    }
    fn with_context<D: Display>(self, f: impl FnOnce() -> D) -> Result<T> {
        self.map_err(|error| Error::Os {
            doing: f().to_string(),
            error,
        })
    }
}

/// An [`Error::Invalid`] from a format string, like `format!`.
#[macro_export]
macro_rules! invalid {
    ($($arg:tt)*) => {
        $crate::error::Error::Invalid(format!($($arg)*))
    };
}

/// Returns early with an [`Error::Invalid`] from a format string.
#[macro_export]
macro_rules! bail {
    ($($arg:tt)*) => {
        return Err($crate::invalid!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn context_prints_the_whole_chain_once() {
        let inner: Result<()> = Err(Error::io(
            Path::new("runs/x/meta.json"),
            std::io::Error::new(std::io::ErrorKind::NotFound, "not found"),
        ));
        let e = inner.context("reading the run").unwrap_err();
        assert_eq!(
            e.to_string(),
            "reading the run: runs/x/meta.json: not found"
        );
        assert!(std::error::Error::source(&e).is_none());
    }
}
