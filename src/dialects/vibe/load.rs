//! A Vibe `hooks.toml` read into the one model: its `[[hooks]]` tables (`HookConfig`,
//! vibe/core/hooks/models.py), each `name`, `type` (`pre_tool`, `post_tool`, `post_agent`),
//! `command` (not blank), `match`? (not blank), `timeout`? (seconds, 60), `strict`? (tool hooks
//! only) and `description`?. Other keys of the file and of an entry are ignored, as Vibe's
//! non-strict models ignore them (a warning here). Vibe skips an entry it cannot validate, with a
//! notice; here that is an error, so that a guard that cannot be read is never silently absent.

use std::time::Duration;

use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::Object;
use crate::matching::{Flavour, Matcher, Syntax};
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};
use crate::model::load::{DialectLoad, LoadContext};

use super::VIBE;

/// `HookConfig`'s fields.
const KEYS: &[&str] = &[
    "name",
    "type",
    "command",
    "match",
    "timeout",
    "strict",
    "description",
];
/// `_DEFAULT_HOOK_TIMEOUT = 60.0`.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);
/// The flavour of the regex [`super::glob::regex_of`] writes: Python's, over the whole name.
pub(super) const FLAVOUR: Flavour = Flavour::WholeRegex(Syntax::Python);

/// Loads the `[[hooks]]` of one `hooks.toml`.
pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    crate::model::load::load_hook_tables(ctx.source, |reader, entry, at| {
        read_entry(ctx, reader, entry, at)
    })
}

fn read_entry(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    entry: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(entry, KEYS, path, "a Vibe hook");
    let name = reader.req_str(entry, "name", path, "the hook")?;
    let kind = reader.req_str(entry, "type", path, "the hook")?;
    if !super::EVENTS.contains(&kind) {
        reader
            .error(
                &child(path, "type"),
                format!("unknown Vibe hook type `{kind}`"),
            )
            .help = Some("Vibe's types: pre_tool, post_tool, post_agent".into());
        return None;
    }
    let command = reader.req_str(entry, "command", path, "the hook")?;
    if command.trim().is_empty() {
        reader.error(&child(path, "command"), "`command` must not be empty");
        return None;
    }
    let pattern = reader.opt_str(entry, "match", path);
    if pattern.is_some_and(|text| text.trim().is_empty()) {
        reader.error(&child(path, "match"), "`match` must not be empty");
        return None;
    }
    let strict = reader.opt_bool(entry, "strict", path).unwrap_or(false);
    if strict && kind == "post_agent" {
        reader.error(
            &child(path, "strict"),
            "strict is only valid for tool hooks (pre_tool / post_tool)",
        );
        return None;
    }
    reader.opt_str(entry, "description", path);
    let timeout = match reader.opt_number(entry, "timeout", path) {
        None => DEFAULT_TIMEOUT,
        Some(seconds) => seconds_to_duration(seconds).unwrap_or_else(|| {
            reader.error(
                &child(path, "timeout"),
                "`timeout` must be greater than 0 (seconds)",
            );
            DEFAULT_TIMEOUT
        }),
    };
    let mut hook = Hook::new(
        VIBE,
        ctx.index,
        EventSelector::Named(kind.to_owned()),
        Handler::Command(CommandForm::Shell(command.to_owned())),
        ctx.project_dir.to_path_buf(),
        timeout,
        path,
    );
    hook.matcher = Matcher::new(pattern.and_then(super::glob::regex_of).as_deref(), FLAVOUR);
    // A strict tool hook's failure denies the call (pre_tool) or clears its result (post_tool).
    hook.fail_closed = strict;
    name.clone_into(&mut hook.name);
    hook.written_name = Some(name.to_owned());
    Some(hook)
}
