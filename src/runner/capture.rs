//! Capped output buffers: a hook can print any amount without deadlocking or exhausting hookrun;
//! what exceeds the cap is read and dropped, and the overflow is remembered.

use std::mem::MaybeUninit;
use std::os::fd::AsFd;

use rustix::io::Errno;

/// Keeps up to `cap` bytes of a stream and counts the rest.
#[derive(Debug)]
pub(crate) struct Capture {
    pub(crate) bytes: Vec<u8>,
    cap: usize,
    pub(crate) overflowed: bool,
}

/// What one non-blocking read pass ended with.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum ReadEnd {
    /// Nothing more to read right now.
    WouldBlock,
    /// The writer side closed.
    Eof,
}

impl Capture {
    pub(crate) fn new(cap: usize) -> Capture {
        Capture {
            bytes: Vec::new(),
            cap,
            overflowed: false,
        }
    }

    fn push(&mut self, chunk: &[u8]) {
        let room = self.cap.saturating_sub(self.bytes.len());
        if chunk.len() > room {
            self.overflowed = true;
        }
        self.bytes
            .extend_from_slice(&chunk[..chunk.len().min(room)]);
    }

    /// Reads everything available from a non-blocking `fd`, through `scratch` (never zeroed:
    /// the kernel writes what is read, and only that is looked at).
    pub(crate) fn read_from(&mut self, fd: impl AsFd, scratch: &mut [MaybeUninit<u8>]) -> ReadEnd {
        loop {
            match rustix::io::read(&fd, &mut *scratch) {
                Ok(([], _)) => return ReadEnd::Eof,
                Ok((read, _)) => self.push(read),
                Err(Errno::INTR) => {}
                Err(Errno::AGAIN) => return ReadEnd::WouldBlock,
                // Any other error: the stream is unusable; treat it as closed.
                Err(_) => return ReadEnd::Eof,
            }
        }
    }
}

impl Capture {
    /// A capture holding `bytes`, as if read from a stream (for building results by hand: a
    /// built-in guard's stderr, tests).
    pub(crate) fn with_bytes(bytes: &[u8]) -> Capture {
        let mut capture = Capture::new(usize::MAX);
        capture.push(bytes);
        capture
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_keeps_the_cap_and_flags_the_overflow() {
        let mut capture = Capture::new(4);
        capture.push(b"ab");
        assert!(!capture.overflowed);
        capture.push(b"cdef");
        assert_eq!(capture.bytes, b"abcd");
        assert!(capture.overflowed);
    }
}
