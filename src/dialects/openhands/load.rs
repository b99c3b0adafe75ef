//! Loading `.openhands/hooks.json` as `HookConfig.model_validate` does (`config.py`): a root
//! `hooks` object is unwrapped (its siblings ignored, `_normalize_hooks_input`), every event key
//! goes through `_pascal_to_snake` and must name one of the six fields (an unknown key, or one
//! event given twice, fails the whole file: `extra: forbid` and the validator's `ValueError`),
//! each event holds `HookMatcher`s (`matcher` default `*`, `hooks`) of `HookDefinition`s (`type`
//! `command` by default, `command`, `timeout` whole seconds with default 60, `async`). Where the
//! SDK raises, hookrun reports an error; keys pydantic ignores are warned about.

use crate::config::diagnostics::Severity;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, child_index};
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::matching::Matcher;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Mode};
use crate::model::load::{DialectLoad, LoadContext};

use super::{EVENTS, FLAVOUR, OPENHANDS};

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

/// `HookDefinition`'s fields (`async_` is its name, `async` its alias).
const HANDLER_KEYS: &[&str] = &[
    "type",
    "name",
    "command",
    "prompt",
    "system_prompt",
    "tools",
    "timeout",
    "max_iterations",
    "async",
    "async_",
];

/// `HookDefinition.timeout: int = 60`, handed to `subprocess.run(timeout=…)` in seconds.
const DEFAULT_TIMEOUT_SECS: u64 = 60;

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

/// One `HookDefinition`, with `_validate_type_fields`' checks.
fn read_handler(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    handler: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(handler, HANDLER_KEYS, path, "a hook definition");
    let kind = reader.opt_str(handler, "type", path).unwrap_or("command");
    let command = reader.opt_str(handler, "command", path).unwrap_or("");
    let run_async = reader
        .opt_bool(handler, "async", path)
        .or_else(|| reader.opt_bool(handler, "async_", path))
        .unwrap_or(false);
    let handler_kind = match kind {
        "command" if command.is_empty() => {
            reader.error(path, "'command' is required when type is 'command'");
            return None;
        }
        "command" => Handler::Command(CommandForm::Shell(command.to_owned())),
        "prompt" | "agent" => {
            model_hook(reader, kind, handler, path, !command.is_empty(), run_async)?
        }
        other => {
            reader.error(
                &child(path, "type"),
                format!("`type` must be \"command\", \"prompt\" or \"agent\", found {other:?}"),
            );
            return None;
        }
    };
    // A bad `timeout` fails the whole definition, as pydantic's validation does.
    let seconds = match handler.get("timeout") {
        None => DEFAULT_TIMEOUT_SECS,
        Some(_) => timeout(reader, handler, path)?,
    };
    let mut hook = Hook::new(
        OPENHANDS,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        handler_kind,
        ctx.project_dir.to_path_buf(),
        std::time::Duration::from_secs(seconds),
        path,
    );
    if run_async {
        // `subprocess.Popen` with stdout to `DEVNULL`: nothing it says is read.
        hook.mode = Mode::Observe;
        hook.run_async = true;
    }
    hook.name = match reader.opt_str(handler, "name", path) {
        Some(name) => name.to_owned(),
        None => hook.handler.default_name(),
    };
    Some(hook)
}

/// A `prompt` or `agent` hook: checked as the SDK checks it, then left unrun. The SDK asks the
/// conversation's own LLM, and without one allows (`HookExecutor._fall_open`); hookrun has no
/// conversation to ask, so it runs neither kind, as the SDK without an LLM.
fn model_hook(
    reader: &mut Reader<'_>,
    kind: &str,
    handler: &Object<'_>,
    path: &[Step],
    has_command: bool,
    run_async: bool,
) -> Option<Handler> {
    let refusal = if has_command {
        let instead = if kind == "agent" {
            "; use 'system_prompt' instead"
        } else {
            ""
        };
        Some(format!(
            "'command' must not be set when type is '{kind}'{instead}"
        ))
    } else if run_async {
        Some(format!("'async' is not supported for {kind} hooks"))
    } else {
        None
    };
    if let Some(message) = refusal {
        reader.error(path, message);
        return None;
    }
    if kind == "prompt"
        && reader
            .opt_str(handler, "prompt", path)
            .is_none_or(str::is_empty)
    {
        reader.error(path, "'prompt' is required when type is 'prompt'");
        return None;
    }
    Some(Handler::Unsupported {
        kind: kind.to_owned(),
    })
}

/// `timeout: int`: a whole number (pydantic's lax mode also takes `60.0`, `"60"`, `"60.0"` and
/// `true`); none below one second, where `subprocess.run` would end the hook at once.
fn timeout(reader: &mut Reader<'_>, handler: &Object<'_>, path: &[Step]) -> Option<u64> {
    let value = handler.get("timeout")?;
    let at = child(path, "timeout");
    let whole = match value {
        // `60.0` prints as `60`; a fraction does not parse.
        Node::Number(number) => number.as_i64().or_else(|| {
            number
                .as_f64()
                .and_then(|float| float.to_string().parse::<i64>().ok())
        }),
        Node::String(text) => text.trim().parse::<i64>().ok().or_else(|| {
            text.trim()
                .parse::<f64>()
                .ok()
                .and_then(|float| float.to_string().parse::<i64>().ok())
        }),
        // pydantic's lax `int` takes `true` as 1 (and `false` as 0, refused below).
        Node::Bool(flag) => Some(i64::from(*flag)),
        _ => None,
    };
    match whole {
        Some(seconds) if seconds > 0 => u64::try_from(seconds).ok(),
        Some(_) => {
            reader.error(
                &at,
                "`timeout` must be at least 1 (seconds): OpenHands would end the hook at once",
            );
            None
        }
        None => {
            reader.error(&at, "`timeout` must be a whole number of seconds");
            None
        }
    }
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod load_tests;
