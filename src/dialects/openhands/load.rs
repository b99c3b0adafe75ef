//! Loading `.openhands/hooks.json` as `HookConfig.model_validate` does (`config.py`): a root
//! `hooks` object is unwrapped (its siblings ignored, `_normalize_hooks_input`), every event key
//! goes through `_pascal_to_snake` and must name one of the six fields (an unknown key, or one
//! event given twice, fails the whole file: `extra: forbid` and the validator's `ValueError`),
//! each event holds `HookMatcher`s (`matcher` default `*`, `hooks`) of `HookDefinition`s
//! ([`super::definition`]). Where the SDK raises, hookrun reports an error; keys pydantic ignores
//! are warned about.

use crate::config::diagnostics::Severity;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, child_index};
use crate::config::tree::Node;
use crate::dialects::json_file;
use crate::matching::Matcher;
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};

use super::definition::read_handler;
use super::{EVENTS, FLAVOUR};

/// `HOOK_EVENT_FIELDS` (`config.py`), in the order of [`EVENTS`].
const FIELDS: &[&str] = &[
    "pre_tool_use",
    "post_tool_use",
    "user_prompt_submit",
    "session_start",
    "session_end",
    "stop",
];

/// `HookMatcher`'s fields.
const GROUP_KEYS: &[&str] = &["matcher", "hooks"];

/// `_pascal_to_snake`: `_` before every ASCII capital but a leading one, then lower case.
pub(super) fn pascal_to_snake(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (at, c) in name.chars().enumerate() {
        if at > 0 && c.is_ascii_uppercase() {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// The `HookEventType` name of an event key or a fired event name in any spelling the SDK
/// accepts (`PreToolUse`, `preToolUse`, `pre_tool_use`), or `None`.
pub(super) fn canonical(name: &str) -> Option<&'static str> {
    let snake = pascal_to_snake(name);
    FIELDS
        .iter()
        .position(|field| *field == snake)
        .map(|at| EVENTS[at])
}

/// Whether the file's text is the wrapped form, `{"hooks": {…}}` (an unreadable text is not).
pub(super) fn is_wrapped(text: &str) -> bool {
    matches!(Node::from_json(text), Ok(Node::Object(root)) if root.contains_key("hooks"))
}

pub(super) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the hooks file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    let mut hooks = Vec::new();
    let (events, path) = match root.get("hooks") {
        Some(events) => {
            for key in root.keys().filter(|key| *key != "hooks") {
                reader
                    .report(
                        Severity::Warning,
                        &child(&[], key),
                        true,
                        format!("OpenHands ignores `{key}` beside `hooks`"),
                    )
                    .help = Some("the SDK reads only `hooks` when the file has it".into());
            }
            let path = vec![Step::Key("hooks".into())];
            match reader.object(events, &path, "hooks") {
                Some(events) => (events.clone(), path),
                None => return finish(reader, hooks),
            }
        }
        None => (root.clone(), Vec::new()),
    };
    let mut seen: Vec<&str> = Vec::new();
    for (key, groups) in events.iter() {
        let key_path = child(&path, key);
        let Some(event) = event_of(&mut reader, key, &key_path) else {
            continue;
        };
        if seen.contains(&event) {
            reader
                .report(
                    Severity::Error,
                    &key_path,
                    true,
                    format!("`{key}` names {event} again: OpenHands refuses the file"),
                )
                .help = Some("keep one spelling of each event".into());
            continue;
        }
        seen.push(event);
        read_event(ctx, &mut reader, event, groups, &key_path, &mut hooks);
    }
    finish(reader, hooks)
}

fn finish(reader: Reader<'_>, hooks: Vec<Hook>) -> DialectLoad {
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: crate::model::hook::Switches::default(),
    }
}

/// The event a key names, or `None` after the error the SDK raises for it.
fn event_of(reader: &mut Reader<'_>, key: &str, path: &[Step]) -> Option<&'static str> {
    let event = canonical(key);
    if event.is_none() {
        let help = crate::config::diagnostics::did_you_mean(key, EVENTS).map_or_else(
            || format!("OpenHands events: {}", EVENTS.join(", ")),
            |e| format!("did you mean `{e}`?"),
        );
        reader
            .report(
                Severity::Error,
                path,
                true,
                format!("unknown OpenHands event `{key}`: OpenHands refuses the whole file"),
            )
            .help = Some(help);
    }
    event
}

fn read_event(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &'static str,
    groups: &Node<'_>,
    path: &[Step],
    hooks: &mut Vec<Hook>,
) {
    let Some(groups) = reader.array(groups, path, "the event's matchers") else {
        return;
    };
    for (index, group) in groups.iter().enumerate() {
        let group_path = child_index(path, index);
        let Some(group) = reader.object(group, &group_path, "a hook matcher") else {
            continue;
        };
        reader.unknown_keys(group, GROUP_KEYS, &group_path, "a hook matcher");
        // `matcher: str = "*"`.
        let matcher = match group.get("matcher") {
            None => None,
            Some(_) => match reader.opt_str(group, "matcher", &group_path) {
                Some(text) => Some(text),
                None => continue,
            },
        };
        // `hooks: list[HookDefinition] = []`.
        let Some(handlers) = group.get("hooks") else {
            continue;
        };
        let handlers_path = child(&group_path, "hooks");
        let Some(handlers) = reader.array(handlers, &handlers_path, "the matcher's hooks") else {
            continue;
        };
        for (index, handler) in handlers.iter().enumerate() {
            let handler_path = child_index(&handlers_path, index);
            let Some(handler) = reader.object(handler, &handler_path, "a hook definition") else {
                continue;
            };
            if let Some(mut hook) = read_handler(ctx, reader, event, handler, &handler_path) {
                hook.matcher = Matcher::new(matcher, FLAVOUR);
                hooks.push(hook);
            }
        }
    }
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod load_tests;
