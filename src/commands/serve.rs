//! `hookrun serve`: runs the companion program `hookrun-serve` in hookrun's place, with the same
//! command line (global options included), so that the per-event `hookrun` links no server.

use std::os::unix::process::CommandExt as _;
use std::process::ExitCode;

use crate::companion::Companion;
use crate::error::Error;

pub(crate) fn run() -> Result<ExitCode, Error> {
    let program = Companion::Serve.find()?;
    // `exec`: the server is this process from now on, so signals sent to it reach the server.
    let error = std::process::Command::new(&program)
        .args(std::env::args_os().skip(1))
        .exec();
    Err(Error::file("run", program)(error))
}
