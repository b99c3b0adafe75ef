//! The loaded-configuration cache of `fire`: what loading a project's files produced, kept under
//! `$XDG_CACHE_HOME/hookrun/` (else `~/.cache/hookrun/`), so that an event reads back only the
//! hooks registered for it instead of parsing and building every configured hook.
//!
//! It is never trusted over the files. An entry is used only when everything the load looked at
//! is as it was: every file read (device, inode, size, modification and change times, mode), every
//! path looked for and not found (still nothing there, not even a dangling link), every path a
//! loader resolved, the list of places discovery looks (which the environment decides), the
//! project, and the hookrun executable itself. A load that reported anything (an error, a
//! warning), met a file it could not read, or holds a handler the cache does not store is not
//! cached. A file that is damaged, cut short, written by another user or writable by others is
//! ignored, and the files are loaded as if there were no cache. `fire --no-cache` loads the files.
//!
//! Layout: a head (magic, the checksum and length of the index), the index (the keys above, the
//! sources, and the hooks' groups: one per dialect and event selector, with where its hooks are
//! and their checksum), then each group's hooks, contiguous. An event reads the head and index
//! and the groups whose selector fires on it.

use std::fs::File;
use std::os::unix::fs::{DirBuilderExt as _, FileExt as _, MetadataExt as _};
use std::path::{Path, PathBuf};

use crate::config::sources::{FileKey, Probe, recording};
use crate::model::EventSelector;
use crate::sources::{self, Config, LoadOptions};
use codec::{Reader, Writer, checksum};

mod codec;
mod model;

const MAGIC: &[u8; 8] = b"hookrun\x01";
/// Magic, the index's checksum, the index's length.
const HEAD: usize = 8 + 8 + 4;
/// What the first read takes: the whole file for most projects.
const FIRST_READ: usize = 64 * 1024;

/// The configuration `fire` runs `event` with, and whether it holds only that event's hooks
/// (then each source's `text` is empty and its `trust_hash` set).
pub(crate) fn load_for_event(options: &LoadOptions<'_>, event: &str) -> (Config, bool) {
    let dir = options.config_files.is_empty().then(cache_dir).flatten();
    load_in(options, event, dir.as_deref())
}

/// [`load_for_event`] with the cache in `dir` (`None`: no cache).
pub(crate) fn load_in(
    options: &LoadOptions<'_>,
    event: &str,
    dir: Option<&Path>,
) -> (Config, bool) {
    let Some(dir) = dir else {
        return (sources::load(options), false);
    };
    let file = dir.join(file_name(options));
    let places = sources::discovery_paths(options);
    if let Some(config) = read(&file, options, &places, event) {
        return (config, true);
    }
    let (config, probes) = recording(|| sources::load(options));
    if let Some(bytes) = encode(&config, &probes, options, &places) {
        // A cache that cannot be written costs the next fire a load, nothing else.
        let _ = write(dir, &file, &bytes);
    }
    (config, false)
}

/// `$XDG_CACHE_HOME/hookrun`, else `~/.cache/hookrun` (absolute paths only).
fn cache_dir() -> Option<PathBuf> {
    let absolute = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|dir| dir.is_absolute())
    };
    absolute("XDG_CACHE_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".cache")))
        .map(|dir| dir.join("hookrun"))
}

