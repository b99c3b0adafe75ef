//! Writing an agent's file atomically: the new text goes to a temporary file in the same
//! directory, takes the old file's permissions, reaches the disk, and is renamed over the old
//! one, so the agent never reads half a file and a failed write leaves the old one whole.
//!
//! A read-modify-write holds the file's [`Lock`] from the read to the rename: an exclusive
//! advisory lock (`flock`) on the file's directory, so concurrent writers (processes or threads)
//! queue instead of losing each other's updates. The directory, not the file, is locked: a lock
//! on the file would be left behind on the old inode by the rename.
//!
//! Debug builds only: `HOOKRUN_TEST_PAUSE_BEFORE_RENAME_MS` makes the writer sleep between the
//! fsync and the rename, so the tests can kill it in the middle of an edit.

use std::fs;
use std::io::Write as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

/// Writes so far by this process: with the pid, a temporary name no other writer (process or
/// thread) uses at the same time.
static WRITES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Replaces (or creates, with its parent directories) `path` with `text`. A symlink is followed:
/// the file it points to is replaced, the link stays.
pub(crate) fn atomic_write(path: &Path, text: &str) -> std::io::Result<()> {
    let resolved;
    let path = if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        resolved = fs::canonicalize(path)?;
        resolved.as_path()
    } else {
        path
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let mode = match fs::metadata(path) {
        Ok(meta) => meta.permissions().mode(),
        Err(_) => 0o644,
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let serial = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temp = dir.join(format!(
        ".{name}.hookrun-{}-{serial}.tmp",
        std::process::id()
    ));
    let written = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.set_permissions(fs::Permissions::from_mode(mode))?;
        file.sync_all()?;
        pause_before_rename();
        fs::rename(&temp, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// The lock on a file's directory; released on drop (closing the descriptor).
#[derive(Debug)]
pub(crate) struct Lock {
    _dir: fs::File,
}

/// Locks the directory `path` is in (created when missing), waiting for other writers.
pub(crate) fn lock(path: &Path) -> std::io::Result<Lock> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let file = fs::File::open(dir)?;
    rustix::fs::flock(&file, rustix::fs::FlockOperation::LockExclusive)?;
    Ok(Lock { _dir: file })
}

/// The tests' window between write and rename (debug builds only; see the module doc).
fn pause_before_rename() {
    #[cfg(debug_assertions)]
    if let Some(ms) = std::env::var("HOOKRUN_TEST_PAUSE_BEFORE_RENAME_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
    {
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rewrite_keeps_the_mode_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/settings.json");
        atomic_write(&path, "{}\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        atomic_write(&path, "{\"a\": 1}\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "{\"a\": 1}\n");
        assert_eq!(
            fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o600
        );
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1);
    }
}
