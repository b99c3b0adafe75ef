//! ProxyAI `.proxyai/settings.json`: `hooks` → one of nine event keys → flat command entries.
//! Fail posture follows ProxyAI's documentation: `beforeShellExecution` and
//! `beforeReadFile` hooks fail closed; the rest fail open.

use crate::model::hook::Switches;
use std::time::Duration;

use crate::config::diagnostics::Severity;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::Object;
use crate::dialects::json_file;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};
use crate::model::load::{DialectLoad, LoadContext};

const ENTRY_KEYS: &[&str] = &["command", "matcher", "timeout", "enabled", "loopLimit"];
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// Events whose hooks fail closed per ProxyAI's documentation.
const FAIL_CLOSED_EVENTS: &[&str] = &["beforeShellExecution", "beforeReadFile"];

pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the settings file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    let mut hooks = Vec::new();
    let path = vec![Step::Key("hooks".into())];
    let events = root
        .get("hooks")
        .and_then(|events| reader.object(events, &path, "hooks"));
    for (key, entries) in events.into_iter().flatten() {
        let event_path = child(&path, key);
        let event = match key {
            "preToolUse" => {
                reader
                    .report(
                        Severity::Warning,
                        &event_path,
                        true,
                        "`preToolUse` is read as ProxyAI's `beforeToolUse`",
                    )
                    .help = Some("rename the key to `beforeToolUse`".into());
                "beforeToolUse"
            }
            other => {
                json_file::warn_unknown_event(
                    &mut reader,
                    crate::dialects::PROXYAI,
                    other,
                    &event_path,
                    true,
                );
                other
            }
        };
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
    reader.unknown_keys(entry, ENTRY_KEYS, path, "a proxyai hook");
    let command = reader.req_str(entry, "command", path, "the hook")?;
    let form = CommandForm::Shell(command.to_owned());
    let mut hook = Hook::new(
        crate::dialects::PROXYAI,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        Handler::Command(form),
        ctx.project_dir.to_path_buf(),
        DEFAULT_TIMEOUT,
        path,
    );
    hook.name = hook.handler.default_name();
    json_file::read_matcher_and_timeout(reader, &mut hook, entry, path, super::FLAVOUR);
    hook.enabled = reader.opt_bool(entry, "enabled", path).unwrap_or(true);
    if let Some(limit) = reader.opt_number(entry, "loopLimit", path) {
        if limit >= 0.0 && limit.fract() == 0.0 {
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "checked whole and non-negative"
            )]
            let limit = limit as u64;
            hook.loop_limit = Some(limit);
        } else {
            reader.error(
                &child(path, "loopLimit"),
                "`loopLimit` must be a whole number ≥ 0",
            );
        }
    }
    hook.fail_closed = FAIL_CLOSED_EVENTS.contains(&event);
    Some(hook)
}
