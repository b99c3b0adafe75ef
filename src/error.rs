//! Why a command failed: the one error type the commands return and `main` maps to an exit
//! code. Each variant keeps what went wrong as data (the path, the action, the underlying error
//! as its `#[source]`); only the refusals a command words itself carry a message.

use std::io;
use std::path::PathBuf;

use crate::{config, edit, model, payload, runner};

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Error {
    /// Configuration problems, each with `file:line:col`.
    #[error("{}", render(.0))]
    Config(Vec<config::diagnostics::Diagnostic>),
    #[error(transparent)]
    Payload(#[from] payload::PayloadError),
    /// A file hookrun could not read or write (`action` is the verb: "read", "write",
    /// "record to", …).
    #[error("cannot {action} {}: {source}", path.display())]
    File {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    /// Something the system would not give: a socket, signal handlers, a runtime, this
    /// program's own path, the current directory.
    #[error("cannot {what}: {source}")]
    System {
        what: String,
        #[source]
        source: io::Error,
    },
    /// The runner's own failure while the hooks ran (a pipe or a process it could not make),
    /// not a hook's.
    #[error(transparent)]
    Runner(io::Error),
    /// A document hookrun could not encode.
    #[error("cannot encode {what}: {source}")]
    Encode {
        what: &'static str,
        #[source]
        source: serde_json::Error,
    },
    /// A companion program hookrun needs is nowhere to be found.
    #[error(transparent)]
    Companion(#[from] crate::companion::NotFound),
    /// The failure of a feature above this layer (the server's token), kept whole: its
    /// message and its sources.
    #[cfg(feature = "serve")]
    #[error(transparent)]
    Feature(Box<dyn std::error::Error + Send + Sync>),
    /// Editing a hook file failed.
    #[error(transparent)]
    Edit(#[from] edit::EditError),
    /// A file `install` left as it was, and why.
    #[error("{file}: {why}; nothing was written")]
    Unchanged {
        file: String,
        #[source]
        why: crate::install::Unedited,
    },
    /// What was asked cannot be done, in the command's own words (an unknown guard, an id in
    /// several files, a prompt with no terminal to answer it).
    #[error("{0}")]
    Refused(String),
    /// Stdout could not take what the command prints (`what`: "to stdout", "the decision", …):
    /// a failure, after which nothing more is written to stdout (a failure answer after a
    /// half-written one would be two documents).
    #[error("cannot write {what}: {source}")]
    Output {
        what: &'static str,
        #[source]
        source: io::Error,
    },
    /// A failure of `fire --output <agent>`, answered in that agent's protocol: it blocks where
    /// the agent would read hookrun's own exit 1 as "proceed".
    #[error("{error}")]
    Agent {
        agent: model::Dialect,
        error: Box<Error>,
    },
    /// hookrun received a signal: exit 128+signal with no document.
    #[error("interrupted by {}", runner::terminate::signal_name(*.0))]
    Interrupted(i32),
}

impl Error {
    /// A file that could not be read or written.
    pub(crate) fn file(
        action: &'static str,
        path: impl Into<PathBuf>,
    ) -> impl FnOnce(io::Error) -> Error {
        let path = path.into();
        move |source| Error::File {
            action,
            path,
            source,
        }
    }

    /// Something the system would not give.
    pub(crate) fn system(what: impl Into<String>) -> impl FnOnce(io::Error) -> Error {
        let what = what.into();
        move |source| Error::System { what, source }
    }

    /// Stdout could not take `what`.
    pub(crate) fn output(what: &'static str) -> impl FnOnce(io::Error) -> Error {
        move |source| Error::Output { what, source }
    }
}

fn render(diagnostics: &[config::diagnostics::Diagnostic]) -> String {
    config::diagnostics::render_errors(diagnostics)
}
