//! The built-in guard executor: runs a [`Guard`] on the payload in-process and ends in what a
//! command hook with the same answer would have produced (exit 2 with the reason on stderr, or
//! exit 0 with no output), so that `judge`, the record and every dialect's answer treat it as
//! one.

use std::time::Instant;

use serde_json::Value;

use crate::guard::Guard;
use crate::runner::Finished;

/// The guard's answer to `payload`, as a finished process.
pub(super) fn run(guard: Guard, payload: &Value) -> Finished {
    let started = Instant::now();
    let reason = guard.check(payload);
    let (code, stderr) = match reason {
        Some(reason) => (2, format!("{reason}\n")),
        None => (0, String::new()),
    };
    Finished::exited(code, b"", stderr.as_bytes(), started.elapsed())
}
