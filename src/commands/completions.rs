//! `hookrun completions SHELL`: a completion script generated from the clap definition, so it
//! can never disagree with the real options (the repo's `completions/` holds copies, drift-tested).

use std::process::ExitCode;

use clap::CommandFactory as _;

use crate::cli::{Cli, CompletionsArgs};
use crate::error::Error;
use crate::exit;

pub(crate) fn run(args: &CompletionsArgs) -> Result<ExitCode, Error> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "hookrun", &mut script);
    crate::output::write_stdout(&script).map_err(Error::output("the completion script"))?;
    Ok(ExitCode::from(exit::OK))
}
