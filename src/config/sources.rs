//! Reading a configuration file from disk (the size limit, UTF-8), and where the user-level
//! `hookrun.toml` is. Which files are read, in which order, comes from the dialects' registry.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Configuration files larger than this are refused (docs/limits.md).
pub(crate) const MAX_CONFIG_BYTES: u64 = 4 * 1024 * 1024;

/// The user-level `hookrun.toml`: `$XDG_CONFIG_HOME/hookrun/hookrun.toml`, else `~/.config/…`.
pub(crate) fn user_config_path() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME").filter(|v| !v.is_empty())?).join(".config"),
    };
    Some(base.join("hookrun").join("hookrun.toml"))
}

/// A directory named by the environment variable `name`, when set and not empty.
pub(crate) fn env_dir(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|value| !value.is_empty())
        .map(PathBuf::from)
}

/// `rel` under the user's home directory (`$HOME`); `None` when `HOME` is unset.
pub(crate) fn home_path(rel: &str) -> Option<PathBuf> {
    env_dir("HOME").map(|home| home.join(rel))
}

/// A system-wide path (`/etc/…`, or macOS's `/Library/Application Support/…`), under
/// `$HOOKRUN_SYSTEM_ROOT` when that is set: managed policy files are found there in tests and in
/// containers that keep the system's configuration elsewhere.
pub(crate) fn system_path(linux: &str, macos: &str) -> PathBuf {
    let path = if cfg!(target_os = "macos") {
        macos
    } else {
        linux
    };
    match env_dir("HOOKRUN_SYSTEM_ROOT") {
        Some(root) => root.join(path.trim_start_matches('/')),
        None => PathBuf::from(path),
    }
}

/// The `*.json` files of a drop-in directory (`managed-settings.d/`), sorted by name, hidden
/// files skipped; none when it does not exist.
pub(crate) fn drop_in_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| {
                    !name.starts_with('.')
                        && Path::new(name)
                            .extension()
                            .is_some_and(|e| e.eq_ignore_ascii_case("json"))
                })
        })
        .collect();
    files.sort();
    files
}

/// Reads a configuration file; `Ok(None)` when it does not exist.
///
/// Only a regular file (or a symlink to one) is read. The file is opened with `O_NONBLOCK`, so
/// that a FIFO does not wait for a writer, and its type is checked on the opened descriptor
/// (`fstat`, no race with a separate `stat`): a FIFO, a device or a socket is an error of kind
/// `InvalidInput` ([`NotRegular`]), a dangling symlink one of kind `NotFound` ([`Dangling`]).
pub(crate) fn read_config(path: &Path) -> io::Result<Option<String>> {
    use rustix::fs::{FileType, Mode, OFlags};
    let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::NOCTTY;
    let fd = match rustix::fs::open(path, flags, Mode::empty()) {
        Ok(fd) => fd,
        Err(rustix::io::Errno::NOENT) => {
            return match std::fs::read_link(path) {
                Ok(target) => Err(io::Error::new(io::ErrorKind::NotFound, Dangling(target))),
                Err(_) => Ok(None),
            };
        }
        Err(errno) => return Err(errno.into()),
    };
    let stat = rustix::fs::fstat(&fd)?;
    let kind = FileType::from_raw_mode(stat.st_mode);
    if kind != FileType::RegularFile {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            NotRegular(kind),
        ));
    }
    // Sized from the file's length, plus the byte read_to_end probes for the end with: one
    // allocation, where growing from empty costs several (and a few probing reads) per file.
    let len = u64::try_from(stat.st_size)
        .unwrap_or(0)
        .min(MAX_CONFIG_BYTES);
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0) + 1);
    std::fs::File::from(fd)
        .take(MAX_CONFIG_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_CONFIG_BYTES {
        return Err(io::Error::other("the file is larger than 4 MiB"));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text"))
}

/// A configuration path that is a symlink to nothing.
#[derive(Debug)]
pub(crate) struct Dangling(pub(crate) PathBuf);

impl std::fmt::Display for Dangling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a dangling symbolic link: its target `{}` does not exist",
            self.0.display()
        )
    }
}

impl std::error::Error for Dangling {}

/// A configuration path that is not a regular file.
#[derive(Debug)]
pub(crate) struct NotRegular(rustix::fs::FileType);

impl std::fmt::Display for NotRegular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use rustix::fs::FileType;
        let kind = match self.0 {
            FileType::Fifo => "a FIFO (named pipe)",
            FileType::CharacterDevice => "a character device",
            FileType::BlockDevice => "a block device",
            FileType::Socket => "a socket",
            FileType::Directory => "a directory",
            _ => "of an unknown type",
        };
        write!(f, "not a regular file: {kind}")
    }
}

impl std::error::Error for NotRegular {}
