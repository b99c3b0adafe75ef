//! Input of unknown length (a pipe) read ahead in chunks up to the payload cap before any of it
//! is parsed, so that an oversized payload costs at most the cap in memory and is refused
//! unparsed. Parsing then drains the chunks, freeing each once consumed, so an accepted payload
//! costs no more than parsing it from the stream would.

use std::collections::VecDeque;
use std::io::{self, Read};

/// Bytes per chunk: large enough for few reads, small enough that the chunk being parsed is
/// a rounding error next to the payload.
const CHUNK: u64 = 1024 * 1024;

/// The bytes read ahead, in order; reading them frees each chunk once it is used up.
pub(super) struct ReadAhead {
    chunks: VecDeque<Vec<u8>>,
    /// How far into the front chunk reading has come.
    at: usize,
    /// Bytes read ahead in all.
    pub(super) len: u64,
}

impl ReadAhead {
    /// Reads `reader` to its end or until more than `limit` bytes have come (then `len > limit`
    /// and reading stops there: the rest is never read).
    pub(super) fn read(mut reader: impl Read, limit: u64) -> io::Result<ReadAhead> {
        let mut ahead = ReadAhead {
            chunks: VecDeque::new(),
            at: 0,
            len: 0,
        };
        let mut bounded = (&mut reader).take(limit.saturating_add(1));
        loop {
            // Exactly sized: read_to_end stops at the `take` bound without growing the chunk.
            let mut chunk = Vec::with_capacity(usize::try_from(CHUNK).unwrap_or(usize::MAX));
            let read = (&mut bounded).take(CHUNK).read_to_end(&mut chunk)?;
            if read == 0 {
                return Ok(ahead);
            }
            ahead.len += read as u64;
            ahead.chunks.push_back(chunk);
            if ahead.len > limit {
                return Ok(ahead);
            }
        }
    }
}

impl Read for ReadAhead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while let Some(front) = self.chunks.front() {
            let rest = &front[self.at..];
            if rest.is_empty() {
                self.chunks.pop_front();
                self.at = 0;
                continue;
            }
            let n = rest.len().min(buf.len());
            buf[..n].copy_from_slice(&rest[..n]);
            self.at += n;
            return Ok(n);
        }
        Ok(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_everything_under_the_limit_and_gives_it_back_in_order() {
        let input: Vec<u8> = (0..3 * CHUNK + 17).map(|i| (i % 251) as u8).collect();
        let mut ahead = ReadAhead::read(&input[..], 10 * CHUNK).unwrap();
        assert_eq!(ahead.len, input.len() as u64);
        let mut out = Vec::new();
        ahead.read_to_end(&mut out).unwrap();
        assert_eq!(out, input);
    }

    #[test]
    fn stops_one_byte_past_the_limit() {
        let input = vec![b' '; usize::try_from(2 * CHUNK).unwrap()];
        let ahead = ReadAhead::read(&input[..], CHUNK + 5).unwrap();
        assert_eq!(ahead.len, CHUNK + 6);
        let exact = ReadAhead::read(&input[..], 2 * CHUNK).unwrap();
        assert_eq!(exact.len, 2 * CHUNK);
    }
}
