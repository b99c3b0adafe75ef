//! Kimi's `config.toml` read into the one model: its `[[hooks]]` tables (`HookDef`,
//! kimi_cli/hooks/config.py) and nothing else of the file, whose other keys are Kimi's own.
//! `event` is one of Kimi's names and `command` is required; `matcher` is a regex searched in the
//! event's value (`re.search` in `HookEngine._match_regex`; Kimi Code's `new RegExp(p).test(v)`);
//! `timeout` is a whole number of seconds from 1 to 600, 30 when absent. Kimi validates the file
//! with pydantic and refuses to start on a bad entry: here that is an error too.

use std::time::Duration;

use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::{Node, Object};
use crate::matching::{Flavour, Matcher, Syntax};
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};
use crate::model::load::{DialectLoad, LoadContext};

use super::KIMI;

/// An entry's keys (`HookDef`).
const KEYS: &[&str] = &["event", "matcher", "command", "timeout"];
/// `timeout` when absent (`Field(default=30, ...)`).
const DEFAULT_TIMEOUT: u64 = 30;
/// `le=600`.
pub(super) const MAX_TIMEOUT: u64 = 600;

/// Loads the `hooks` of one `config.toml`.
pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    crate::model::load::load_hook_tables(ctx.source, |reader, entry, at| {
        read_entry(ctx, reader, entry, at, kimi_code(ctx))
    })
}

/// Whether the file is Kimi Code's (JavaScript regexes) rather than kimi-cli's (Python's).
fn kimi_code(ctx: &LoadContext<'_>) -> bool {
    ctx.source
        .path
        .parent()
        .and_then(|dir| dir.file_name())
        .is_some_and(|dir| dir == ".kimi-code")
        || std::env::var_os("KIMI_CODE_HOME")
            .is_some_and(|home| !home.is_empty() && ctx.source.path.starts_with(home))
}

fn read_entry(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    entry: &Object<'_>,
    path: &[Step],
    kimi_code: bool,
) -> Option<Hook> {
    // kimi-cli ignores other keys; Kimi Code's schema is `.strict()` and refuses them.
    reader.unknown_keys(entry, KEYS, path, "a Kimi hook");
    let event = reader.req_str(entry, "event", path, "the hook")?;
    if !super::EVENTS.contains(&event) {
        reader
            .error(
                &child(path, "event"),
                format!("unknown Kimi event `{event}`"),
            )
            .help = Some(format!(
            "Kimi refuses the whole config.toml otherwise; its events: {}",
            super::EVENTS.join(", ")
        ));
        return None;
    }
    let command = reader.req_str(entry, "command", path, "the hook")?;
    if command.is_empty() {
        reader.error(
            &child(path, "command"),
            "empty `command`: Kimi Code refuses it (`string().min(1)`)",
        );
        return None;
    }
    let timeout = timeout(reader, entry, path);
    let mut hook = Hook::new(
        KIMI,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        Handler::Command(CommandForm::Shell(command.to_owned())),
        ctx.project_dir.to_path_buf(),
        timeout,
        path,
    );
    let syntax = if kimi_code {
        Syntax::EcmaScript
    } else {
        Syntax::Python
    };
    hook.matcher = Matcher::new(
        reader.opt_str(entry, "matcher", path),
        Flavour::RegexOrSubstring(syntax),
    );
    hook.name = hook.handler.default_name();
    Some(hook)
}

/// `timeout`: an integer from 1 to 600 (`ge=1, le=600`); anything else fails Kimi's validation.
fn timeout(reader: &mut Reader<'_>, entry: &Object<'_>, path: &[Step]) -> Duration {
    let default = Duration::from_secs(DEFAULT_TIMEOUT);
    let Some(value) = entry.get("timeout") else {
        return default;
    };
    let seconds = match value {
        Node::Number(number) => number.as_u64(),
        _ => None,
    };
    if let Some(seconds @ 1..=MAX_TIMEOUT) = seconds {
        return Duration::from_secs(seconds);
    }
    reader
        .error(
            &child(path, "timeout"),
            format!(
                "`timeout` must be a whole number of seconds from 1 to {MAX_TIMEOUT}, found {value}"
            ),
        )
        .help = Some("Kimi refuses the whole config.toml otherwise".into());
    default
}
