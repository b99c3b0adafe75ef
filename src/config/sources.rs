//! Reading a configuration file from disk (the size limit, UTF-8), and where the user-level
//! `hookrun.toml` is. Which files are read, in which order, comes from the dialects' registry.

use std::cell::RefCell;
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

/// hookrun's state directory: `$XDG_STATE_HOME/hookrun`, else `~/.local/state/hookrun`; `None`
/// when neither variable is set.
pub(crate) fn state_dir() -> Option<PathBuf> {
    let base = env_dir("XDG_STATE_HOME").or_else(|| home_path(".local/state"))?;
    Some(base.join("hookrun"))
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
    drop_in(dir).0
}

/// [`drop_in_files`], and the directory's subdirectories (hidden ones skipped), both sorted by
/// name, from one listing.
pub(crate) fn drop_in(dir: &Path) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (Vec::new(), Vec::new());
    };
    let (mut files, mut dirs) = (Vec::new(), Vec::new());
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let Some(name) = path.file_name().and_then(|name| name.to_str()) else {
            continue;
        };
        if name.starts_with('.') {
            continue;
        }
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            dirs.push(path);
        } else if Path::new(name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        {
            files.push(path);
        }
    }
    files.sort();
    dirs.sort();
    (files, dirs)
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
            if let Ok(target) = std::fs::read_link(path) {
                note(Probe::Unusable);
                return Err(io::Error::new(io::ErrorKind::NotFound, Dangling(target)));
            }
            note(Probe::Absent(path.to_path_buf()));
            return Ok(None);
        }
        Err(errno) => {
            note(Probe::Unusable);
            return Err(errno.into());
        }
    };
    let stat = rustix::fs::fstat(&fd).inspect_err(|_| note(Probe::Unusable))?;
    // Taken before the read: a change made while the file is read moves its key past this one.
    note(Probe::File(path.to_path_buf(), FileKey::of(&stat)));
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
        return Err(io::Error::other(TooLarge));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text"))
}

/// What stands for the text of a program file that is not configuration text (a compiled hook):
/// `sha256:<hex> (<n> bytes, not text)`, read in blocks whatever its size.
pub(crate) fn program_digest(path: &Path) -> io::Result<String> {
    use sha2::{Digest as _, Sha256};
    use std::fmt::Write as _;
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0; 64 * 1024];
    let mut len: u64 = 0;
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        len += n as u64;
    }
    let mut text = String::from("sha256:");
    for byte in hasher.finalize() {
        let _ = write!(text, "{byte:02x}");
    }
    let _ = write!(text, " ({len} bytes, not text)");
    Ok(text)
}

/// Whether `error` of [`read_config`] says the file is not configuration text (not UTF-8, or
/// larger than [`MAX_CONFIG_BYTES`]) rather than that it could not be read.
pub(crate) fn not_text(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::InvalidData
        || error
            .get_ref()
            .is_some_and(<dyn std::error::Error + Send + Sync>::is::<TooLarge>)
}

/// A configuration file over [`MAX_CONFIG_BYTES`].
#[derive(Debug)]
pub(crate) struct TooLarge;

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the file is larger than 4 MiB")
    }
}

impl std::error::Error for TooLarge {}

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

/// What a file was when it was read: enough to tell that it has not changed since (its identity,
/// size, modification and status-change times, type and permissions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FileKey {
    pub(crate) dev: u64,
    pub(crate) ino: u64,
    pub(crate) size: i64,
    pub(crate) mtime: (i64, u64),
    pub(crate) ctime: (i64, u64),
    pub(crate) mode: u32,
}

impl FileKey {
    pub(crate) fn of(stat: &rustix::fs::Stat) -> FileKey {
        #[expect(
            clippy::unnecessary_cast,
            reason = "the stat fields' integer types differ between targets"
        )]
        FileKey {
            dev: stat.st_dev as u64,
            ino: stat.st_ino as u64,
            size: stat.st_size as i64,
            mtime: (stat.st_mtime as i64, stat.st_mtime_nsec as u64),
            ctime: (stat.st_ctime as i64, stat.st_ctime_nsec as u64),
            mode: stat.st_mode as u32,
        }
    }

    /// Whether what is at `path` still has this key.
    pub(crate) fn holds_at(&self, path: &std::path::Path) -> bool {
        rustix::fs::stat(path).is_ok_and(|stat| FileKey::of(&stat) == *self)
    }
}

/// One thing a load looked at on disk, as the configuration cache must see it again to reuse
/// what the load produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Probe {
    /// Nothing at this path: no file and no symbolic link.
    Absent(PathBuf),
    /// A file read, as it was before its bytes were read.
    File(PathBuf, FileKey),
    /// A path resolved with [`canonical`], and what it resolved to.
    Canonical(PathBuf, Option<PathBuf>),
    /// Anything else (an error, a dangling link): a load that met one is not reused.
    Unusable,
}

thread_local! {
    /// The probes of the load being recorded, if one is.
    static PROBES: RefCell<Option<Vec<Probe>>> = const { RefCell::new(None) };
}

fn note(probe: Probe) {
    PROBES.with_borrow_mut(|probes| {
        if let Some(probes) = probes {
            probes.push(probe);
        }
    });
}

/// Runs `load` and returns, with its result, every file it read or looked for (in order).
pub(crate) fn recording<T>(load: impl FnOnce() -> T) -> (T, Vec<Probe>) {
    let outer = PROBES.replace(Some(Vec::new()));
    let result = load();
    let probes = PROBES.replace(outer).unwrap_or_default();
    (result, probes)
}

/// `std::fs::canonicalize`, noted for the configuration cache: a loader that resolves a path
/// while loading makes its result depend on what the path resolves to.
pub(crate) fn canonical(path: &Path) -> io::Result<PathBuf> {
    let resolved = std::fs::canonicalize(path);
    note(Probe::Canonical(
        path.to_path_buf(),
        resolved.as_ref().ok().cloned(),
    ));
    resolved
}
