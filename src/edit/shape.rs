//! Where each writable JSON dialect keeps its hooks, and how one entry is read and written: PRX's
//! `{"hooks": {"<event>": [action…]}}` (exec form), Claude's and Gemini's matcher groups
//! `{"hooks": {"<event>": [{"matcher", "hooks": [handler…]}]}}`, and Cursor's and ProxyAI's flat
//! entries `{"hooks": {"<event>": [{"command", "matcher"?…}]}}`. Every function works on the
//! order-keeping [`Json`] of `install`, so keys the shape does not name stay where they were.

use std::time::Duration;

use crate::install::json::Json;
use crate::install::shell;
use crate::model::Dialect;

/// The layouts of the files `hookrun hooks` edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// hookrun.toml: `[[hook]]` tables, edited by `toml_hooks` (never by this module's JSON
    /// functions, which treat it as PRX's exec form if ever handed one).
    Toml,
    /// PRX: exec-form actions (`command`, `args`, `env`, `stdin_json`, `timeout_ms`).
    Prx,
    /// Claude Code, Gemini CLI: handlers inside matcher groups.
    Groups,
    /// Cursor, ProxyAI: one flat entry per hook with its own `matcher`.
    Flat,
}

impl Shape {
    /// The shape of `dialect`'s files, when `hookrun hooks` can edit them.
    pub(crate) fn of(dialect: Dialect) -> Option<Shape> {
        match dialect.name() {
            "prx" => Some(Shape::Prx),
            "claude" | "gemini" => Some(Shape::Groups),
            "cursor" | "proxyai" => Some(Shape::Flat),
            "hookrun" => Some(Shape::Toml),
            _ => None,
        }
    }
}

/// The place of one hook in a file: its event key, its group (matcher groups only) and its index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Place {
    pub(crate) event: String,
    pub(crate) group: Option<usize>,
    pub(crate) index: usize,
}

/// Every hook of `root`, in file order. Entries that are not objects are left out: the loader
/// reports them, and an edit never touches them.
pub(crate) fn places(shape: Shape, root: &Json) -> Result<Vec<Place>, String> {
    let Some(hooks) = member(root, "hooks") else {
        return Ok(Vec::new());
    };
    let Json::Object(events) = hooks else {
        return Err(format!("`hooks` is {}, not an object", hooks.kind()));
    };
    let mut out = Vec::new();
    for (event, list) in events {
        let Json::Array(items) = list else { continue };
        for (i, item) in items.iter().enumerate() {
            match shape {
                Shape::Prx | Shape::Flat | Shape::Toml if matches!(item, Json::Object(_)) => out
                    .push(Place {
                        event: event.clone(),
                        group: None,
                        index: i,
                    }),
                Shape::Groups => {
                    let Some(Json::Array(handlers)) = member(item, "hooks") else {
                        continue;
                    };
                    for (h, handler) in handlers.iter().enumerate() {
                        if matches!(handler, Json::Object(_)) {
                            out.push(Place {
                                event: event.clone(),
                                group: Some(i),
                                index: h,
                            });
                        }
                    }
                }
                _ => {}
            }
        }
    }
    Ok(out)
}

/// The entry (action, handler) at `place`.
pub(crate) fn entry<'j>(root: &'j Json, place: &Place) -> &'j Json {
    let list = &member(member(root, "hooks").expect("placed"), &place.event).expect("placed");
    let Json::Array(items) = list else {
        unreachable!("placed")
    };
    match place.group {
        None => &items[place.index],
        Some(g) => {
            let Some(Json::Array(handlers)) = member(&items[g], "hooks") else {
                unreachable!("placed")
            };
            &handlers[place.index]
        }
    }
}

/// The entry at `place`, mutable.
pub(crate) fn entry_mut<'j>(root: &'j mut Json, place: &Place) -> &'j mut Json {
    let items = event_list(root, &place.event);
    match place.group {
        None => &mut items[place.index],
        Some(g) => {
            let Some(Json::Array(handlers)) = items[g].get_mut("hooks") else {
                unreachable!("placed")
            };
            &mut handlers[place.index]
        }
    }
}

/// The matcher the hook at `place` runs under: its group's, or its own.
pub(crate) fn matcher(shape: Shape, root: &Json, place: &Place) -> Option<String> {
    let holder = match (shape, place.group) {
        (Shape::Groups, Some(g)) => {
            let Json::Array(items) = member(member(root, "hooks")?, &place.event)? else {
                return None;
            };
            &items[g]
        }
        _ => entry(root, place),
    };
    match member(holder, "matcher") {
        Some(Json::String(m)) => Some(m.clone()),
        _ => None,
    }
}

/// Takes the hook at `place` out of the file, dropping a group, then an event key, left empty.
pub(crate) fn remove(root: &mut Json, place: &Place) -> Json {
    let items = event_list(root, &place.event);
    let removed = match place.group {
        None => items.remove(place.index),
        Some(g) => {
            let Some(Json::Array(handlers)) = items[g].get_mut("hooks") else {
                unreachable!("placed")
            };
            let removed = handlers.remove(place.index);
            if handlers.is_empty() {
                items.remove(g);
            }
            removed
        }
    };
    if items.is_empty()
        && let Some(Json::Object(events)) = root.get_mut("hooks")
    {
        events.retain(|(key, _)| *key != place.event);
    }
    removed
}

