//! A Kiro v3 hooks file (the v3 page, "The new format"): `{"version": "v1", "hooks": [hook…]}`, a
//! hook `{"name"?, "trigger", "matcher"?, "action", "timeout"? (seconds), "enabled"?}`, an action
//! `{"type": "command", "command"}` or `{"type": "agent", "prompt"}`. An agent action appends its
//! prompt to the model's context without running anything: hookrun has no such hook, so it is
//! listed as not supported. `enabled: false` turns the hook off.

use std::time::Duration;

use crate::config::diagnostics::Severity;
use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::matching::Matcher;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Switches};
use crate::model::load::{DialectLoad, LoadContext};

use super::{FLAVOUR, KIRO};

const HOOK_KEYS: &[&str] = &["name", "trigger", "matcher", "action", "timeout", "enabled"];
const ACTION_KEYS: &[&str] = &["type", "command", "prompt"];
/// `DEFAULT_TIMEOUT_MS = 30_000` (amazon-q-developer-cli `cli/agent/hook.rs`); the v3 page's
/// example writes `"timeout": 30`.
pub(super) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

pub(super) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the hooks file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    reader.unknown_keys(&root, &["version", "hooks"], &[], "a Kiro hooks file");
    check_version(&mut reader, &root);
    let mut hooks = Vec::new();
    if let Some(list) = root.get("hooks") {
        let path = vec![Step::Key("hooks".into())];
        json_file::read_entries(&mut reader, list, &path, &mut hooks, |r, entry, p| {
            read_hook(ctx, r, entry, p)
        });
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

/// The v3 page's schema is versioned `"v1"`; hookrun says so when it sees another or none.
fn check_version(reader: &mut Reader<'_>, root: &Object<'_>) {
    match root.get("version") {
        Some(Node::String(v)) if v.as_ref() == "v1" => {}
        Some(_) => {
            let at = vec![Step::Key("version".into())];
            reader
                .warn(
                    &at,
                    "hookrun reads Kiro hooks files of `\"version\": \"v1\"`",
                )
                .help = Some("set \"version\": \"v1\"".into());
        }
        None => {
            reader
                .report(
                    Severity::Warning,
                    &[],
                    false,
                    "the Kiro hooks file has no `version`",
                )
                .help = Some("add \"version\": \"v1\" at the top level".into());
        }
    }
}

fn read_hook(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    entry: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(entry, HOOK_KEYS, path, "a Kiro hook");
    let trigger = reader.req_str(entry, "trigger", path, "the hook")?;
    json_file::warn_unknown_event(reader, KIRO, trigger, &child(path, "trigger"), false);
    let Some(action) = entry.get("action") else {
        reader.error(path, "this hook has no `action`").help =
            Some("add \"action\": {\"type\": \"command\", \"command\": \"…\"}".into());
        return None;
    };
    let action_path = child(path, "action");
    let action = reader.object(action, &action_path, "the hook's action")?;
    reader.unknown_keys(action, ACTION_KEYS, &action_path, "a Kiro hook action");
    let kind = reader.req_str(action, "type", &action_path, "the action")?;
    let handler = if kind == "command" {
        let command = reader.req_str(action, "command", &action_path, "the command action")?;
        Handler::Command(CommandForm::Shell(command.to_owned()))
    } else {
        Handler::Unsupported {
            kind: kind.to_owned(),
        }
    };
    let mut hook = Hook::new(
        KIRO,
        ctx.index,
        EventSelector::Named(trigger.to_owned()),
        handler,
        ctx.project_dir.to_path_buf(),
        DEFAULT_TIMEOUT,
        path,
    );
    hook.name = match reader.opt_str(entry, "name", path) {
        Some(name) => name.to_owned(),
        None => hook.handler.default_name(),
    };
    hook.matcher = Matcher::new(reader.opt_str(entry, "matcher", path), FLAVOUR);
    if let Some(seconds) = reader.opt_number(entry, "timeout", path) {
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
    if reader.opt_bool(entry, "enabled", path) == Some(false) {
        hook.enabled = false;
    }
    Some(hook)
}
