//! Claude Code settings (`.claude/settings*.json`): `hooks` →
//! event → matcher groups → handlers. Other agents write the same shape (Gemini CLI); they load
//! through [`load_settings`] with their own [`SettingsShape`].

use crate::model::hook::Switches;
use std::time::Duration;

use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, child_index};
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::matching::{Flavour, Matcher};
use crate::model::Dialect;
use crate::model::hook::{Ask, CommandForm, EventSelector, Handler, Hook, Mode};
use crate::model::load::{DialectLoad, LoadContext};

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
    "allowedEnvVars",
    "prompt",
    "model",
    "server",
    "tool",
    "input",
];
/// Claude Code: timeouts in seconds, default 600 s.
const CLAUDE_TIMEOUT: Duration = Duration::from_secs(600);
/// A prompt hook's default timeout.
pub(crate) const PROMPT_TIMEOUT: Duration = Duration::from_secs(30);
/// An agent hook's default timeout.
pub(crate) const AGENT_TIMEOUT: Duration = Duration::from_secs(60);

/// What differs between the agents whose settings files share Claude's shape.
pub(crate) struct SettingsShape {
    pub(crate) dialect: Dialect,
    /// The keys a handler may have (others are warned about).
    pub(crate) handler_keys: &'static [&'static str],
    pub(crate) default_timeout: Duration,
    /// What a handler's `timeout` counts.
    pub(crate) timeout_unit: TimeoutUnit,
    /// The handler `type`s besides `command` the agent runs (others load as unsupported).
    pub(crate) kinds: &'static [&'static str],
    /// How the agent reads a group's `matcher`.
    pub(crate) flavour: Flavour,
    /// Reads the file's own top-level keys once its hooks are read.
    pub(crate) finish: Option<fn(&mut Reader<'_>, &Object<'_>, &mut Vec<Hook>)>,
}

/// What a handler's `timeout` number counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum TimeoutUnit {
    Seconds,
    /// Seconds below this value, milliseconds from it on (Qwen Code reads a command hook's
    /// `timeout` of 1000 or more as milliseconds, the unit it used to count).
    SecondsBelow(u32),
    /// Milliseconds (Augment's Auggie: `xao(process, t.timeout || 6e4)`).
    Milliseconds,
}

impl TimeoutUnit {
    /// `timeout` in seconds, and the unit it was read in (for messages).
    pub(crate) fn seconds(self, timeout: f64) -> (f64, &'static str) {
        match self {
            TimeoutUnit::SecondsBelow(limit) if timeout >= f64::from(limit) => {
                (timeout / 1000.0, "milliseconds")
            }
            TimeoutUnit::Milliseconds => (timeout / 1000.0, "milliseconds"),
            TimeoutUnit::Seconds | TimeoutUnit::SecondsBelow(_) => (timeout, "seconds"),
        }
    }
}

/// Claude Code's settings files.
pub(crate) const CLAUDE_SETTINGS: SettingsShape = SettingsShape {
    dialect: super::CLAUDE,
    handler_keys: CLAUDE_HANDLER_KEYS,
    default_timeout: CLAUDE_TIMEOUT,
    timeout_unit: TimeoutUnit::Seconds,
    kinds: &["http", "prompt", "agent"],
    flavour: super::FLAVOUR,
    finish: None,
};

/// Loads a Claude-shaped settings file as `shape` says.
pub(crate) fn load_settings(ctx: &LoadContext<'_>, shape: &SettingsShape) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the settings file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    let mut hooks = Vec::new();
    // Claude weighs these across every settings file (`settle`): read here, applied there.
    let switches = Switches {
        disable_all_hooks: reader.opt_bool(&root, "disableAllHooks", &[]),
        managed_hooks_only: reader
            .opt_bool(&root, "allowManagedHooksOnly", &[])
            .unwrap_or(false),
        ..Switches::default()
    };
    if let Some(events) = root.get("hooks") {
        let path = vec![Step::Key("hooks".into())];
        if let Some(events) = reader.object(events, &path, "hooks") {
            for (event, groups) in events {
                read_event(
                    ctx,
                    shape,
                    &mut reader,
                    event,
                    groups,
                    &child(&path, event),
                    &mut hooks,
                );
            }
        }
    }
    if let Some(finish) = shape.finish {
        finish(&mut reader, &root, &mut hooks);
    }
    if let Some(root) = &ctx.source.plugin_root {
        // A plugin's hooks find their files by `${CLAUDE_PLUGIN_ROOT}` (Claude sets it, and
        // replaces it in the command text; a shell expands the variable the same way).
        let root = root.to_string_lossy().into_owned();
        for hook in &mut hooks {
            hook.env
                .insert(0, ("CLAUDE_PLUGIN_ROOT".to_owned(), root.clone()));
        }
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches,
    }
}

/// Reads one event's matcher groups (`path` points at them) into `hooks`.
pub(crate) fn read_event(
    ctx: &LoadContext<'_>,
    shape: &SettingsShape,
    reader: &mut Reader<'_>,
    event: &str,
    groups: &Node<'_>,
    path: &[Step],
    hooks: &mut Vec<Hook>,
) {
    json_file::warn_unknown_event(reader, shape.dialect, event, path, true);
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
            if let Some(mut hook) = read_handler(ctx, shape, reader, event, handler, &handler_path)
            {
                hook.matcher = Matcher::new(matcher, shape.flavour);
                hooks.push(hook);
            }
        }
    }
}

fn read_handler(
    ctx: &LoadContext<'_>,
    shape: &SettingsShape,
    reader: &mut Reader<'_>,
    event: &str,
    handler: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    let dialect = shape.dialect;
    reader.unknown_keys(handler, shape.handler_keys, path, "a hook handler");
    let kind = reader.opt_str(handler, "type", path).unwrap_or("command");
    let default_timeout = shape.default_timeout;
    let handler_kind = if kind == "command" {
        let command = reader.req_str(handler, "command", path, "the command hook")?;
        match reader.opt_str_list(handler, "args", path) {
            Some(args) => Handler::Command(CommandForm::Exec {
                program: command.to_owned(),
                args,
            }),
            None => Handler::Command(CommandForm::Shell(command.to_owned())),
        }
    } else if kind == "http" && shape.kinds.contains(&kind) {
        Handler::Http(crate::dialects::json_file::http_hook(
            reader, handler, path,
        )?)
    } else if matches!(kind, "prompt" | "agent") && shape.kinds.contains(&kind) {
        let prompt = reader.req_str(handler, "prompt", path, "the prompt hook")?;
        let ask = Ask {
            prompt: prompt.to_owned(),
            model: reader.opt_str(handler, "model", path).map(str::to_owned),
        };
        if kind == "agent" {
            Handler::Agent(ask)
        } else {
            Handler::Prompt(ask)
        }
    } else {
        Handler::Unsupported {
            kind: kind.to_owned(),
        }
    };
    let default_timeout = match handler_kind {
        Handler::Prompt(_) => PROMPT_TIMEOUT,
        Handler::Agent(_) => AGENT_TIMEOUT,
        _ => default_timeout,
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
        let (seconds, unit) = shape.timeout_unit.seconds(timeout);
        if let Some(duration) = seconds_to_duration(seconds) {
            hook.timeout = duration;
        } else {
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
        if hook.handler.asks_a_model() {
            reader.error(
                &child(path, "async"),
                "`async` is for command and http hooks: a prompt or agent hook is always waited for",
            );
        }
        // An async hook's answer reaches the agent only on a later turn: it cannot block this one.
        hook.mode = Mode::Observe;
        hook.run_async = true;
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
