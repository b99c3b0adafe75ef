//! Stdout is data: the one place that writes documents to it. Everything else goes to stderr.
//! A closed stdout (EPIPE: the reader went away) is a normal end, not an error.

use std::io::{self, Write};

use serde::Serialize;

pub(crate) mod agents;
pub(crate) mod color;
pub(crate) mod document;

/// Writes `value` as one JSON line (or pretty-printed) to stdout.
pub(crate) fn write_json(value: &impl Serialize, pretty: bool) -> io::Result<()> {
    let mut text = if pretty {
        serde_json::to_vec_pretty(value)
    } else {
        serde_json::to_vec(value)
    }
    .map_err(io::Error::other)?;
    text.push(b'\n');
    write_stdout(&text)
}

/// Writes raw bytes to stdout, treating a closed pipe as success.
pub(crate) fn write_stdout(bytes: &[u8]) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
