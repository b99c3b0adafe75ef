//! The loaded-configuration cache of `fire`: what loading a project's files produced, kept under
//! `$XDG_CACHE_HOME/hookrun/` (else `~/.cache/hookrun/`), so that an event reads back only the
//! hooks registered for it instead of parsing and building every configured hook.
//!
//! It is never trusted over the files. An entry is used only when everything the load looked at
//! is as it was: every file read (device, inode, size, modification and change times, mode), every
//! path looked for and not found (still nothing there, not even a dangling link; most are proved
//! so by the unchanged directory above them, `absent.rs`), every path a
//! loader resolved, the list of places discovery looks (which the environment decides), the
//! project, and the hookrun executable itself. A load's warnings and notes are kept with it and
//! given back as the load gave them (`warnings.rs`): a project is not slower for a warning (an
//! event name a newer agent fires, say). A load that reported an error, met a file it could not
//! read, or holds a handler the cache does not store is not cached. A file that is damaged, cut
//! short, written by another user or writable by others is ignored, and the files are loaded as
//! if there were no cache. `fire --no-cache` loads the files.
//!
//! Layout: a head (magic, the checksum and length of the index), the index (the keys above, the
//! sources, the load's warnings, and the hooks' groups: one per dialect and event selector, with
//! where its hooks are and their checksum), then each group's hooks, contiguous. An event reads
//! the head and index before the payload, and the groups whose selector fires on it after: each
//! hook's source, matcher, `if` rule and a few flags come first, so that one the payload rules
//! out (`plan::rules_out`) is stepped over without reading the rest of it.

use std::path::{Path, PathBuf};

use crate::config::sources::{FileKey, recording};
use crate::matching::Matcher;
use crate::model::{Dialect, Source};
use crate::sources::{self, Config, LoadOptions};
use codec::{Reader, Writer, checksum};

mod absent;
mod codec;
mod model;
mod read;
mod warnings;
mod write;

const MAGIC: &[u8; 8] = b"hookrun\x03";
/// Magic, the index's checksum, the index's length.
const HEAD: usize = 8 + 8 + 4;
/// What the first read takes: the head and index of every project measured (the index of 10 000
/// hooks is 8 KiB), and the whole file of most. A bigger first read fills pages (a fault each)
/// with groups the event does not read.
const FIRST_READ: usize = 16 * 1024;

/// The configuration `fire` runs `event` with. From the files when the cache does not hold
/// (`None`); else the cached sources now, with no hook yet: once the payload is known,
/// [`Pending::read_hooks`] adds the event's hooks (each source's `text` is empty, and a project
/// file's `trust_hash` is set).
pub(crate) fn load_for_event<'a>(
    options: &LoadOptions<'a>,
    event: &'a str,
) -> (Config, Option<Pending<'a>>) {
    let dir = options.config_files.is_empty().then(cache_dir).flatten();
    load_in(options, event, dir)
}

/// [`load_for_event`] with the cache in `dir` (`None`: no cache).
fn load_in<'a>(
    options: &LoadOptions<'a>,
    event: &'a str,
    dir: Option<PathBuf>,
) -> (Config, Option<Pending<'a>>) {
    load_at(options, event, dir, std::time::SystemTime::now())
}

/// [`load_in`] as if the time were `now` (tests: a directory made a moment ago cannot vouch for
/// the paths absent in it until it is a few seconds old).
fn load_at<'a>(
    options: &LoadOptions<'a>,
    event: &'a str,
    dir: Option<PathBuf>,
    now: std::time::SystemTime,
) -> (Config, Option<Pending<'a>>) {
    let Some(dir) = dir else {
        return (sources::load(options), None);
    };
    let file = dir.join(file_name(options));
    let places = sources::discovery_paths(options);
    let mut regroup = false;
    if let Some((sources, diagnostics, opened)) =
        read::open(&file, options, &places, event, now, &mut regroup)
    {
        let config = Config {
            sources,
            hooks: Vec::new(),
            diagnostics,
        };
        let pending = Pending {
            options: *options,
            dir,
            file,
            places,
            now,
            opened,
        };
        return (config, Some(pending));
    }
    (
        load_and_write(options, &dir, &file, &places, now, !regroup),
        None,
    )
}

