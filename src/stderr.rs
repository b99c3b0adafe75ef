//! hookrun's own messages on stderr, written so that they can never end hookrun. `eprintln!`
//! panics when the write fails, and the release profile aborts on a panic: a stderr whose reader
//! went away (EPIPE) or that cannot be written (EBADF, a full non-blocking pipe) would kill
//! hookrun after a deny was reached, which the agent reads as "no answer" — a fail-open.
//! Messages are best effort: each line is formatted first, written in one call, and a failure is
//! dropped.

use std::io::Write as _;

/// Writes one line to stderr, ignoring any error.
pub(crate) fn write_line(message: std::fmt::Arguments<'_>) {
    let mut line = message.to_string();
    line.push('\n');
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// `eprintln!` that never panics: formats a line and hands it to [`write_line`].
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::stderr::write_line(format_args!($($arg)*))
    };
}

pub(crate) use say;

/// Writes `text` to stderr as it is (a question that waits on the same line for its answer),
/// ignoring any error.
pub(crate) fn write_str(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(text.as_bytes());
    let _ = stderr.flush();
}
