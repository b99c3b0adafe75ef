//! Stdout is data: the one place that writes documents to it. Everything else goes to stderr.
//! A closed stdout (EPIPE: the reader went away) is a normal end, not an error; any other
//! failure to write it is an error, after which nothing more is written to stdout.

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

/// Writes raw bytes to stdout, whole, treating a closed pipe as success.
///
/// Straight to the descriptor rather than through `std::io::Stdout`: std reports success when
/// stdout cannot be written at all (EBADF), and a non-blocking pipe that is full (EAGAIN) would
/// stop the answer half-way. Here a full pipe is waited on until the reader makes room; any other
/// error is returned, and the caller writes nothing more to stdout.
pub(crate) fn write_stdout(bytes: &[u8]) -> io::Result<()> {
    use std::os::fd::AsFd as _;

    use rustix::event::{PollFd, PollFlags, poll};
    use rustix::io::Errno;

    let stdout = io::stdout();
    // Whatever std buffered (nothing: hookrun writes stdout only here) goes first.
    stdout.lock().flush()?;
    let fd = stdout.as_fd();
    let mut rest = bytes;
    while !rest.is_empty() {
        match rustix::io::write(fd, rest) {
            Ok(written) => rest = &rest[written..],
            Err(Errno::INTR) => {}
            Err(Errno::AGAIN) => {
                let _ = poll(&mut [PollFd::new(&fd, PollFlags::OUT)], None);
            }
            Err(Errno::PIPE) => return Ok(()),
            Err(error) => return Err(error.into()),
        }
    }
    Ok(())
}
