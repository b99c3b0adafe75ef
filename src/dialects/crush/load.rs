//! A Crush `crush.json` read into the one model: its `hooks` object (`Config.Hooks`,
//! internal/config/config.go), event → list of `HookConfig` (`name`?, `matcher`?, `command`,
//! `timeout`?); every other key is Crush's own. `ValidateHooks` (internal/config/load.go)
//! refuses the whole configuration when a hook has no `command`: an error here too.

use std::time::Duration;

use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::matching::{Flavour, Matcher, Syntax};
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Switches};
use crate::model::load::{DialectLoad, LoadContext};

use super::CRUSH;

/// `HookConfig`'s keys.
const KEYS: &[&str] = &["name", "matcher", "command", "timeout"];
/// `TimeoutDuration`: 30 seconds when `timeout` is absent or not above 0.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// `regexp.MatchString`: an unanchored RE2 regex, whose syntax Rust's `regex` shares.
const FLAVOUR: Flavour = Flavour::RegexOrSubstring(Syntax::Rust);

/// `normalizeHookEvent`: `pretooluse` in any case and with any `_` is `PreToolUse`; other names
/// stay as written.
pub(super) fn normalize_event(name: &str) -> String {
    if name.replace('_', "").eq_ignore_ascii_case("pretooluse") {
        "PreToolUse".to_owned()
    } else {
        name.to_owned()
    }
}

/// Loads the `hooks` of one `crush.json`.
pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "a crush.json") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    let mut hooks = Vec::new();
    let path = vec![Step::Key("hooks".into())];
    let events = root
        .get("hooks")
        .and_then(|events| reader.object(events, &path, "hooks"));
    for (event, entries) in events.into_iter().flatten() {
        let event_path = child(&path, event);
        // The file's key is normalised (`pre_tool_use`), a fired event's name is not.
        if normalize_event(event) != "PreToolUse" {
            json_file::warn_unknown_event(&mut reader, CRUSH, event, &event_path, true);
        }
        json_file::read_entries(&mut reader, entries, &event_path, &mut hooks, |r, e, p| {
            read_entry(ctx, r, event, e, p)
        });
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

fn read_entry(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    entry: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(entry, KEYS, path, "a Crush hook");
    let command = reader.req_str(entry, "command", path, "the hook")?;
    if command.is_empty() {
        reader
            .error(&child(path, "command"), "empty `command`")
            .help = Some("Crush refuses the whole configuration: \"command is required\"".into());
        return None;
    }
    let mut hook = Hook::new(
        CRUSH,
        ctx.index,
        // `ValidateHooks` files the hook under the canonical name.
        EventSelector::Named(normalize_event(event)),
        Handler::Command(CommandForm::Shell(command.to_owned())),
        ctx.project_dir.to_path_buf(),
        timeout(reader, entry, path),
        path,
    );
    hook.matcher = Matcher::new(reader.opt_str(entry, "matcher", path), FLAVOUR);
    hook.name = match reader.opt_str(entry, "name", path) {
        Some(name) if !name.is_empty() => name.to_owned(),
        _ => hook.handler.default_name(),
    };
    Some(hook)
}

/// `timeout`: Go's `int` (a fraction fails Crush's JSON decoding); 0 or less means 30 s.
fn timeout(reader: &mut Reader<'_>, entry: &Object<'_>, path: &[Step]) -> Duration {
    let Some(value) = entry.get("timeout") else {
        return DEFAULT_TIMEOUT;
    };
    match value {
        Node::Number(number) if number.as_i64().is_some() => match number.as_u64() {
            Some(seconds) if seconds > 0 => Duration::from_secs(seconds),
            _ => DEFAULT_TIMEOUT,
        },
        other => {
            reader
                .error(
                    &child(path, "timeout"),
                    format!("`timeout` must be a whole number of seconds, found {other}"),
                )
                .help = Some("Crush cannot read the configuration otherwise".into());
            DEFAULT_TIMEOUT
        }
    }
}
