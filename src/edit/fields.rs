//! The keys of one hook entry (and the file's switches) as a dialect's [`Editing`] names them:
//! the keys a new entry or file starts with, the command (a program and its arguments, or one
//! shell line), the timeout in the dialect's unit, and the switches that turn hooks off.

use std::time::Duration;

use super::shape::{member, set};
use crate::install::json::Json;
use crate::install::shell;
use crate::model::editing::{CommandKeys, Editing, Fixed, Switch, TimeUnit};

/// A new entry: the keys the dialect starts every entry with.
pub(crate) fn new_entry(editing: &Editing) -> Json {
    Json::Object(
        editing
            .entry_keys
            .iter()
            .map(|(key, value)| ((*key).to_owned(), fixed(*value)))
            .collect(),
    )
}

/// `value` as JSON.
pub(crate) fn fixed(value: Fixed) -> Json {
    match value {
        Fixed::Str(text) => Json::str(text),
        Fixed::Number(n) => Json::Number(n.into()),
    }
}

/// The key `(program, args)` pair the entry's command is written under as a program and its
/// arguments, when it is.
fn exec_keys(editing: &Editing, entry: &Json) -> Option<(&'static str, &'static str)> {
    match editing.command {
        CommandKeys::Exec { program, args } => Some((program, args)),
        CommandKeys::Shell { exec, .. } => {
            exec.filter(|(program, _)| member(entry, program).is_some())
        }
    }
}

/// The key the entry's shell line is under (the first of the dialect's it has, else the first).
fn shell_key(keys: &'static [&'static str], entry: &Json) -> &'static str {
    keys.iter()
        .copied()
        .find(|key| member(entry, key).is_some())
        .unwrap_or(keys[0])
}

/// Writes the command `words` (the program, then its arguments): as a program and `args`
/// (dropped when there are none and the entry had none), or as one shell line of quoted words.
/// Refused for an entry that also holds the command for another platform.
pub(crate) fn set_command(
    editing: &Editing,
    entry: &mut Json,
    words: &[String],
) -> Result<(), String> {
    if let CommandKeys::Shell { elsewhere, .. } = editing.command
        && let Some(other) = elsewhere.iter().find(|key| member(entry, key).is_some())
    {
        return Err(format!(
            "the hook also has a `{other}` command, which this edit would leave running the old \
             one: edit both in the file"
        ));
    }
    match (exec_keys(editing, entry), editing.command) {
        (Some((program, args_key)), _) => {
            set(entry, program, Some(Json::str(&words[0])));
            let args: Vec<Json> = words[1..].iter().map(|w| Json::str(w)).collect();
            let keep = !args.is_empty() || member(entry, args_key).is_some();
            set(entry, args_key, keep.then_some(Json::Array(args)));
        }
        (None, CommandKeys::Shell { keys, .. }) => {
            let line: Vec<String> = words.iter().map(|w| shell::quote(w)).collect();
            let key = shell_key(keys, entry);
            set(entry, key, Some(Json::String(line.join(" "))));
        }
        (None, CommandKeys::Exec { .. }) => unreachable!("an exec form has its keys"),
    }
    Ok(())
}

