//! A hook's `loop_limit` (ProxyAI's `loopLimit`, on the events its dialect counts): how many times a hook has run in
//! one session, kept in a small state file under `$XDG_STATE_HOME/hookrun/` (or
//! `~/.local/state/hookrun/`), one file per session, written atomically.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::{Map, Value};

use crate::model::Hook;

/// The skip reason when `hook` already ran `loopLimit` times in this session.
pub(crate) fn reached(hook: &Hook, event: &str, payload: &Map<String, Value>) -> Option<String> {
    let (limit, path, key) = applies(hook, event, payload)?;
    let count = read(&path).get(&key).copied().unwrap_or(0);
    (count >= limit).then(|| {
        format!(
            "loopLimit: ran {count} of {limit} times in session {}",
            session(payload)
        )
    })
}

/// Counts one run of `hook` in this session.
pub(crate) fn count(hook: &Hook, event: &str, payload: &Map<String, Value>) {
    let Some((_, path, key)) = applies(hook, event, payload) else {
        return;
    };
    let mut counts = read(&path);
    *counts.entry(key).or_insert(0) += 1;
    if let Err(error) = write(&path, &counts) {
        crate::stderr::say!(
            "hookrun: warning: cannot record loopLimit state in {}: {error}",
            path.display()
        );
    }
}

fn applies(
    hook: &Hook,
    event: &str,
    payload: &Map<String, Value>,
) -> Option<(u64, PathBuf, String)> {
    let limit = hook.loop_limit?;
    if !hook.dialect.loop_limited(event) {
        return None;
    }
    let file = format!("loop-{}.json", sanitize(session(payload)));
    Some((
        limit,
        crate::config::sources::state_dir()?.join(file),
        format!("{event}:{}", hook.name),
    ))
}

fn session(payload: &Map<String, Value>) -> &str {
    payload
        .get("session_id")
        .and_then(Value::as_str)
        .unwrap_or("no-session")
}

fn sanitize(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(120)
        .collect()
}

fn read(path: &std::path::Path) -> BTreeMap<String, u64> {
    std::fs::read(path)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

fn write(path: &std::path::Path, counts: &BTreeMap<String, u64>) -> std::io::Result<()> {
    let dir = path.parent().expect("state files live in a directory");
    std::fs::create_dir_all(dir)?;
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    serde_json::to_writer(&mut file, counts)?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}
