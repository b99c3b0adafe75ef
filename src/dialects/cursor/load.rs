//! Cursor `.cursor/hooks.json`: `{"version": 1, "hooks": {"<event>": [{command, matcher?,
//! timeout? (seconds, default 30), failClosed?}]}}` — flat entries per event, shell form. A hook
//! fails open unless `failClosed: true`.

use crate::model::hook::Switches;
use std::time::Duration;

use crate::config::diagnostics::Severity;
use crate::config::locate::Step;
use crate::config::reader::Reader;
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};
use crate::model::load::{DialectLoad, LoadContext};

const ENTRY_KEYS: &[&str] = &[
    "command",
    "matcher",
    "timeout",
    "failClosed",
    "type",
    "prompt",
];
/// Cursor documents no default; hookrun uses 30 s.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the hooks file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    check_version(&mut reader, &root);
    let hooks = json_file::read_event_map(
        &mut reader,
        &root,
        crate::dialects::CURSOR,
        |r, e, entry, p| read_entry(ctx, r, e, entry, p),
    );
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

/// Cursor's file format is versioned; hookrun reads version 1 and says so when it sees another.
fn check_version(reader: &mut Reader<'_>, root: &Object<'_>) {
    match root.get("version") {
        Some(Node::Number(n)) if n.as_f64() == Some(1.0) => {}
        Some(_) => {
            let at = vec![Step::Key("version".into())];
            reader
                .warn(&at, "hookrun reads Cursor hooks files of `\"version\": 1`")
                .help = Some("set \"version\": 1".into());
        }
        None => {
            reader
                .report(
                    Severity::Warning,
                    &[],
                    false,
                    "the Cursor hooks file has no `version`",
                )
                .help = Some("add \"version\": 1 at the top level".into());
        }
    }
}

fn read_entry(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    entry: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(entry, ENTRY_KEYS, path, "a cursor hook");
    let kind = reader.opt_str(entry, "type", path).unwrap_or("command");
    let handler = if kind == "command" {
        let command = reader.req_str(entry, "command", path, "the hook")?;
        Handler::Command(CommandForm::Shell(command.to_owned()))
    } else {
        Handler::Unsupported {
            kind: kind.to_owned(),
        }
    };
    let mut hook = Hook::new(
        crate::dialects::CURSOR,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        handler,
        ctx.project_dir.to_path_buf(),
        DEFAULT_TIMEOUT,
        path,
    );
    hook.name = hook.handler.default_name();
    json_file::read_matcher_and_timeout(reader, &mut hook, entry, path, super::FLAVOUR);
    hook.fail_closed = reader.opt_bool(entry, "failClosed", path).unwrap_or(false);
    Some(hook)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::diagnostics::Diagnostic;

    fn load_text(text: &str) -> DialectLoad {
        json_file::load_for_test(load, ".cursor/hooks.json", crate::dialects::CURSOR, text)
    }

    #[test]
    fn entries_become_shell_hooks_with_seconds_and_fail_posture() {
        let load = load_text(
            r#"{"version": 1, "hooks": {"beforeShellExecution": [
                {"command": "./hooks/net.sh", "matcher": "curl|wget", "timeout": 5, "failClosed": true},
                {"command": "./hooks/audit.sh"}]}}"#,
        );
        assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
        let [first, second] = load.hooks.as_slice() else {
            panic!("two hooks expected")
        };
        assert_eq!(first.name, "net");
        assert_eq!(first.timeout, Duration::from_secs(5));
        assert!(first.fail_closed);
        assert_eq!(first.matcher.pattern(), Some("curl|wget"));
        assert_eq!(second.timeout, DEFAULT_TIMEOUT);
        assert!(!second.fail_closed);
        assert!(
            matches!(&second.handler, Handler::Command(CommandForm::Shell(c)) if c == "./hooks/audit.sh")
        );
    }

    #[test]
    fn version_and_event_problems_are_warnings() {
        let load = load_text(r#"{"hooks": {"beforeShellExecutoin": [{"command": "x"}]}}"#);
        let messages: Vec<String> = load.diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(load.hooks.len(), 1);
        assert!(
            load.diagnostics.iter().all(|d| !d.is_error()),
            "{messages:?}"
        );
        assert!(
            messages.iter().any(|m| m.contains("no `version`")),
            "{messages:?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("did you mean `beforeShellExecution`")),
            "{messages:?}"
        );
        let two = load_text(r#"{"version": 2, "hooks": {}}"#);
        assert!(two.diagnostics[0].to_string().contains("version"));
    }

    #[test]
    fn bad_types_are_errors_and_prompt_hooks_are_kept_as_unsupported() {
        let load = load_text(
            r#"{"version": 1, "hooks": {"stop": [{"command": "x", "timeout": "30"},
                {"type": "prompt", "prompt": "is the task done?"}]}}"#,
        );
        assert!(load.diagnostics.iter().any(Diagnostic::is_error));
        assert!(
            matches!(&load.hooks[1].handler, Handler::Unsupported { kind } if kind == "prompt")
        );
    }
}
