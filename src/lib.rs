//! hookrun: one binary that runs AI-agent hooks of every dialect.
//!
//! The pipeline: payload + event → `config` (every source → one typed model) → `plan` (which
//! hooks, why) → `runner` (spawn, feed, drain, time out, kill) → `verdict` (exit code + stdout →
//! outcome) → `merge` (a pure fold) → `output` (one writer).

use std::process::ExitCode;

mod cli;
mod command_line;
mod commands;
pub(crate) mod config;
mod execute;
#[doc(hidden)]
pub mod fuzzing;
pub(crate) mod matching;
mod merge;
mod output;
mod payload;
mod plan;
mod runner;
mod schema;
mod testfile;
mod validate;
mod verdict;

pub use config::dialect_name::Dialect;

/// hookrun's exit codes; only [`main`] maps errors to them.
pub mod exit {
    /// The action may proceed (fire), or the command succeeded.
    pub const OK: u8 = 0;
    /// hookrun itself failed: bad configuration, bad payload, internal error; or problems found.
    pub const FAILURE: u8 = 1;
    /// The action must not proceed as is (fire: deny, ask, or `continue: false`); also clap's
    /// usage errors, which block — the safe reading for a hook.
    pub const BLOCK: u8 = 2;
}

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
    /// A failure of `fire --output <agent>`, answered in that agent's protocol: it blocks where
    /// the agent would read hookrun's own exit 1 as "proceed".
    #[error("{error}")]
    Agent {
        agent: output::agents::Agent,
        error: Box<Error>,
    },
    /// hookrun received a signal: exit 128+signal with no document.
    #[error("interrupted by {}", runner::terminate::signal_name(*.0))]
    Interrupted(i32),
}

fn render(diagnostics: &[config::diagnostics::Diagnostic]) -> String {
    let errors: Vec<String> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(ToString::to_string)
        .collect();
    errors.join("\n\n")
}

/// Entry point used by `main.rs`.
pub fn main() -> ExitCode {
    let cli = match command_line::parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() {
                exit::BLOCK
            } else {
                exit::OK
            });
        }
    };
    match run(&cli) {
        Ok(code) => code,
        Err(Error::Interrupted(signal)) => {
            eprintln!(
                "hookrun: interrupted by {}",
                runner::terminate::signal_name(signal)
            );
            ExitCode::from(u8::try_from(128 + signal).unwrap_or(exit::FAILURE))
        }
        Err(Error::Agent { agent, error }) => {
            let answer = output::agents::failure(agent, &format!("hookrun: {error}"));
            let _ = output::agents::emit(&answer, false);
            ExitCode::from(answer.code)
        }
        Err(error) => {
            eprintln!("hookrun: {error}");
            ExitCode::from(exit::FAILURE)
        }
    }
}

fn run(cli: &cli::Cli) -> Result<ExitCode, Error> {
    match &cli.command {
        cli::Command::Fire(args) => commands::fire::run(cli, args),
        cli::Command::Test(args) => commands::test::run(cli, args),
        cli::Command::Completions(args) => commands::completions::run(args),
        cli::Command::Schema(args) => commands::schema::run(args),
        cli::Command::Validate(args) => commands::validate::run(cli, args),
        cli::Command::List(args) => commands::list::run(cli, args),
    }
}
