//! PraisonAI `.praison/hooks.json`: `{"enabled"?: bool, "hooks": [{event, command, name?,
//! matcher?, timeout? (seconds, default 60), env?}]}`. Events compare case-insensitively
//! (`BEFORE_TOOL` = `before_tool`); commands run in shell form; `"enabled": false` switches the
//! whole file off.

use std::time::Duration;

use crate::dialects::json_file;
use crate::model::load::{DialectLoad, LoadContext};
use crate::config::locate::Step;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};
use crate::config::reader::{Reader, child};
use crate::config::tree::Object;

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
    if let Some(entries) = root.get("hooks") {
        json_file::read_entries(&mut reader, entries, &path, &mut hooks, |r, e, p| {
            read_entry(ctx, r, e, p)
        });
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
    entry: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(entry, ENTRY_KEYS, path, "a praison hook");
    let event = reader.req_str(entry, "event", path, "the hook");
    let command = reader.req_str(entry, "command", path, "the hook");
    let (event, command) = (event?, command?);
    json_file::warn_unknown_event(
        reader,
        crate::dialects::PRAISON,
        event,
        &child(path, "event"),
        false,
    );
    let form = CommandForm::Shell(command.to_owned());
    let mut hook = Hook::new(
        crate::dialects::PRAISON,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        Handler::Command(form),
        ctx.project_dir.to_path_buf(),
        DEFAULT_TIMEOUT,
        path,
    );
    hook.name = reader
        .opt_str(entry, "name", path)
        .map_or_else(|| hook.handler.default_name(), str::to_owned);
    json_file::read_matcher_and_timeout(reader, &mut hook, entry, path, super::FLAVOUR);
    if let Some(env) = reader.opt_str_map(entry, "env", path) {
        hook.env = env;
    }
    Some(hook)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_text(text: &str) -> DialectLoad {
        json_file::load_for_test(load, ".praison/hooks.json", crate::dialects::PRAISON, text)
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
