//! Where a JSON hook file keeps its hooks, and how one entry is read and written, by the
//! [`Editing`] description its dialect gives: one entry per hook
//! `{"hooks": {"<event>": [entry…]}}`, or entries inside matcher groups
//! `{"hooks": {"<event>": [{"matcher", "hooks": [entry…]}]}}` ([`super::fields`] reads and
//! writes the entry's own keys). Every function works on the order-keeping [`Json`] of
//! `install`, so keys the description does not name stay where they were.

use crate::install::json::Json;
use crate::model::editing::{Editing, Layout};

/// The place of one hook in a file: its event key, its group (matcher groups only) and its index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Place {
    pub(crate) event: String,
    pub(crate) group: Option<usize>,
    pub(crate) index: usize,
}

/// Every hook of `root`, in file order. Entries that are not objects are left out: the loader
/// reports them, and an edit never touches them.
pub(crate) fn places(layout: Layout, root: &Json) -> Result<Vec<Place>, String> {
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
            match layout {
                Layout::Entries | Layout::Tables if matches!(item, Json::Object(_)) => {
                    out.push(Place {
                        event: event.clone(),
                        group: None,
                        index: i,
                    });
                }
                Layout::Groups => {
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
pub(crate) fn matcher(layout: Layout, root: &Json, place: &Place) -> Option<String> {
    let holder = match (layout, place.group) {
        (Layout::Groups, Some(g)) => {
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
    editing: &Editing,
    root: &mut Json,
    event: &str,
    matcher: Option<&str>,
    mut entry: Json,
) -> Place {
    let items = event_list(root, event);
    match editing.layout {
        Layout::Groups => {
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
        Layout::Entries | Layout::Tables => {
            if editing.matcher {
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
