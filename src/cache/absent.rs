//! The paths a load looked for and did not find, proved still absent with one `stat` of the
//! directory above them instead of one each.
//!
//! A project's discovery looks for about twenty files that usually are not there
//! (`.codex/hooks.json`, `/etc/cursor/hooks.json`, …); checking each again cost a fire ~20
//! system calls. A path is absent as long as the deepest directory above it that exists has not
//! changed: creating the missing entry in it (or renaming one in) changes that directory's
//! modification and change times. So the cache records the directory's key and, when the key
//! still holds, skips its paths; when it does not, it checks them one by one as before.
//!
//! A directory is used only where its times can be trusted to move:
//!
//! - both times at least [`SETTLED`] old when the cache is written, so that an entry created
//!   afterwards cannot get the same timestamp from a coarse clock (a filesystem that keeps whole
//!   or even seconds, a kernel tick);
//! - on a local filesystem (ext4, XFS, Btrfs, tmpfs, overlayfs, ZFS, F2FS, bcachefs): a network
//!   filesystem's server stamps the times with its own clock, which may lag this one;
//! - and only after the entry is seen still absent once the directory's key was taken, so a file
//!   created while the cache was being written is not covered by a key that already counts it.
//!
//! A cache is usually written just after a file changed, when its directory is not settled yet:
//! such a cache says so, and the first fire [`SETTLED`] later loads the files once more and
//! writes it again with the directories that have settled since.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::config::sources::FileKey;

/// How old a directory's times must be for a later change to be sure to move them.
pub(super) const SETTLED: Duration = Duration::from_secs(3);

/// The absent paths below one directory, and that directory's key when they were absent.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Group {
    pub(super) dir: PathBuf,
    pub(super) key: FileKey,
    pub(super) paths: Vec<PathBuf>,
}

/// Absent paths split by [`group`].
#[derive(Debug, Default)]
pub(super) struct Grouped<'p> {
    pub(super) groups: Vec<Group>,
    pub(super) alone: Vec<&'p Path>,
    /// Some path is alone only because its directory changed less than [`SETTLED`] ago: a
    /// cache written again later can group it.
    pub(super) unsettled: bool,
}

/// `absent` split into groups under the directories that prove them absent, and the paths
/// that must each be checked alone. `now` is when the cache is written.
pub(super) fn group<'p>(
    absent: impl IntoIterator<Item = &'p Path>,
    now: SystemTime,
) -> Grouped<'p> {
    let mut out = Grouped::default();
    for path in absent {
        match cover(path, now) {
            Ok((dir, key)) => match out.groups.iter_mut().find(|g| g.dir == dir && g.key == key) {
                Some(group) => group.paths.push(path.to_path_buf()),
                None => out.groups.push(Group {
                    dir,
                    key,
                    paths: vec![path.to_path_buf()],
                }),
            },
            Err(unsettled) => {
                out.unsettled |= unsettled;
                out.alone.push(path);
            }
        }
    }
    out
}

/// The deepest existing directory above `path` whose entry towards it is absent, with its key,
/// when that directory can vouch for it (module docs); else whether it could once settled.
fn cover(path: &Path, now: SystemTime) -> Result<(PathBuf, FileKey), bool> {
    use rustix::fs::FileType;
    let mut below = path;
    loop {
        let dir = below
            .parent()
            .filter(|dir| !dir.as_os_str().is_empty())
            .ok_or(false)?;
        match rustix::fs::stat(dir) {
            Ok(stat) if FileType::from_raw_mode(stat.st_mode) == FileType::Directory => {
                let key = FileKey::of(&stat);
                // Checked after the key: an entry made since is either seen here or moves the key.
                if !absent(below) || !local(dir) {
                    return Err(false);
                }
                if !settled(&key, now) {
                    return Err(true);
                }
                return Ok((dir.to_path_buf(), key));
            }
            // A dangling link or nothing: look one level up (the check above then sees the
            // link, which is not "absent").
            Err(rustix::io::Errno::NOENT) => below = dir,
            _ => return Err(false),
        }
    }
}

fn settled(key: &FileKey, now: SystemTime) -> bool {
    let Ok(now) = now.duration_since(SystemTime::UNIX_EPOCH) else {
        return false;
    };
    let limit = now.saturating_sub(SETTLED);
    [key.mtime, key.ctime].into_iter().all(|(secs, nanos)| {
        u64::try_from(secs).is_ok_and(|secs| {
            u32::try_from(nanos)
                .is_ok_and(|nanos| Duration::new(secs, nanos.min(999_999_999)) <= limit)
        })
    })
}

/// When a cache written at `now` with unsettled directories is to be written again, in seconds
/// since the epoch (after [`SETTLED`]); 0 means never, and for a clock before 1970.
pub(super) fn regroup_at(now: SystemTime) -> u64 {
    now.checked_add(SETTLED)
        .and_then(|at| at.duration_since(SystemTime::UNIX_EPOCH).ok())
        .map_or(0, |at| at.as_secs() + 1)
}

/// Whether `now` is past a [`regroup_at`] time (0: never).
pub(super) fn regroup_due(at: u64, now: SystemTime) -> bool {
    at != 0
        && now
            .duration_since(SystemTime::UNIX_EPOCH)
            .is_ok_and(|now| now.as_secs() >= at)
}

/// Whether `dir` is on a filesystem that stamps times with this machine's clock.
#[cfg(target_os = "linux")]
fn local(dir: &Path) -> bool {
    const LOCAL: [i64; 9] = [
        0xEF53,      // ext2, ext3, ext4
        0x5846_5342, // XFS
        0x9123_683E, // Btrfs
        0x0102_1994, // tmpfs
        0x794C_7630, // overlayfs
        0x2FC1_2FC1, // ZFS
        0xF2F5_2010, // F2FS
        0xCA45_1A4E, // bcachefs
        0x8584_58F6, // ramfs
    ];
    rustix::fs::statfs(dir).is_ok_and(|fs| {
        #[expect(
            clippy::unnecessary_cast,
            reason = "f_type's integer type differs between targets"
        )]
        let kind = fs.f_type as i64;
        LOCAL.contains(&kind)
    })
}

/// Elsewhere the filesystem type is not asked: every path is checked alone.
#[cfg(not(target_os = "linux"))]
fn local(_dir: &Path) -> bool {
    false
}

/// Whether `group`'s paths are all still absent: one `stat` when its directory is unchanged.
pub(super) fn still_absent(dir: &Path, key: &FileKey, paths: &[PathBuf]) -> bool {
    key.holds_at(dir) || paths.iter().all(|path| absent(path))
}

/// Nothing at `path`, not even a dangling link.
pub(super) fn absent(path: &Path) -> bool {
    use rustix::fs::{AtFlags, CWD};
    matches!(
        rustix::fs::statat(CWD, path, AtFlags::SYMLINK_NOFOLLOW),
        Err(rustix::io::Errno::NOENT)
    )
}