/// One file per project and user-config setting.
fn file_name(options: &LoadOptions<'_>) -> String {
    let mut key = Writer::default();
    let _ = key.path(options.project_dir);
    key.bool(options.user_config);
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

/// The cache file's bytes for `config`, or `None` when it must not be cached.
fn encode(
    config: &Config,
    probes: &[Probe],
    options: &LoadOptions<'_>,
    places: &[PathBuf],
) -> Option<Vec<u8>> {
    if !config.diagnostics.is_empty() || probes.contains(&Probe::Unusable) {
        return None;
    }
    let mut index = Writer::default();
    index.str(env!("CARGO_PKG_VERSION"))?;
    put_key(&mut index, &own_key()?);
    index.path(options.project_dir)?;
    index.bool(options.user_config);
    index.len(places.len())?;
    for place in places {
        index.path(place)?;
    }
    index.len(probes.len())?;
    for probe in probes {
        match probe {
            Probe::Absent(path) => {
                index.u8(0);
                index.path(path)?;
            }
            Probe::File(path, key) => {
                index.u8(1);
                index.path(path)?;
                put_key(&mut index, key);
            }
            Probe::Canonical(path, resolved) => {
                index.u8(2);
                index.path(path)?;
                index.bool(resolved.is_some());
                if let Some(resolved) = resolved {
                    index.path(resolved)?;
                }
            }
            Probe::Unusable => return None,
        }
    }
    index.len(config.sources.len())?;
    for (at, source) in config.sources.iter().enumerate() {
        // Trust is judged on all of a project file's hooks: their hash is kept, as the cache
        // gives an event only its own hooks. (Most of a miss's cost: SHA-256 over each hook's
        // canonical definition.)
        let hash = crate::trust::needs_trust(source.level)
            .then(|| crate::trust::Fingerprint::of(config, at).hash);
        model::put_source(&mut index, source, hash.as_deref())?;
    }
    // Groups of hooks with the same dialect and events, in order of first appearance; each
    // hook keeps its place in the whole list, so that an event's hooks run in file order.
    let mut groups: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
    let mut by_key = std::collections::HashMap::new();
    for (at, hook) in config.hooks.iter().enumerate() {
        let mut key = Writer::default();
        key.str(hook.dialect.name())?;
        model::put_events(&mut key, &hook.events)?;
        let group = *by_key.entry(key.buf.clone()).or_insert_with(|| {
            groups.push((key.buf, Vec::new()));
            groups.len() - 1
        });
        groups[group].1.push(at);
    }
    let mut body = Writer::default();
    index.len(groups.len())?;
    for (key, members) in &groups {
        let start = body.buf.len();
        for &at in members {
            body.len(at)?;
            model::put_hook(&mut body, &config.hooks[at])?;
        }
        index.buf.extend_from_slice(key);
        index.u64(start as u64);
        index.u64((body.buf.len() - start) as u64);
        index.u64(checksum(&body.buf[start..]));
        index.len(members.len())?;
    }
    // A file cut short past the groups an event reads is still not read.
    index.u64(body.buf.len() as u64);
    let mut out = Vec::with_capacity(HEAD + index.buf.len() + body.buf.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&checksum(&index.buf).to_le_bytes());
    out.extend_from_slice(&u32::try_from(index.buf.len()).ok()?.to_le_bytes());
    out.extend_from_slice(&index.buf);
    out.extend_from_slice(&body.buf);
    Some(out)
}

/// Written whole to a temporary file beside it, then renamed over it: a reader sees the old
/// file or the new one, never a mix.
fn write(dir: &Path, file: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(bytes)?;
    temp.persist(file).map_err(|e| e.error)?;
    Ok(())
}

/// The cache's answer for `event`, when it has one that still holds.
fn read(file: &Path, options: &LoadOptions<'_>, places: &[PathBuf], event: &str) -> Option<Config> {
    let handle = File::open(file).ok()?;
    let meta = handle.metadata().ok()?;
    // Only the user's own file, which no one else may write.
    if meta.uid() != rustix::process::geteuid().as_raw() || meta.mode() & 0o022 != 0 {
        return None;
    }
    let size = usize::try_from(meta.len()).ok()?;
    let mut head = vec![0; size.min(FIRST_READ)];
    handle.read_exact_at(&mut head, 0).ok()?;
    if head.len() < HEAD || &head[..8] != MAGIC {
        return None;
    }
    let sum = u64::from_le_bytes(head[8..16].try_into().ok()?);
    let index_len = usize::try_from(u32::from_le_bytes(head[16..HEAD].try_into().ok()?)).ok()?;
    let body_at = HEAD.checked_add(index_len)?;
    if body_at > size {
        return None;
    }
    if body_at > head.len() {
        head.resize(body_at, 0);
        handle
            .read_exact_at(&mut head[FIRST_READ..], FIRST_READ as u64)
            .ok()?;
    }
    let index = &head[HEAD..body_at];
    if checksum(index) != sum {
        return None;
    }
    let mut r = Reader::new(index);
    if r.str()? != env!("CARGO_PKG_VERSION") || get_key(&mut r)? != own_key()? {
        return None;
    }
    if r.path()? != options.project_dir || r.bool()? != options.user_config {
        return None;
    }
    if r.len()? != places.len() {
        return None;
    }
    for place in places {
        if r.path()? != place {
            return None;
        }
    }
    for _ in 0..r.len()? {
        if !unchanged(&mut r)? {
            return None;
        }
    }
    let sources = (0..r.len()?)
        .map(|_| model::get_source(&mut r))
        .collect::<Option<Vec<_>>>()?;
    let mut hooks = Vec::new();
    for _ in 0..r.len()? {
        let dialect = crate::dialects::by_name(r.str()?)?;
        let events: EventSelector = model::get_events(&mut r)?;
        let (start, len, sum, count) = (r.u64()?, r.u64()?, r.u64()?, r.len()?);
        if !dialect.fires_on(&events, event) {
            continue;
        }
        let start = body_at.checked_add(usize::try_from(start).ok()?)?;
        let end = start.checked_add(usize::try_from(len).ok()?)?;
        let fetched;
        let bytes = if end <= head.len() {
            &head[start..end]
        } else {
            let mut buf = vec![0; end - start];
            handle.read_exact_at(&mut buf, start as u64).ok()?;
            fetched = buf;
            &fetched[..]
        };
        if checksum(bytes) != sum {
            return None;
        }
        let mut g = Reader::new(bytes);
        for _ in 0..count {
            let at = g.len()?;
            let hook = model::get_hook(&mut g, dialect, &events)?;
            if hook.source >= sources.len() {
                return None;
            }
            hooks.push((at, hook));
        }
        if !g.at_end() {
            return None;
        }
    }
    if body_at.checked_add(usize::try_from(r.u64()?).ok()?)? != size || !r.at_end() {
        return None;
    }
    hooks.sort_by_key(|(at, _)| *at);
    Some(Config {
        sources,
        hooks: hooks.into_iter().map(|(_, hook)| hook).collect(),
        diagnostics: Vec::new(),
    })
}

/// Whether one thing the load looked at is as it was then (`None`: the entry is damaged).
fn unchanged(r: &mut Reader<'_>) -> Option<bool> {
    use rustix::fs::{AtFlags, CWD};
    Some(match r.u8()? {
        // Nothing there, as when the load looked (a parent that became a file is not that: the
        // load would have reported it).
        0 => matches!(
            rustix::fs::statat(CWD, r.path()?, AtFlags::SYMLINK_NOFOLLOW),
            Err(rustix::io::Errno::NOENT)
        ),
        1 => {
            let path = r.path()?;
            let key = get_key(r)?;
            rustix::fs::stat(path).is_ok_and(|stat| FileKey::of(&stat) == key)
        }
        2 => {
            let path = r.path()?;
            let resolved = if r.bool()? { Some(r.path()?) } else { None };
            std::fs::canonicalize(path).ok().as_deref() == resolved
        }
        _ => return None,
    })
}

#[cfg(test)]
#[path = "cache_tests.rs"]
mod tests;
