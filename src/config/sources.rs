//! Reading a configuration file from disk (the size limit, UTF-8), and where the user-level
//! `hookrun.toml` is. Which files are read, in which order, comes from the dialects' registry.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Configuration files larger than this are refused (SPEC §11).
pub(crate) const MAX_CONFIG_BYTES: u64 = 4 * 1024 * 1024;

/// The user-level `hookrun.toml`: `$XDG_CONFIG_HOME/hookrun/hookrun.toml`, else `~/.config/…`.
pub(crate) fn user_config_path() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME").filter(|v| !v.is_empty())?).join(".config"),
    };
    Some(base.join("hookrun").join("hookrun.toml"))
}

/// Reads a configuration file; `Ok(None)` when it does not exist.
pub(crate) fn read_config(path: &Path) -> io::Result<Option<String>> {
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    // Sized from the file's length, plus the byte read_to_end probes for the end with: one
    // allocation, where growing from empty costs several (and a few probing reads) per file.
    let len = file
        .metadata()
        .map_or(0, |meta| meta.len())
        .min(MAX_CONFIG_BYTES);
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0) + 1);
    file.take(MAX_CONFIG_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_CONFIG_BYTES {
        return Err(io::Error::other("the file is larger than 4 MiB"));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text"))
}
