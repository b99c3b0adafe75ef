//! Codex's two hook sources, read into the one model: `hooks.json`
//! (`{"description"?, "hooks": {<Event>: [group…]}}`, nothing else at its top) and the `hooks`
//! table of `config.toml`, whose other keys are Codex's own and are left alone. Both hold the same
//! matcher groups (`{matcher?, hooks?: [handler…]}`) as Claude's settings, with Codex's rules at
//! the leaves: `type` is required, `timeout` is a whole number of seconds (0 means 1), `args` and
//! `if` mean nothing, a group without `hooks` is valid, and `hooks.state` is Codex's per-hook
//! review state, not an event.
//!
//! What Codex skips with a warning (a whole `hooks.json` with an unknown key or a bad handler, one
//! group with an invalid regex) is an error here: a guard that cannot be read must not leave the
//! action unguarded (the README's "Differences from Codex").

use crate::model::hook::Switches;
use std::time::Duration;

use crate::config::diagnostics::Severity;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, child_index};
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::matching::{Flavour, Matcher, Syntax, Target};
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Mode};
use crate::model::load::{DialectLoad, LoadContext};

use super::CODEX;

const FILE_KEYS: &[&str] = &["description", "hooks"];
const GROUP_KEYS: &[&str] = &["matcher", "hooks"];
/// Codex's handler keys (`prompt` and `model` for the `prompt` and `agent` types it parses and
/// skips), plus hookrun's `onFailure` (Codex ignores keys it does not know).
const HANDLER_KEYS: &[&str] = &[
    "type",
    "command",
    "commandWindows",
    "command_windows",
    "timeout",
    "async",
    "statusMessage",
    "additionalContextLimit",
    "server",
    "tool",
    "input",
    "prompt",
    "model",
    "onFailure",
];
/// Not an event: `[hooks.state."<key>"]` holds Codex's per-hook `enabled` / `trusted_hash`.
const STATE_KEY: &str = "state";
/// `timeout` when a handler sets none.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);
/// `SessionEnd` and `Interrupt` default to 1 s and are clamped to 1..=3 s.
const SHORT_DEFAULT: Duration = Duration::from_secs(1);
const SHORT_MAX: u64 = 3;

/// Loads a `hooks.json`.
pub(crate) fn hooks_json(ctx: &LoadContext<'_>) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the hooks file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    for key in root.keys().filter(|key| !FILE_KEYS.contains(key)) {
        reader
            .report(
                Severity::Error,
                &child(&[], key),
                true,
                format!("unknown key `{key}` at the top of a Codex hooks.json"),
            )
            .help = Some(
            "Codex skips the whole file then: only `description` and `hooks` may be here".into(),
        );
    }
    reader.opt_str(&root, "description", &[]);
    finish(ctx, reader, &root)
}

/// Loads the `hooks` table of a `config.toml`; every other key is Codex's and left alone.
pub(crate) fn config_toml(ctx: &LoadContext<'_>) -> DialectLoad {
    let source = ctx.source;
    let root = match crate::model::load::parse_toml(source) {
        Ok(root) => root,
        Err(failed) => return failed,
    };
    let reader = Reader::toml(&source.display, &source.text);
    let root = root.as_object().expect("TOML parses to a table");
    finish(ctx, reader, root)
}

