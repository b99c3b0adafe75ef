//! PraisonAI `.praison/hooks.json`: `{"enabled"?: bool, "hooks": [{event, command, name?,
//! matcher?, timeout? (seconds, default 60), env?}]}`. Events compare case-insensitively
//! (`BEFORE_TOOL` = `before_tool`); commands run in shell form; `"enabled": false` switches the
//! whole file off.

use std::time::Duration;

use serde_json::{Map, Value};

use crate::config::diagnostics::{Severity, did_you_mean};
use crate::config::dialect::{DialectLoad, LoadContext, json_file};
use crate::config::dialect_name::Dialect;
use crate::config::locate::Step;
use crate::config::model::{CommandForm, EventSelector, Handler, Hook, derive_name};
use crate::config::reader::{Reader, child, child_index};
use crate::matching::{Matcher, is_known_event, known_events};

const ENTRY_KEYS: &[&str] = &["event", "command", "name", "matcher", "timeout", "env"];
/// PraisonAI's `register_command` default.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the hooks file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    let enabled = reader.opt_bool(&root, "enabled", &[]).unwrap_or(true);
    let mut hooks = Vec::new();
    let path = vec![Step::Key("hooks".into())];
    let entries = root
        .get("hooks")
        .and_then(|entries| reader.array(entries, &path, "hooks"));
    for (index, entry) in entries.into_iter().flatten().enumerate() {
        let entry_path = child_index(&path, index);
        let Some(entry) = reader.object(entry, &entry_path, "a hook entry") else {
            continue;
        };
        if let Some(hook) = read_entry(ctx, &mut reader, entry, &entry_path) {
            hooks.push(hook);
        }
    }
    if !enabled {
        hooks.clear();
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
    }
}

fn read_entry(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    entry: &Map<String, Value>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(entry, ENTRY_KEYS, path, "a praison hook");
    let event = reader.req_str(entry, "event", path, "the hook");
    let command = reader.req_str(entry, "command", path, "the hook");
    let (event, command) = (event?, command?);
    if !is_known_event(Dialect::Praison, event) {
        let known = known_events(Dialect::Praison);
        let lower = event.to_ascii_lowercase();
        let help = did_you_mean(&lower, known).map_or_else(
            || format!("praison events: {}", known.join(", ")),
            |e| format!("did you mean `{e}`?"),
        );
        reader
            .report(
                Severity::Warning,
                &child(path, "event"),
                false,
                format!("unknown praison event `{event}`"),
            )
            .help = Some(help);
    }
    let form = CommandForm::Shell(command.to_owned());
    let mut hook = Hook::new(
        Dialect::Praison,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        Handler::Command(form.clone()),
        ctx.project_dir.to_path_buf(),
        DEFAULT_TIMEOUT,
    );
    hook.location = Some(reader.position(path, false));
    hook.name = reader
        .opt_str(entry, "name", path)
        .map_or_else(|| derive_name(&form), str::to_owned);
    hook.matcher = Matcher::new(reader.opt_str(entry, "matcher", path), Dialect::Praison);
    if let Some(timeout) = json_file::timeout_seconds(reader, entry, path) {
        hook.timeout = timeout;
    }
    if let Some(env) = reader.opt_str_map(entry, "env", path) {
        hook.env = env;
    }
    Some(hook)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::config::model::Source;

    fn load_text(text: &str) -> DialectLoad {
        let source = Source {
            path: ".praison/hooks.json".into(),
            display: ".praison/hooks.json".into(),
            dialect: Dialect::Praison,
            text: text.into(),
            explicit: false,
        };
        load(&LoadContext {
            source: &source,
            index: 0,
            project_dir: Path::new("/p"),
        })
    }

    #[test]
    fn entries_keep_their_name_env_timeout_and_event_spelling() {
        let load = load_text(
            r#"{"enabled": true, "hooks": [
                {"event": "BEFORE_TOOL", "command": "python3 hooks/guard.py", "name": "guard",
                 "matcher": "write_*", "timeout": 5, "env": {"LEVEL": "strict", "N": 2}},
                {"event": "after_tool", "command": "./hooks/log.sh"}]}"#,
        );
        assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
        let [guard, log] = load.hooks.as_slice() else {
            panic!("two hooks expected")
        };
        assert_eq!(guard.name, "guard");
        assert!(matches!(&guard.events, EventSelector::Named(e) if e == "BEFORE_TOOL"));
        assert_eq!(guard.timeout, Duration::from_secs(5));
        assert_eq!(
            guard.env,
            vec![("LEVEL".into(), "strict".into()), ("N".into(), "2".into())]
        );
        assert_eq!(log.name, "log");
        assert_eq!(log.timeout, DEFAULT_TIMEOUT);
    }

    #[test]
    fn enabled_false_switches_the_file_off() {
        let load =
            load_text(r#"{"enabled": false, "hooks": [{"event": "before_tool", "command": "x"}]}"#);
        assert!(load.hooks.is_empty());
        assert!(load.diagnostics.is_empty());
    }

    #[test]
    fn unknown_events_warn_and_missing_fields_are_errors() {
        let load =
            load_text(r#"{"hooks": [{"event": "before_tol", "command": "x"}, {"command": "y"}]}"#);
        let messages: Vec<String> = load.diagnostics.iter().map(ToString::to_string).collect();
        assert!(
            messages
                .iter()
                .any(|m| m.contains("did you mean `before_tool`")),
            "{messages:?}"
        );
        assert!(
            load.diagnostics
                .iter()
                .any(|d| d.is_error() && d.to_string().contains("has no `event`")),
            "{messages:?}"
        );
        assert_eq!(load.hooks.len(), 1);
    }
}
