//! `hookrun guard NAME`: a built-in guard as a command any agent's hook file can run (README,
//! "Commands"). Reads the event payload on stdin and answers as a command hook: exit 2 with the
//! reason on stderr to block, exit 0 to let the event through; a payload that is not a JSON
//! object is a failure (exit 1).

use std::process::ExitCode;

use crate::cli::GuardArgs;
use crate::error::Error;
use crate::exit;
use crate::guard::Guard;

pub(crate) fn run(args: &GuardArgs) -> Result<ExitCode, Error> {
    let guard = Guard::from_name(&args.name).ok_or_else(|| {
        // clap accepts only the known names; this guards against the two lists drifting apart.
        Error::Refused(format!(
            "unknown guard {:?}: the built-in guards are {}",
            args.name,
            Guard::known_names()
        ))
    })?;
    let payload = crate::payload::read(None, &[], crate::payload::DEFAULT_MAX_PAYLOAD)?;
    Ok(match guard.check(payload.value()) {
        Some(reason) => {
            crate::stderr::say!("{reason}");
            ExitCode::from(exit::BLOCK)
        }
        None => ExitCode::from(exit::OK),
    })
}
