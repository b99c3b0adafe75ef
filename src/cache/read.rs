//! Reading the cache: the head and index, every probe checked against the disk ([`open`]); then,
//! once the payload is known, only the groups whose selector fires on the event, each checked
//! against its checksum, and of their hooks only those the caller does not rule out by their
//! first fields ([`Opened::hooks`]).

use std::fs::File;
use std::ops::Range;
use std::os::unix::fs::{FileExt as _, MetadataExt as _};
use std::path::{Path, PathBuf};

use super::codec::{Reader, checksum};
use super::{Candidate, FIRST_READ, HEAD, MAGIC, get_key, model, own_key};
use crate::config::diagnostics::Diagnostic;
use crate::model::{Dialect, EventSelector, Hook, Source};
use crate::sources::LoadOptions;

/// A cache that holds for the project at `now`, opened for `event`: its sources, the load's
/// warnings, and the groups of hooks the event reads, still unread. `regroup` is set when the
/// cache is left unread only because its directories have settled since it was written.
pub(super) fn open(
    file: &Path,
    options: &LoadOptions<'_>,
    places: &[PathBuf],
    event: &str,
    now: std::time::SystemTime,
    regroup: &mut bool,
) -> Option<(Vec<Source>, Vec<Diagnostic>, Opened)> {
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
    let diagnostics = super::warnings::get(&mut r)?;
    let mut groups = Vec::new();
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
        groups.push(Group {
            dialect,
            events,
            bytes: start..end,
            sum,
            count,
            fires,
        });
    }
    if body_at.checked_add(usize::try_from(r.u64()?).ok()?)? != size || !r.at_end() {
        return None;
    }
    Some((
        sources,
        diagnostics,
        Opened {
            handle,
            head,
            groups,
        },
    ))
}

/// An opened cache: its file, what of it was read, and the groups the event reads.
pub(super) struct Opened {
    handle: File,
    head: Vec<u8>,
    groups: Vec<Group>,
}

/// One group of hooks the event reads, as the index describes it.
struct Group {
    dialect: Dialect,
    events: EventSelector,
    /// Where its hooks lie in the file.
    bytes: Range<usize>,
    sum: u64,
    count: usize,
    /// Its events fire on the event (else only its disabled hooks are read).
    fires: bool,
}

impl Opened {
    /// The event's hooks in file order, but for the enabled ones `rules_out` rules out on their
    /// first fields (never read further), and how many those were; `None` when a group is damaged.
    pub(super) fn hooks(
        self,
        sources: &[Source],
        mut rules_out: impl FnMut(&Candidate<'_>) -> bool,
    ) -> Option<(Vec<Hook>, usize)> {
        let mut hooks = Vec::new();
        let mut screened = 0;
        for group in &self.groups {
            let fetched;
            let bytes = if let Some(bytes) = self.head.get(group.bytes.clone()) {
                bytes
            } else {
                let mut buf = vec![0; group.bytes.len()];
                self.handle
                    .read_exact_at(&mut buf, group.bytes.start as u64)
                    .ok()?;
                fetched = buf;
                &fetched[..]
            };
            if checksum(bytes) != group.sum {
                return None;
            }
            let mut g = Reader::new(bytes);
            for _ in 0..group.count {
                let at = g.len()?;
                let head = model::get_head(&mut g)?;
                let source = sources.get(head.source)?;
                if head.enabled && !group.fires {
                    continue;
                }
                if head.enabled
                    && rules_out(&Candidate {
                        dialect: group.dialect,
                        source,
                        matcher: &head.matcher,
                        condition: head.condition,
                        may_run_hookrun: head.may_run_hookrun,
                    })
                {
                    screened += 1;
                    continue;
                }
                hooks.push((at, model::get_hook(head, group.dialect, &group.events)?));
            }
            if !g.at_end() {
                return None;
            }
        }
        hooks.sort_by_key(|(at, _)| *at);
        Some((hooks.into_iter().map(|(_, hook)| hook).collect(), screened))
    }
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
            get_key(r)?.holds_at(path)
        }
        2 => {
            let path = r.path()?;
            let resolved = if r.bool()? { Some(r.path()?) } else { None };
            std::fs::canonicalize(path).ok().as_deref() == resolved
        }
        _ => return None,
    })
}