/// The files' configuration, written to the cache when it may be kept.
fn load_and_write(
    options: &LoadOptions<'_>,
    dir: &Path,
    file: &Path,
    places: &[PathBuf],
    now: std::time::SystemTime,
    may_regroup: bool,
) -> Config {
    let (config, probes) = recording(|| sources::load(options));
    if let Some(bytes) = write::encode(&config, &probes, options, places, now, may_regroup) {
        // A cache that cannot be written costs the next fire a load, nothing else.
        let _ = write::write(dir, file, &bytes);
    }
    config
}

/// A cache that holds, its hooks still unread: everything needed to read them, or, should a
/// group turn out damaged, to load the files and write the cache again.
pub(crate) struct Pending<'a> {
    options: LoadOptions<'a>,
    dir: PathBuf,
    file: PathBuf,
    places: Vec<PathBuf>,
    now: std::time::SystemTime,
    opened: read::Opened,
}

/// What the cache tells of an enabled hook registered for the fired event before it reads the
/// rest of it, for [`Pending::read_hooks`]'s caller to rule it out.
pub(crate) struct Candidate<'a> {
    pub(crate) dialect: Dialect,
    pub(crate) source: &'a Source,
    pub(crate) matcher: &'a Matcher,
    pub(crate) condition: Option<&'a str>,
    /// Its command may start hookrun itself (`CommandForm::hookrun_candidate`).
    pub(crate) may_run_hookrun: bool,
}

impl Pending<'_> {
    /// Adds the event's hooks to `config` (which [`load_for_event`] gave with this), but for
    /// those `rules_out` rules out, and says how many those were. `None`: a group was damaged,
    /// and `config` is now the files' (the cache is written again).
    pub(crate) fn read_hooks(
        self,
        config: &mut Config,
        rules_out: impl FnMut(&Candidate<'_>) -> bool,
    ) -> Option<usize> {
        if let Some((hooks, screened)) = self.opened.hooks(&config.sources, rules_out) {
            config.hooks = hooks;
            return Some(screened);
        }
        *config = load_and_write(
            &self.options,
            &self.dir,
            &self.file,
            &self.places,
            self.now,
            true,
        );
        None
    }
}

/// `$XDG_CACHE_HOME/hookrun`, else `~/.cache/hookrun` (absolute paths only).
pub(crate) fn cache_dir() -> Option<PathBuf> {
    let absolute = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|dir| dir.is_absolute())
    };
    absolute("XDG_CACHE_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".cache")))
        .map(|dir| dir.join("hookrun"))
}

/// One file per project, user-config setting and hookrun executable: two installs of hookrun
/// (a package's and a build's, say) used on one project each keep their own file instead of
/// rewriting each other's at every fire, and a rebuild or an upgrade in place reuses its file.
fn file_name(options: &LoadOptions<'_>) -> String {
    let mut key = Writer::default();
    let _ = key.path(options.project_dir);
    key.bool(options.user_config);
    if let Ok(exe) = std::env::current_exe() {
        let _ = key.path(&exe);
    }
    format!("fire-{:016x}.bin", checksum(&key.buf))
}

/// What identifies this hookrun: its version, and its executable as a file (a rebuild is
/// another program, whose model may differ).
fn own_key() -> Option<FileKey> {
    rustix::fs::stat("/proc/self/exe")
        .ok()
        .map(|stat| FileKey::of(&stat))
}

fn put_key(w: &mut Writer, key: &FileKey) {
    let FileKey {
        dev,
        ino,
        size,
        mtime,
        ctime,
        mode,
    } = *key;
    w.u64(dev);
    w.u64(ino);
    w.i64(size);
    w.i64(mtime.0);
    w.u64(mtime.1);
    w.i64(ctime.0);
    w.u64(ctime.1);
    w.u32(mode);
}

fn get_key(r: &mut Reader<'_>) -> Option<FileKey> {
    Some(FileKey {
        dev: r.u64()?,
        ino: r.u64()?,
        size: r.i64()?,
        mtime: (r.i64()?, r.u64()?),
        ctime: (r.i64()?, r.u64()?),
        mode: r.u32()?,
    })
}

#[cfg(test)]
#[path = "cache_tests.rs"]
mod tests;
