//! Why a command failed: the one error type the commands return and `main` maps to an exit
//! code.

use crate::{config, model, payload, runner};

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Error {
    /// Configuration problems, each with `file:line:col`.
    #[error("{}", render(.0))]
    Config(Vec<config::diagnostics::Diagnostic>),
    #[error(transparent)]
    Payload(#[from] payload::PayloadError),
    #[error("{0}")]
    Io(String),
    /// Stdout could not take the answer: a failure, after which nothing more is written to
    /// stdout (a failure answer after a half-written one would be two documents).
    #[error("{0}")]
    Output(String),
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

fn render(diagnostics: &[config::diagnostics::Diagnostic]) -> String {
    config::diagnostics::render_errors(diagnostics)
}
