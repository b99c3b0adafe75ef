//! One file's read-modify-write, serialised and atomic: an exclusive advisory lock (`flock`) on
//! the file's directory is held from the read to the rename, so concurrent editors (processes or
//! threads) queue instead of losing each other's updates; the new text reaches a temporary file in
//! the same directory, is fsynced and renamed over the old one ([`atomic_write`]), so a reader or a
//! crash sees the old file or the new one, never half of one. The directory, not the file, is
//! locked: a lock on the file would be left behind on the old inode by the rename.

use std::path::Path;

use sha2::{Digest, Sha256};

use crate::install::write::atomic_write;
pub(crate) use crate::install::write::{Lock, lock};

/// A version token for a file's state: `sha256:<hex>` of its bytes, or `absent`. Two reads with the
/// same token saw the same bytes, so a writer holding a token can refuse to overwrite an edit made
/// since (an HTTP `ETag` / `If-Match`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Version(pub(crate) String);

impl Version {
    pub(crate) fn of(bytes: Option<&[u8]>) -> Version {
        let Some(bytes) = bytes else {
            return Version("absent".to_owned());
        };
        Version(format!("sha256:{}", hex(&Sha256::digest(bytes))))
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The file's text (`None` when it does not exist).
pub(crate) fn read(path: &Path) -> std::io::Result<Option<String>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Writes the file atomically; the caller holds its [`Lock`].
pub(crate) fn write(path: &Path, text: &str, _lock: &Lock) -> std::io::Result<()> {
    atomic_write(path, text)
}

/// Lower-case hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut out, byte| {
        let _ = write!(out, "{byte:02x}");
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_names_the_bytes() {
        assert_eq!(Version::of(None).0, "absent");
        assert_eq!(Version::of(Some(b"{}")), Version::of(Some(b"{}")));
        assert_ne!(Version::of(Some(b"{}")), Version::of(Some(b"{} ")));
        assert!(Version::of(Some(b"")).0.starts_with("sha256:"));
    }
}
