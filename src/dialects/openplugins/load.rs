//! A plugin's `hooks/hooks.json` as Goose loads it (hooks.md, "Hook Configuration"): `hooks` →
//! event → rules `{matcher?, hooks: [{type?, command, timeout?, on_failure?}]}`. What Goose
//! skips, hookrun skips too and says why: an unknown event (the Open Plugins spec has tools
//! ignore them), a rule whose matcher is not a valid regex (a bare `*`), and the whole file when
//! an `on_failure` is neither `allow` nor `block`. Each hook gets `PLUGIN_ROOT`, which hookrun
//! also replaces in `${PLUGIN_ROOT}` of the command text.

use std::time::Duration;

use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, child_index};
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::matching::Matcher;
use crate::model::Level;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Switches};
use crate::model::load::{DialectLoad, LoadContext};

use super::{FLAVOUR, OPENPLUGINS, levels};

/// hooks.md, field `timeout`: "Defaults to 30 seconds".
pub(super) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// A rule Goose skips because its matcher is not a valid regex.
pub(super) const RULE_SKIPPED: &str = "openplugins-rule-skipped";
/// A file Goose skips because an `on_failure` is neither `allow` nor `block`.
pub(super) const FILE_SKIPPED: &str = "openplugins-file-skipped";

const RULE_KEYS: &[&str] = &["matcher", "hooks"];
const ACTION_KEYS: &[&str] = &["type", "command", "timeout", "on_failure"];

pub(super) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let empty = |diagnostics| DialectLoad {
        hooks: Vec::new(),
        diagnostics,
        switches: Switches::default(),
    };
    if ctx.source.level == Level::User && levels::shadowed(&ctx.source.path, ctx.project_dir) {
        // discovery.rs `seen_names`: the project's plugin of that name is the one loaded.
        return empty(Vec::new());
    }
    let (mut reader, root) = match json_file::root(ctx, "the hooks file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    reader.unknown_keys(
        &root,
        &["hooks", "description"],
        &[],
        "a plugin's hooks file",
    );
    let mut hooks = Vec::new();
    let mut skip_file = false;
    let path = vec![Step::Key("hooks".into())];
    let events = root
        .get("hooks")
        .and_then(|events| reader.object(events, &path, "hooks"));
    for (event, rules) in events.into_iter().flatten() {
        let event_path = child(&path, event);
        if !OPENPLUGINS.is_known_event(event) {
            json_file::warn_unknown_event(&mut reader, OPENPLUGINS, event, &event_path, true);
            continue;
        }
        let Some(rules) = reader.array(rules, &event_path, "the event's rules") else {
            continue;
        };
        for (index, rule) in rules.iter().enumerate() {
            let rule_path = child_index(&event_path, index);
            if let Some(rule) = reader.object(rule, &rule_path, "a rule") {
                read_rule(
                    ctx,
                    &mut reader,
                    event,
                    rule,
                    &rule_path,
                    &mut hooks,
                    &mut skip_file,
                );
            }
        }
    }
    if skip_file {
        return empty(reader.diagnostics);
    }
    if let Some(root) = plugin_root(ctx) {
        for hook in &mut hooks {
            hook.env.insert(0, ("PLUGIN_ROOT".to_owned(), root.clone()));
        }
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

/// The plugin's directory: `hooks/hooks.json`'s grandparent.
fn plugin_root(ctx: &LoadContext<'_>) -> Option<String> {
    let root = match &ctx.source.plugin_root {
        Some(root) => root.clone(),
        None => levels::plugin_root(&ctx.source.path)?.to_path_buf(),
    };
    let root = if root.is_relative() {
        ctx.project_dir.join(root)
    } else {
        root
    };
    Some(root.to_string_lossy().into_owned())
}

fn read_rule(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    rule: &Object<'_>,
    path: &[Step],
    hooks: &mut Vec<Hook>,
    skip_file: &mut bool,
) {
    reader.unknown_keys(rule, RULE_KEYS, path, "a rule");
    let pattern = reader.opt_str(rule, "matcher", path);
    // hookrun reads a lone `*` as "everything" in every flavour; to Goose's `regex` it is a
    // repetition of nothing, which does not compile.
    let invalid = match pattern {
        Some("*") => Some("a repetition operator with nothing to repeat".to_owned()),
        _ => Matcher::new(pattern, FLAVOUR)
            .fallback_reason()
            .map(|error| error.message),
    };
    if let Some(error) = invalid {
        let warning = reader.warn(
            &child(path, "matcher"),
            format!("Goose skips this rule: its matcher is not a valid regex ({error})"),
        );
        warning.help = Some("to match everything, omit `matcher` or write \".*\"".into());
        warning.code = Some(RULE_SKIPPED);
        return;
    }
    let Some(actions) = rule.get("hooks") else {
        reader.error(path, "this rule has no `hooks` array").help =
            Some("add \"hooks\": [{\"type\": \"command\", \"command\": \"…\"}]".into());
        return;
    };
    let actions_path = child(path, "hooks");
    let Some(actions) = reader.array(actions, &actions_path, "the rule's hooks") else {
        return;
    };
    for (index, action) in actions.iter().enumerate() {
        let action_path = child_index(&actions_path, index);
        let Some(action) = reader.object(action, &action_path, "a hook action") else {
            continue;
        };
        if let Some(mut hook) = read_action(ctx, reader, event, action, &action_path, skip_file) {
            hook.matcher = Matcher::new(pattern, FLAVOUR);
            hooks.push(hook);
        }
    }
}

fn read_action(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    action: &Object<'_>,
    path: &[Step],
    skip_file: &mut bool,
) -> Option<Hook> {
    reader.unknown_keys(action, ACTION_KEYS, path, "a hook action");
    // hooks.md, field `type`: "goose currently supports `command`. If omitted, `command` is
    // used."
    let kind = reader.opt_str(action, "type", path).unwrap_or("command");
    let handler = if kind == "command" {
        let command = reader.req_str(action, "command", path, "the command hook")?;
        Handler::Command(CommandForm::Shell(command.to_owned()))
    } else {
        Handler::Unsupported {
            kind: kind.to_owned(),
        }
    };
    let mut hook = Hook::new(
        OPENPLUGINS,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        handler,
        ctx.project_dir.to_path_buf(),
        DEFAULT_TIMEOUT,
        path,
    );
    hook.name = hook.handler.default_name();
    if let Some(seconds) = reader.opt_number(action, "timeout", path) {
        match seconds_to_duration(seconds) {
            Some(timeout) => hook.timeout = timeout,
            None => {
                reader.error(
                    &child(path, "timeout"),
                    "`timeout` must be greater than 0 (seconds)",
                );
            }
        }
    }
    match action.get("on_failure") {
        None => {}
        Some(Node::String(word)) if word.as_ref() == "allow" => {}
        Some(Node::String(word)) if word.as_ref() == "block" => hook.fail_closed = true,
        Some(_) => {
            // hooks.md: "Any value other than `allow` or `block` is a configuration error, and
            // goose skips the whole `hooks.json` file with a warning".
            let warning = reader.warn(
                &child(path, "on_failure"),
                "Goose skips this whole file: `on_failure` must be \"allow\" or \"block\"",
            );
            warning.code = Some(FILE_SKIPPED);
            *skip_file = true;
        }
    }
    Some(hook)
}

/// The codes of the warnings above, which `validate` reports as errors: Goose runs nothing of
/// what they name.
pub(super) const VALIDATE_ERRORS: &[&str] = &[RULE_SKIPPED, FILE_SKIPPED];
