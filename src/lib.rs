//! hookrun: one binary that runs AI-agent hooks of every dialect.
//!
//! The pipeline: payload + event → `config` (every source → one typed model) → `plan` (which
//! hooks, why) → `runner` (spawn, feed, drain, time out, kill) → `verdict` (exit code + stdout →
//! outcome) → `merge` (a pure fold) → `output` (one writer).

// Unix only: on other systems the library is empty and `main.rs` stops the build with one error.
#![cfg(unix)]
// hookrun's messages go through `stderr::say!`, which cannot panic on a closed stderr.
#![cfg_attr(not(test), deny(clippy::print_stderr))]

use std::process::ExitCode;

pub(crate) use error::Error;

mod cache;
mod cli;
mod command_line;
mod commands;
mod companion;
pub(crate) mod config;
mod dialects;
mod edit;
mod engine;
mod error;
mod execute;
pub mod exit;
#[doc(hidden)]
pub mod fuzzing;
mod guard;
mod install;
mod llm;
pub(crate) mod matching;
mod merge;
pub(crate) mod model;
mod net;
mod output;
mod payload;
mod plan;
mod runner;
mod schema;
#[cfg(feature = "serve")]
mod serve;
mod sources;
mod stderr;
#[cfg(test)]
mod test_rng;
mod testfile;
mod timestamp;
mod trust;
mod validate;
mod verdict;
#[cfg(feature = "plugins")]
pub mod wasm;

/// Entry point used by `main.rs`.
pub fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // An async hook's worker, started by `fire` itself: not a command for people, so not in clap
    // (nor in its help and completions).
    if let [_, word, order] = args.as_slice()
        && word == commands::async_worker::COMMAND
    {
        return commands::async_worker::run(std::path::Path::new(order));
    }
    let cli = match command_line::parse(args) {
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
            crate::stderr::say!(
                "hookrun: interrupted by {}",
                runner::terminate::signal_name(signal)
            );
            ExitCode::from(u8::try_from(128 + signal).unwrap_or(exit::FAILURE))
        }
        Err(Error::Agent { agent, error }) => {
            let mut answer = output::agents::failure(agent, &format!("hookrun: {error}"));
            if matches!(*error, Error::Output { .. }) {
                answer.json = None;
            }
            let _ = output::agents::emit(&answer, false);
            ExitCode::from(answer.code)
        }
        Err(error) => {
            crate::stderr::say!("hookrun: {error}");
            ExitCode::from(exit::FAILURE)
        }
    }
}

/// Entry point of `hookrun-serve` (cargo feature `serve`), which `hookrun serve` runs.
#[cfg(feature = "serve")]
pub fn serve_main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // Async hooks' workers are started as the running program: here, hookrun-serve.
    if let [_, word, order] = args.as_slice()
        && word == commands::async_worker::COMMAND
    {
        return commands::async_worker::run(std::path::Path::new(order));
    }
    serve::main(args)
}

fn run(cli: &cli::Cli) -> Result<ExitCode, Error> {
    match &cli.command {
        cli::Command::Fire(args) => commands::fire::run(cli, args),
        cli::Command::Test(args) => commands::test::run(cli, args),
        cli::Command::Completions(args) => commands::completions::run(args),
        cli::Command::Schema(args) => commands::schema::run(args),
        cli::Command::Validate(args) => commands::validate::run(cli, args),
        cli::Command::List(args) => commands::list::run(cli, args),
        cli::Command::Trust(args) => commands::trust::run(cli, args),
        cli::Command::Guard(args) => commands::guard::run(args),
        cli::Command::Init(args) => commands::init::run(cli, args),
        cli::Command::Install(args) => commands::install::run(
            cli,
            &args.target,
            args.command.as_deref(),
            install::Action::Install,
        ),
        cli::Command::Uninstall(args) => {
            commands::install::run(cli, &args.target, None, install::Action::Uninstall)
        }
        cli::Command::Hooks(args) => commands::hooks::run(cli, args),
        cli::Command::Serve(_) => commands::serve::run(),
    }
}
