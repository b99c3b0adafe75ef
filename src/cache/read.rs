//! Reading the cache: the head and index, every probe checked against the disk, then only the
//! groups whose selector fires on the event, each checked against its checksum.

use std::fs::File;
use std::os::unix::fs::{FileExt as _, MetadataExt as _};
use std::path::{Path, PathBuf};

use super::codec::{Reader, checksum};
use super::{FIRST_READ, HEAD, MAGIC, get_key, model, own_key};
use crate::config::sources::FileKey;
use crate::model::EventSelector;
use crate::sources::{Config, LoadOptions};

/// The cache's answer for `event` at `now`, when it has one that still holds. `regroup` is set
/// when the cache is left unread only because its directories have settled since it was written.
pub(super) fn read(
    file: &Path,
    options: &LoadOptions<'_>,
    places: &[PathBuf],
    event: &str,
    now: std::time::SystemTime,
    regroup: &mut bool,
) -> Option<Config> {
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
    if !holds(&mut r, options, places, now, regroup)? {
        return None;
    }
    let sources = (0..r.len()?)
        .map(|_| model::get_source(&mut r))
        .collect::<Option<Vec<_>>>()?;
    let mut hooks = Vec::new();
    for _ in 0..r.len()? {
        let dialect = crate::dialects::by_name(r.str()?)?;
        let events: EventSelector = model::get_events(&mut r)?;
        let (start, len, sum, count) = (r.u64()?, r.u64()?, r.u64()?, r.len()?);
        let has_disabled = r.bool()?;
        // The plan sees the event's hooks, and every disabled hook: it skips those as disabled
        // before it asks their events, as it does with the whole configuration.
        let fires = dialect.fires_on(&events, event);
        if !fires && !has_disabled {
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
            if fires || !hook.enabled {
                hooks.push((at, hook));
            }
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

/// Whether the index read by `r` is this project's and everything it looked at is as it was.
fn holds(
    r: &mut Reader<'_>,
    options: &LoadOptions<'_>,
    places: &[PathBuf],
    now: std::time::SystemTime,
    regroup: &mut bool,
) -> Option<bool> {
    if r.path()? != options.project_dir || r.bool()? != options.user_config {
        return Some(false);
    }
    if r.len()? != places.len() {
        return Some(false);
    }
    for place in places {
        if r.path()? != place {
            return Some(false);
        }
    }
    // Written while a directory had just changed: load and write it again once it settled.
    if super::absent::regroup_due(r.u64()?, now) {
        *regroup = true;
        return Some(false);
    }
    for _ in 0..r.len()? {
        if !unchanged(r)? {
            return Some(false);
        }
    }
    Some(true)
}

/// Whether one thing the load looked at is as it was then (`None`: the entry is damaged).
fn unchanged(r: &mut Reader<'_>) -> Option<bool> {
    Some(match r.u8()? {
        // Nothing there, as when the load looked (a parent that became a file is not that: the
        // load would have reported it).
        0 => super::absent::absent(r.path()?),
        3 => {
            let dir = r.path()?;
            let key = get_key(r)?;
            let paths = (0..r.len()?)
                .map(|_| r.path().map(Path::to_path_buf))
                .collect::<Option<Vec<_>>>()?;
            super::absent::still_absent(dir, &key, &paths)
        }
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