/// Reads `hooks` of `root` (either file's) into hooks.
fn finish(ctx: &LoadContext<'_>, mut reader: Reader<'_>, root: &Object<'_>) -> DialectLoad {
    let mut hooks = Vec::new();
    if let Some(events) = root.get("hooks") {
        let path = vec![Step::Key("hooks".into())];
        if let Some(events) = reader.object(events, &path, "hooks") {
            for (event, groups) in events.iter().filter(|(event, _)| *event != STATE_KEY) {
                let event_path = child(&path, event);
                json_file::warn_unknown_event(&mut reader, CODEX, event, &event_path, true);
                read_groups(ctx, &mut reader, event, groups, &event_path, &mut hooks);
            }
        }
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

fn read_groups(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    groups: &Node<'_>,
    path: &[Step],
    hooks: &mut Vec<Hook>,
) {
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
        // `hooks` is optional in Codex: a group without it runs nothing.
        let Some(handlers) = group.get("hooks") else {
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
            if let Some(mut hook) = read_handler(ctx, reader, event, handler, &handler_path) {
                hook.matcher = matcher_for(event, matcher);
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
    reader.unknown_keys(handler, HANDLER_KEYS, path, "a Codex hook handler");
    let kind = reader.req_str(handler, "type", path, "the hook handler")?;
    let handler_kind = match kind {
        "command" => {
            let command = reader.req_str(handler, "command", path, "the command hook")?;
            if command.trim().is_empty() {
                reader.warn(
                    &child(path, "command"),
                    "empty `command`: Codex skips this hook, and so does hookrun",
                );
                return None;
            }
            Handler::Command(CommandForm::Shell(command.to_owned()))
        }
        "mcp_tool" | "prompt" | "agent" => Handler::Unsupported {
            kind: kind.to_owned(),
        },
        other => {
            reader
                .error(&child(path, "type"), format!("unknown hook type {other:?}"))
                .help = Some(
                "Codex knows \"command\", \"mcp_tool\", \"prompt\" and \"agent\", and skips the \
                 whole file otherwise"
                    .into(),
            );
            return None;
        }
    };
    let mut hook = Hook::new(
        CODEX,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        handler_kind,
        ctx.project_dir.to_path_buf(),
        timeout(reader, event, handler, path),
        path,
    );
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
    if reader.opt_bool(handler, "async", path) == Some(true) && event != "SessionEnd" {
        // An async hook's answer reaches the model on a later turn: it never blocks this one.
        // (Codex runs `SessionEnd` hooks synchronously whatever they say.)
        hook.mode = Mode::Observe;
    }
    reader.opt_str(handler, "statusMessage", path);
    hook.name = hook.handler.default_name();
    Some(hook)
}

/// The handler's timeout as Codex computes it (`normalize_command_hook`): a whole number of
/// seconds, 0 read as 1; `SessionEnd` and `Interrupt` default to 1 s and are clamped to 3 s.
fn timeout(reader: &mut Reader<'_>, event: &str, handler: &Object<'_>, path: &[Step]) -> Duration {
    let short = matches!(event, "SessionEnd" | "Interrupt");
    let default = if short {
        SHORT_DEFAULT
    } else {
        DEFAULT_TIMEOUT
    };
    let Some(value) = handler.get("timeout") else {
        return default;
    };
    let at = child(path, "timeout");
    let Some(seconds) = (match value {
        Node::Number(number) => number.as_u64(),
        _ => None,
    }) else {
        reader
            .error(
                &at,
                format!("`timeout` must be a whole number of seconds, found {value}"),
            )
            .help = Some("Codex skips the whole file (or refuses config.toml) otherwise".into());
        return default;
    };
    let seconds = seconds.max(1);
    if short && seconds > SHORT_MAX {
        reader.warn(
            &at,
            format!("Codex clamps a {event} hook's timeout to {SHORT_MAX}s, and so does hookrun"),
        );
        return Duration::from_secs(SHORT_MAX);
    }
    Duration::from_secs(seconds)
}

/// A group's matcher as Codex reads it for `event` (`matches_matcher`). Events without a target
/// ignore it. Text of only `[A-Za-z0-9_|]` is a list of exact names; anything else is an
/// unanchored Rust regex, so a name with a `-` (`code-reviewer`) is searched for, which
/// [`Flavour::RegexOrSubstring`] does for such regex-free text. A `,` or a space keeps hookrun's
/// reading of a name list (`Bash, Edit`): see the README's "Differences from Codex".
pub(super) fn matcher_for(event: &str, text: Option<&str>) -> Matcher {
    if super::target(event) == Target::None {
        return Matcher::new(None, Flavour::Ignored);
    }
    let searched = text.is_some_and(|text| {
        text.contains('-')
            && text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '|' | '-'))
    });
    let flavour = if searched {
        Flavour::RegexOrSubstring(Syntax::Rust)
    } else {
        Flavour::NamesOrRegex(Syntax::Rust)
    };
    Matcher::new(text, flavour)
}
