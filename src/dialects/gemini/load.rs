//! Gemini CLI settings (`.gemini/settings.json`), read as Gemini CLI 0.61.0's `HookRegistry`
//! reads them: `hooks` → event → matcher groups → handlers, timeouts in milliseconds, and
//! `hooksConfig`. Gemini skips what it cannot use rather than refusing the file, so the shapes it
//! skips are warnings here, not errors: an event whose value is not an array, a group without a
//! `hooks` array, a handler of an unknown type or without `command`, the old `hooks.enabled`,
//! `hooks.disabled` and `hooks.notifications` keys. Keys Gemini has no meaning for (`args`,
//! `onFailure`, `disableAllHooks`) are warned about and ignored. `"type": "plugin"` runs as a
//! command, as Gemini's runner does.

use crate::model::hook::Switches;
use std::time::Duration;

use crate::config::duration::seconds_to_duration;
use crate::config::jsonc;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, child_index};
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::matching::Matcher;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Mode};
use crate::model::load::{DialectLoad, LoadContext};

const GROUP_KEYS: &[&str] = &["matcher", "hooks", "sequential"];
const HANDLER_KEYS: &[&str] = &[
    "type",
    "command",
    "timeout",
    "if",
    "async",
    "name",
    "description",
    "env",
];

/// The keys under `hooks` that are not events (`HOOKS_CONFIG_FIELDS`, the settings of old files).
const CONFIG_FIELDS: &[&str] = &["enabled", "disabled", "notifications"];

/// Gemini CLI: timeouts in milliseconds, default 60 000 ms.
const GEMINI_TIMEOUT: Duration = Duration::from_secs(60);

/// Loads a Gemini settings file.
pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    // Gemini CLI parses `JSON.parse(stripJsonComments(content))` (gemini-cli
    // packages/cli/src/config/settings.ts:785): comments are read as blanks, trailing commas
    // are errors.
    let text = jsonc::strip_comments(&ctx.source.text);
    let (mut reader, root) = match json_file::parse(ctx, &text, "the settings file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    let mut hooks = Vec::new();
    if root.get("disableAllHooks").is_some() {
        reader.warn(
            &[Step::Key("disableAllHooks".into())],
            "Gemini CLI has no `disableAllHooks`: ignored (use `hooksConfig.enabled: false`)",
        );
    }
    if let Some(events) = root.get("hooks") {
        let path = vec![Step::Key("hooks".into())];
        if let Some(events) = reader.object(events, &path, "hooks") {
            for (event, groups) in events {
                if CONFIG_FIELDS.contains(&event) {
                    continue;
                }
                let at = child(&path, event);
                read_event(ctx, &mut reader, event, groups, &at, &mut hooks);
            }
        }
    }
    apply_hooks_config(&mut reader, &root, &mut hooks);
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

fn read_event(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    groups: &Node<'_>,
    path: &[Step],
    hooks: &mut Vec<Hook>,
) {
    json_file::warn_unknown_event(reader, super::GEMINI, event, path, true);
    let Some(groups) = groups.as_array() else {
        reader.warn(
            path,
            "the event's matcher groups are not an array: Gemini CLI skips them",
        );
        return;
    };
    for (index, group) in groups.iter().enumerate() {
        let group_path = child_index(path, index);
        let handlers = group.as_object().and_then(|g| g.get("hooks")?.as_array());
        let (Some(group), Some(handlers)) = (group.as_object(), handlers) else {
            reader.warn(
                &group_path,
                "a matcher group without a `hooks` array: Gemini CLI skips it",
            );
            continue;
        };
        reader.unknown_keys(group, GROUP_KEYS, &group_path, "a matcher group");
        let matcher = reader.opt_str(group, "matcher", &group_path);
        let handlers_path = child(&group_path, "hooks");
        for (index, handler) in handlers.iter().enumerate() {
            let handler_path = child_index(&handlers_path, index);
            let Some(handler) = reader.object(handler, &handler_path, "a hook handler") else {
                continue;
            };
            if let Some(mut hook) = read_handler(ctx, reader, event, handler, &handler_path) {
                hook.matcher = Matcher::new(matcher, super::FLAVOUR);
                hooks.push(hook);
            }
        }
    }
}

fn read_handler(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    handler: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(handler, HANDLER_KEYS, path, "a hook handler");
    for ignored in ["args", "onFailure"] {
        if handler.get(ignored).is_some() {
            reader
                .warn(
                    &child(path, ignored),
                    format!("Gemini CLI ignores `{ignored}`"),
                )
                .help = Some("hookrun ignores it too, as Gemini does".into());
        }
    }
    let kind = if let Some(kind) = reader.opt_str(handler, "type", path) {
        kind
    } else {
        // Gemini discards a handler without `type`; hookrun runs it (the book, "Differences from
        // Gemini CLI").
        reader.warn(
            path,
            "a hook without `type`: Gemini CLI skips it, hookrun runs it",
        );
        "command"
    };
    let handler_kind = match kind {
        // Gemini's runner runs a plugin hook as a command.
        "command" | "plugin" => {
            let Some(command) = reader.opt_str(handler, "command", path) else {
                reader.warn(
                    path,
                    "a command hook without `command`: Gemini CLI skips it",
                );
                return None;
            };
            Handler::Command(CommandForm::Shell(command.to_owned()))
        }
        other => Handler::Unsupported {
            kind: other.to_owned(),
        },
    };
    let mut hook = Hook::new(
        super::GEMINI,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        handler_kind,
        ctx.project_dir.to_path_buf(),
        GEMINI_TIMEOUT,
        path,
    );
    if let Some(timeout) = reader.opt_number(handler, "timeout", path) {
        match seconds_to_duration(timeout / 1000.0) {
            Some(duration) => hook.timeout = duration,
            // Gemini times such a hook out at once, so it never counts; hookrun runs it with the
            // default timeout (the book, "Differences from Gemini CLI").
            None => {
                reader
                    .warn(
                        &child(path, "timeout"),
                        "`timeout` is not above 0: Gemini CLI times the hook out at once",
                    )
                    .help = Some("hookrun runs it with the default 60 000 ms".into());
            }
        }
    }
    hook.condition = reader.opt_str(handler, "if", path).map(str::to_owned);
    if reader.opt_bool(handler, "async", path) == Some(true) {
        // An async hook's answer reaches the agent only on a later turn: it cannot block this one.
        hook.mode = Mode::Observe;
    }
    if let Some(env) = reader.opt_str_map(handler, "env", path) {
        hook.env = env;
    }
    hook.written_name = reader.opt_str(handler, "name", path).map(str::to_owned);
    hook.name = hook
        .written_name
        .clone()
        .unwrap_or_else(|| hook.handler.default_name());
    Some(hook)
}

/// Gemini's `hooksConfig`: `enabled: false` switches every hook of the file off, and `disabled`
/// lists hooks to switch off, each known by its name, or by its command when it has no name
/// (`HookRegistry.getHookName`).
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
            let known_as = match &hook.written_name {
                Some(name) => Some(name.clone()),
                None => hook.command().map(CommandForm::display),
            };
            if known_as.as_deref() == Some(off.as_str()) {
                hook.enabled = false;
            }
        }
    }
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod tests;