/// The command as words: the program and its arguments, or the shell line as one word.
pub(crate) fn command_words(editing: &Editing, entry: &Json) -> (String, Vec<String>) {
    let text = |key: &str| match member(entry, key) {
        Some(Json::String(c)) => c.clone(),
        _ => String::new(),
    };
    match (exec_keys(editing, entry), editing.command) {
        (Some((program, args_key)), _) => {
            let args = match member(entry, args_key) {
                Some(Json::Array(args)) => args
                    .iter()
                    .filter_map(|a| match a {
                        Json::String(s) => Some(s.clone()),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            (text(program), args)
        }
        (None, CommandKeys::Shell { keys, .. }) => (text(shell_key(keys, entry)), Vec::new()),
        (None, CommandKeys::Exec { .. }) => unreachable!("an exec form has its keys"),
    }
}

/// Writes `timeout` under the dialect's key and in its unit (dropping the key's aliases); a
/// timeout the unit cannot hold exactly is refused.
pub(crate) fn set_timeout(
    editing: &Editing,
    dialect: &str,
    entry: &mut Json,
    timeout: Duration,
) -> Result<(), String> {
    let field = editing.timeout;
    let number = match field.unit {
        TimeUnit::Milliseconds => u64::try_from(timeout.as_millis())
            .ok()
            .filter(|_| timeout.subsec_nanos().is_multiple_of(1_000_000)),
        TimeUnit::SecondsBelow(limit) if timeout.as_secs() >= u64::from(limit) => {
            u64::try_from(timeout.as_millis())
                .ok()
                .filter(|_| timeout.subsec_nanos().is_multiple_of(1_000_000))
        }
        TimeUnit::Seconds | TimeUnit::SecondsBelow(_) => {
            Some(timeout.as_secs()).filter(|_| timeout.subsec_nanos() == 0)
        }
    };
    let Some(number) = number else {
        return Err(format!(
            "{dialect} timeouts are whole {}: {timeout:?} is not",
            field.unit.word()
        ));
    };
    set(entry, field.key, Some(Json::Number(number.into())));
    for alias in field.aliases {
        set(entry, alias, None);
    }
    Ok(())
}

/// The entry's own timeout in milliseconds, when it sets one (under its key, else an alias).
pub(crate) fn timeout_ms(editing: &Editing, entry: &Json) -> Option<u64> {
    let field = editing.timeout;
    let Some(Json::Number(n)) = std::iter::once(field.key)
        .chain(field.aliases.iter().copied())
        .find_map(|key| member(entry, key))
    else {
        return None;
    };
    let n = n.as_u64()?;
    Some(match field.unit {
        TimeUnit::SecondsBelow(limit) if n >= u64::from(limit) => n,
        TimeUnit::Milliseconds => n,
        TimeUnit::Seconds | TimeUnit::SecondsBelow(_) => n.saturating_mul(1000),
    })
}

/// Whether `switch` (a path from `object`) holds its "off" value.
pub(crate) fn is_off(object: &Json, switch: Switch) -> bool {
    let mut at = object;
    for key in switch.path {
        match member(at, key) {
            Some(next) => at = next,
            None => return false,
        }
    }
    *at == Json::Bool(switch.off)
}

/// Sets `switch` in `object`: its "off" value, creating the objects on its path, or removed when
/// `enabled`. A value on the path that is not an object is refused.
pub(crate) fn set_switch(object: &mut Json, switch: Switch, enabled: bool) -> Result<(), String> {
    let (last, parents) = switch.path.split_last().expect("a switch has a key");
    let mut at = object;
    for key in parents {
        if member(at, key).is_none() {
            if enabled {
                return Ok(());
            }
            set(at, key, Some(Json::Object(Vec::new())));
        }
        at = at.get_mut(key).expect("set above");
        if !matches!(at, Json::Object(_)) {
            return Err(format!("`{key}` is not an object"));
        }
    }
    set(at, last, (!enabled).then_some(Json::Bool(switch.off)));
    Ok(())
}

/// Adds the dialect's file keys to a new file (first, in order); refuses a file that holds one
/// with another value.
pub(crate) fn check_file_keys(editing: &Editing, root: &mut Json, new: bool) -> Result<(), String> {
    for (key, value) in editing.file_keys.iter().rev() {
        let wanted = fixed(*value);
        match member(root, key) {
            Some(found) if *found != wanted => {
                return Err(format!(
                    "`{key}` is {}, not {}: the agent ignores this file",
                    found.render("").trim_end(),
                    wanted.render("").trim_end()
                ));
            }
            None if new => {
                if let Json::Object(entries) = root {
                    entries.insert(0, ((*key).to_owned(), wanted));
                }
            }
            // Kept as it is; an old file without the key is read by its agent too.
            Some(_) | None => {}
        }
    }
    Ok(())
}
