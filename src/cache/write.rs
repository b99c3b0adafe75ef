//! Writing the cache: the index of what the load looked at, the sources, and the hooks grouped
//! by dialect and event selector, written whole beside the old file and renamed over it.

use std::os::unix::fs::DirBuilderExt as _;
use std::path::{Path, PathBuf};

use super::codec::{Writer, checksum};
use super::{HEAD, MAGIC, model, own_key, put_key};
use crate::config::sources::Probe;
use crate::sources::{Config, LoadOptions};

/// The cache file's bytes for `config`, or `None` when it must not be cached. `now`: when it is
/// written (a directory changed just before cannot vouch for what is absent in it);
/// `may_regroup`: whether the cache may ask to be written again once its directories settled
/// (once per change: a directory that keeps changing keeps its paths checked one by one).
pub(super) fn encode(
    config: &Config,
    probes: &[Probe],
    options: &LoadOptions<'_>,
    places: &[PathBuf],
    now: std::time::SystemTime,
    may_regroup: bool,
) -> Option<Vec<u8>> {
    // An error stops the fire (and its report points into the file's text); a file that could
    // not be looked at (a dangling link, say) cannot be checked again.
    if config.has_errors() || probes.contains(&Probe::Unusable) {
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
    put_probes(&mut index, probes, now, may_regroup)?;
    index.len(config.sources.len())?;
    for (at, source) in config.sources.iter().enumerate() {
        // Trust is judged on all of a project file's hooks: their hash is kept, as the cache
        // gives an event only its own hooks. (Most of a miss's cost: SHA-256 over each hook's
        // canonical definition.)
        let hash = crate::trust::needs_trust(source.level)
            .then(|| crate::trust::Fingerprint::of(config, at).hash);
        model::put_source(&mut index, source, hash.as_deref())?;
    }
    super::warnings::put(&mut index, &config.diagnostics)?;
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
        // A disabled hook is planned (and skipped as disabled) before its events are asked.
        index.bool(members.iter().any(|&at| !config.hooks[at].enabled));
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

/// What the load looked at, for a reader to check again: the absent paths under a settled
/// directory through that directory (`absent.rs`), then each other probe.
fn put_probes(
    index: &mut Writer,
    probes: &[Probe],
    now: std::time::SystemTime,
    may_regroup: bool,
) -> Option<()> {
    let absent = probes.iter().filter_map(|probe| match probe {
        Probe::Absent(path) => Some(path.as_path()),
        _ => None,
    });
    let super::absent::Grouped {
        groups,
        alone,
        unsettled,
    } = super::absent::group(absent, now);
    // When to write it again, grouped (0: never).
    index.u64(if unsettled && may_regroup {
        super::absent::regroup_at(now)
    } else {
        0
    });
    let others = probes
        .iter()
        .filter(|probe| !matches!(probe, Probe::Absent(_)));
    index.len(others.clone().count() + alone.len() + groups.len())?;
    for path in alone {
        index.u8(0);
        index.path(path)?;
    }
    for group in &groups {
        index.u8(3);
        index.path(&group.dir)?;
        put_key(index, &group.key);
        index.len(group.paths.len())?;
        for path in &group.paths {
            index.path(path)?;
        }
    }
    for probe in others {
        match probe {
            Probe::File(path, key) => {
                index.u8(1);
                index.path(path)?;
                put_key(index, key);
            }
            Probe::Canonical(path, resolved) => {
                index.u8(2);
                index.path(path)?;
                index.bool(resolved.is_some());
                if let Some(resolved) = resolved {
                    index.path(resolved)?;
                }
            }
            Probe::Absent(_) | Probe::Unusable => return None,
        }
    }
    Some(())
}

/// Written whole to a temporary file beside it, then renamed over it: a reader sees the old
/// file or the new one, never a mix.
pub(super) fn write(dir: &Path, file: &Path, bytes: &[u8]) -> std::io::Result<()> {
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