/// Appends `entry` under `event` (in a new group holding `matcher`, for matcher groups), creating
/// `hooks` and the event's list when missing. Returns its place.
pub(crate) fn insert(
    shape: Shape,
    root: &mut Json,
    event: &str,
    matcher: Option<&str>,
    mut entry: Json,
) -> Place {
    let items = event_list(root, event);
    match shape {
        Shape::Groups => {
            let mut group = Vec::new();
            if let Some(m) = matcher {
                group.push(("matcher".to_owned(), Json::str(m)));
            }
            group.push(("hooks".to_owned(), Json::Array(vec![entry])));
            items.push(Json::Object(group));
            Place {
                event: event.to_owned(),
                group: Some(items.len() - 1),
                index: 0,
            }
        }
        Shape::Prx | Shape::Flat | Shape::Toml => {
            if shape == Shape::Flat {
                set(&mut entry, "matcher", matcher.map(Json::str));
            }
            items.push(entry);
            Place {
                event: event.to_owned(),
                group: None,
                index: items.len() - 1,
            }
        }
    }
}

/// The list of `event`, created (with `hooks`) when missing. The caller has checked with
/// [`places`] that `hooks` is an object; an event key holding something other than a list is
/// replaced only when it is absent, never overwritten.
fn event_list<'j>(root: &'j mut Json, event: &str) -> &'j mut Vec<Json> {
    if root.get_mut("hooks").is_none() {
        set(root, "hooks", Some(Json::Object(Vec::new())));
    }
    let Some(Json::Object(events)) = root.get_mut("hooks") else {
        unreachable!("checked by places")
    };
    if !events.iter().any(|(key, _)| key == event) {
        events.push((event.to_owned(), Json::Array(Vec::new())));
    }
    let (_, list) = events
        .iter_mut()
        .find(|(key, _)| key == event)
        .expect("added above");
    match list {
        Json::Array(items) => items,
        _ => unreachable!("checked by check_event_list"),
    }
}

/// Whether `event`'s key, when present, holds a list an entry can go in.
pub(crate) fn check_event_list(root: &Json, event: &str) -> Result<(), String> {
    match member(root, "hooks").and_then(|hooks| member(hooks, event)) {
        None | Some(Json::Array(_)) => Ok(()),
        Some(other) => Err(format!("`hooks.{event}` is {}, not an array", other.kind())),
    }
}

/// The value of `key` in an object.
pub(crate) fn member<'j>(value: &'j Json, key: &str) -> Option<&'j Json> {
    match value {
        Json::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

/// Sets `key` of an object to `value` in place (appended when new), or removes it for `None`.
pub(crate) fn set(object: &mut Json, key: &str, value: Option<Json>) {
    let Json::Object(entries) = object else {
        return;
    };
    match (entries.iter_mut().find(|(k, _)| k == key), value) {
        (Some((_, slot)), Some(value)) => *slot = value,
        (None, Some(value)) => entries.push((key.to_owned(), value)),
        (_, None) => entries.retain(|(k, _)| k != key),
    }
}

/// A new entry running `words` (the program, then its arguments).
pub(crate) fn new_entry(shape: Shape) -> Json {
    match shape {
        Shape::Groups => Json::object([("type", Json::str("command"))]),
        Shape::Prx | Shape::Flat | Shape::Toml => Json::Object(Vec::new()),
    }
}

/// Writes the command: exec form for PRX (`command` the program, `args` the rest, dropped when
/// there are none and the entry had none), one shell line of quoted words elsewhere.
pub(crate) fn set_command(shape: Shape, entry: &mut Json, words: &[String]) {
    match shape {
        Shape::Prx | Shape::Toml => {
            set(entry, "command", Some(Json::str(&words[0])));
            let args: Vec<Json> = words[1..].iter().map(|w| Json::str(w)).collect();
            let keep = !args.is_empty() || member(entry, "args").is_some();
            set(entry, "args", keep.then_some(Json::Array(args)));
        }
        Shape::Groups | Shape::Flat => {
            let line: Vec<String> = words.iter().map(|w| shell::quote(w)).collect();
            set(entry, "command", Some(Json::String(line.join(" "))));
        }
    }
}

/// The command as words: PRX's program and `args`; elsewhere the shell line as one word.
pub(crate) fn command_words(shape: Shape, entry: &Json) -> (String, Vec<String>) {
    let command = match member(entry, "command") {
        Some(Json::String(c)) => c.clone(),
        _ => String::new(),
    };
    let args = match (shape, member(entry, "args")) {
        (Shape::Prx | Shape::Toml, Some(Json::Array(args))) => args
            .iter()
            .filter_map(|a| match a {
                Json::String(s) => Some(s.clone()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    (command, args)
}

/// Writes `timeout` under the dialect's key and in its unit; a timeout the unit cannot hold
/// exactly is refused.
pub(crate) fn set_timeout(
    dialect: Dialect,
    entry: &mut Json,
    timeout: Duration,
) -> Result<(), String> {
    let rule = dialect.timeout_rule();
    let number = if rule.unit == "milliseconds" {
        u64::try_from(timeout.as_millis())
            .ok()
            .filter(|_| timeout.subsec_nanos().is_multiple_of(1_000_000))
    } else {
        Some(timeout.as_secs()).filter(|_| timeout.subsec_nanos() == 0)
    };
    let Some(number) = number else {
        return Err(format!(
            "{} timeouts are whole {}: {timeout:?} is not",
            dialect.name(),
            rule.unit
        ));
    };
    set(entry, rule.key, Some(Json::Number(number.into())));
    Ok(())
}

/// The entry's own timeout in milliseconds, when it sets one.
pub(crate) fn timeout_ms(dialect: Dialect, entry: &Json) -> Option<u64> {
    let rule = dialect.timeout_rule();
    let Some(Json::Number(n)) = member(entry, rule.key) else {
        return None;
    };
    let n = n.as_u64()?;
    Some(if rule.unit == "milliseconds" {
        n
    } else {
        n.saturating_mul(1000)
    })
}
