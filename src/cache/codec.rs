//! The cache file's byte format: little-endian integers, length-prefixed byte strings, and a
//! checksum that catches a damaged or truncated file. A [`Reader`] borrows what it decodes from
//! the bytes read, and answers `None` for anything out of bounds or not UTF-8.

use std::os::unix::ffi::OsStrExt as _;
use std::path::Path;

/// Appends values to a buffer.
#[derive(Default)]
pub(super) struct Writer {
    pub(super) buf: Vec<u8>,
}

impl Writer {
    pub(super) fn u8(&mut self, value: u8) {
        self.buf.push(value);
    }

    pub(super) fn bool(&mut self, value: bool) {
        self.u8(u8::from(value));
    }

    pub(super) fn u32(&mut self, value: u32) {
        self.buf.extend_from_slice(&value.to_le_bytes());
    }

    pub(super) fn u64(&mut self, value: u64) {
        self.buf.extend_from_slice(&value.to_le_bytes());
    }

    pub(super) fn i64(&mut self, value: i64) {
        self.buf.extend_from_slice(&value.to_le_bytes());
    }

    /// A length that must fit the format's `u32`; `None` when it does not.
    pub(super) fn len(&mut self, len: usize) -> Option<()> {
        self.u32(u32::try_from(len).ok()?);
        Some(())
    }

    pub(super) fn bytes(&mut self, bytes: &[u8]) -> Option<()> {
        self.len(bytes.len())?;
        self.buf.extend_from_slice(bytes);
        Some(())
    }

    pub(super) fn str(&mut self, text: &str) -> Option<()> {
        self.bytes(text.as_bytes())
    }

    pub(super) fn opt_str(&mut self, text: Option<&str>) -> Option<()> {
        self.bool(text.is_some());
        text.map_or(Some(()), |text| self.str(text))
    }

    pub(super) fn path(&mut self, path: &Path) -> Option<()> {
        self.bytes(path.as_os_str().as_bytes())
    }
}

/// Reads values back, in the order they were written.
pub(super) struct Reader<'a> {
    buf: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub(super) fn new(buf: &'a [u8]) -> Reader<'a> {
        Reader { buf, at: 0 }
    }

    pub(super) fn at_end(&self) -> bool {
        self.at == self.buf.len()
    }

    fn take(&mut self, len: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(len)?;
        let bytes = self.buf.get(self.at..end)?;
        self.at = end;
        Some(bytes)
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }

    pub(super) fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    pub(super) fn bool(&mut self) -> Option<bool> {
        match self.u8()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    pub(super) fn u32(&mut self) -> Option<u32> {
        self.array().map(u32::from_le_bytes)
    }

    pub(super) fn u64(&mut self) -> Option<u64> {
        self.array().map(u64::from_le_bytes)
    }

    pub(super) fn i64(&mut self) -> Option<i64> {
        self.array().map(i64::from_le_bytes)
    }

    pub(super) fn len(&mut self) -> Option<usize> {
        usize::try_from(self.u32()?).ok()
    }

    pub(super) fn bytes(&mut self) -> Option<&'a [u8]> {
        let len = self.len()?;
        self.take(len)
    }

    pub(super) fn str(&mut self) -> Option<&'a str> {
        std::str::from_utf8(self.bytes()?).ok()
    }

    #[expect(
        clippy::option_option,
        reason = "the outer `None` is a damaged file, the inner one a value the file does not set"
    )]
    pub(super) fn opt_str(&mut self) -> Option<Option<&'a str>> {
        if self.bool()? {
            self.str().map(Some)
        } else {
            Some(None)
        }
    }

    pub(super) fn path(&mut self) -> Option<&'a Path> {
        Some(Path::new(std::ffi::OsStr::from_bytes(self.bytes()?)))
    }
}

/// A 64-bit checksum of `bytes`, eight at a time: it detects damage (a flipped byte, a file cut
/// short, two writers' bytes mixed), not tampering; the cache trusts only its owner's files.
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut hash = 0x243f_6a88_85a3_08d3_u64 ^ (bytes.len() as u64);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        hash = (hash.rotate_left(23) ^ word).wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    hash = (hash.rotate_left(23) ^ u64::from_le_bytes(tail)).wrapping_mul(K);
    hash ^ (hash >> 29)
}
