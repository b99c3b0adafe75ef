//! Claude Code settings (`.claude/settings*.json`, also Codex's `.codex/hooks.json`) and Gemini
//! CLI settings, which share one shape: `hooks` → event → matcher groups → handlers. Gemini
//! differs in units (timeouts in milliseconds), in its matcher semantics and in a few fields.

use std::time::Duration;

use crate::config::dialect::{DialectLoad, LoadContext, json_file};
use crate::config::dialect_name::Dialect;
use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::model::{CommandForm, EventSelector, Handler, Hook, Mode};
use crate::config::reader::{Reader, child, child_index};
use crate::config::tree::{Node, Object};
use crate::matching::Matcher;

const GROUP_KEYS: &[&str] = &["matcher", "hooks", "sequential"];
const CLAUDE_HANDLER_KEYS: &[&str] = &[
    "type",
    "command",
    "args",
    "timeout",
    "if",
    "onFailure",
    "async",
    "asyncRewake",
    "statusMessage",
    "shell",
    "once",
    "url",
    "headers",
    "prompt",
    "model",
    "server",
    "tool",
    "input",
];
const GEMINI_HANDLER_KEYS: &[&str] = &[
    "type",
    "command",
    "args",
    "timeout",
    "if",
    "onFailure",
    "async",
    "name",
    "description",
    "env",
    "sequential",
];

/// Claude Code: timeouts in seconds, default 600 s.
const CLAUDE_TIMEOUT: Duration = Duration::from_secs(600);
/// Gemini CLI: timeouts in milliseconds, default 60 000 ms.
const GEMINI_TIMEOUT: Duration = Duration::from_secs(60);

/// Loads a Claude-shaped settings file for `dialect` (claude or gemini).
pub(crate) fn load(ctx: &LoadContext<'_>, dialect: Dialect) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the settings file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    let mut hooks = Vec::new();
    let disabled = reader
        .opt_bool(&root, "disableAllHooks", &[])
        .unwrap_or(false);
    if let Some(events) = root.get("hooks") {
        let path = vec![Step::Key("hooks".into())];
        if let Some(events) = reader.object(events, &path, "hooks") {
            for (event, groups) in events {
                read_event(
                    ctx,
                    dialect,
                    &mut reader,
                    event,
                    groups,
                    &child(&path, event),
                    &mut hooks,
                );
            }
        }
    }
    if dialect == Dialect::Gemini {
        apply_hooks_config(&mut reader, &root, &mut hooks);
    }
    if disabled {
        hooks.clear();
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
    }
}

fn read_event(
    ctx: &LoadContext<'_>,
    dialect: Dialect,
    reader: &mut Reader<'_>,
    event: &str,
    groups: &Node<'_>,
    path: &[Step],
    hooks: &mut Vec<Hook>,
) {
    json_file::warn_unknown_event(reader, dialect, event, path, true);
    let Some(groups) = reader.array(groups, path, "the event's matcher groups") else {
        return;
    };
    for (index, group) in groups.iter().enumerate() {
        let group_path = child_index(path, index);
        let Some(group) = reader.object(group, &group_path, "a matcher group") else {
            continue;
        };
        reader.unknown_keys(group, GROUP_KEYS, &group_path, "a matcher group");
        let matcher = reader.opt_str(group, "matcher", &group_path);
        let Some(handlers) = group.get("hooks") else {
            reader
                .error(&group_path, "this matcher group has no `hooks` array")
                .help = Some("add \"hooks\": [{\"type\": \"command\", \"command\": \"…\"}]".into());
            continue;
        };
        let handlers_path = child(&group_path, "hooks");
        let Some(handlers) = reader.array(handlers, &handlers_path, "the group's hooks") else {
            continue;
        };
        for (index, handler) in handlers.iter().enumerate() {
            let handler_path = child_index(&handlers_path, index);
            let Some(handler) = reader.object(handler, &handler_path, "a hook handler") else {
                continue;
            };
            if let Some(mut hook) =
                read_handler(ctx, dialect, reader, event, handler, &handler_path)
            {
                hook.matcher = Matcher::new(matcher, dialect);
                hooks.push(hook);
            }
        }
    }
}

fn read_handler(
    ctx: &LoadContext<'_>,
    dialect: Dialect,
    reader: &mut Reader<'_>,
    event: &str,
    handler: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    let known_keys = if dialect == Dialect::Gemini {
        GEMINI_HANDLER_KEYS
    } else {
        CLAUDE_HANDLER_KEYS
    };
    reader.unknown_keys(handler, known_keys, path, "a hook handler");
    let kind = reader.opt_str(handler, "type", path).unwrap_or("command");
    let (default_timeout, unit_ms) = match dialect {
        Dialect::Gemini => (GEMINI_TIMEOUT, true),
        _ => (CLAUDE_TIMEOUT, false),
    };
    let handler_kind = if kind == "command" {
        let command = reader.req_str(handler, "command", path, "the command hook")?;
        match reader.opt_str_list(handler, "args", path) {
            Some(args) => Handler::Command(CommandForm::Exec {
                program: command.to_owned(),
                args,
            }),
            None => Handler::Command(CommandForm::Shell(command.to_owned())),
        }
    } else {
        Handler::Unsupported {
            kind: kind.to_owned(),
        }
    };
    let mut hook = Hook::new(
        dialect,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        handler_kind,
        ctx.project_dir.to_path_buf(),
        default_timeout,
        path,
    );
    if let Some(timeout) = reader.opt_number(handler, "timeout", path) {
        let seconds = if unit_ms { timeout / 1000.0 } else { timeout };
        if let Some(duration) = seconds_to_duration(seconds) {
            hook.timeout = duration;
        } else {
            let unit = if unit_ms { "milliseconds" } else { "seconds" };
            reader.error(
                &child(path, "timeout"),
                format!("`timeout` must be greater than 0 ({dialect} counts {unit})"),
            );
        }
    }
    hook.condition = reader.opt_str(handler, "if", path).map(str::to_owned);
    match reader.opt_str(handler, "onFailure", path) {
        None | Some("allow" | "ignore" | "continue") => {}
        Some("block") => hook.fail_closed = true,
        Some(other) => {
            reader.error(
                &child(path, "onFailure"),
                format!("`onFailure` must be \"block\" or \"allow\", found {other:?}"),
            );
        }
    }
    if reader.opt_bool(handler, "async", path) == Some(true) {
        // An async hook's answer reaches the agent only on a later turn: it cannot block this one.
        hook.mode = Mode::Observe;
    }
    if let Some(env) = reader.opt_str_map(handler, "env", path) {
        hook.env = env;
    }
    hook.name = match reader.opt_str(handler, "name", path) {
        Some(name) => name.to_owned(),
        None => hook.handler.default_name(),
    };
    Some(hook)
}

/// Gemini's `hooksConfig`: `enabled: false` switches every hook of the file off, and `disabled`
/// lists hooks (by name or command) to switch off.
fn apply_hooks_config(reader: &mut Reader<'_>, root: &Object<'_>, hooks: &mut Vec<Hook>) {
    let path = vec![Step::Key("hooksConfig".into())];
    let Some(config) = root
        .get("hooksConfig")
        .and_then(|config| reader.object(config, &path, "hooksConfig"))
    else {
        return;
    };
    if reader.opt_bool(config, "enabled", &path) == Some(false) {
        hooks.clear();
    }
    for off in reader
        .opt_str_list(config, "disabled", &path)
        .unwrap_or_default()
    {
        for hook in hooks.iter_mut() {
            if hook.name == off || hook.command().is_some_and(|form| form.display() == off) {
                hook.enabled = false;
            }
        }
    }
}
