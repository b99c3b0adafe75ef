//! PraisonAI `.praison/hooks.json`: `{"hooks": [{event, command, name?, matcher?, timeout?
//! (seconds, default 60), env?}]}`, read as `HooksHandler.register_from_config` reads it. Events
//! compare case-insensitively (`BEFORE_TOOL` = `before_tool`); commands run in shell form. An
//! entry without `event` or `command` is skipped, as PraisonAI skips it (a warning says so); a
//! `timeout` of 0 is PraisonAI's default (`hook.timeout or default_timeout`); `enabled`, of the
//! file or of an entry, is not read by PraisonAI, so the hooks run (a warning says so).
//!
//! A file whose `hooks` is an object is in `HooksManager`'s form ([`super::manager`]), as
//! `praisonai hooks init` writes it to this path.

use crate::model::hook::Switches;
use std::time::Duration;

use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::matching::Matcher;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};
use crate::model::load::{DialectLoad, LoadContext};

const ENTRY_KEYS: &[&str] = &[
    "event", "command", "name", "matcher", "timeout", "env", "enabled",
];
/// PraisonAI's `register_command` default.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the hooks file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    // `HooksManager`'s object form: `praisonai hooks init` still writes it here
    // (MervinPraison/PraisonAI src/praisonai/praisonai/cli/legacy/subcommand_handlers.py line
    // 346), and praisonaiagents read it here up to 1.3.1 (`CONFIG_FILE = ".praison/hooks.json"`
    // in memory/hooks.py line 106, moved to `.praisonai/` by commit 13d3c6c, release v4.4.0).
    if let Some(Node::Object(_)) = root.get("hooks") {
        return super::manager::read(ctx, reader, &root);
    }
    not_read_enabled(&mut reader, &root, &[]);
    let mut hooks = Vec::new();
    let path = vec![Step::Key("hooks".into())];
    if let Some(entries) = root.get("hooks") {
        json_file::read_entries(&mut reader, entries, &path, &mut hooks, |r, e, p| {
            read_entry(ctx, r, e, p)
        });
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

/// `"enabled": false` switches nothing off in PraisonAI (`register_from_config` never reads it):
/// a warning, and the hooks run.
fn not_read_enabled(reader: &mut Reader<'_>, map: &Object<'_>, path: &[Step]) {
    if reader.opt_bool(map, "enabled", path) == Some(false) {
        reader
            .warn(
                &child(path, "enabled"),
                "PraisonAI does not read `enabled`: these hooks run",
            )
            .help = Some("remove the hooks (or the entry) to switch them off".into());
    }
}

fn read_entry(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    entry: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(entry, ENTRY_KEYS, path, "a praison hook");
    not_read_enabled(reader, entry, path);
    let event = reader.opt_str(entry, "event", path);
    let command = reader.opt_str(entry, "command", path);
    if let Some(missing) = ["event", "command"]
        .into_iter()
        .find(|key| !entry.contains_key(key))
    {
        reader
            .warn(
                path,
                format!("this hook has no `{missing}`: PraisonAI skips it, and so does hookrun"),
            )
            .help = Some(format!("add \"{missing}\" to this entry"));
        return None;
    }
    // A field of the wrong type is an error already.
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
    hook.matcher = Matcher::new(reader.opt_str(entry, "matcher", path), super::FLAVOUR);
    hook.timeout = timeout(reader, entry, path);
    hook.fail_closed = true;
    if let Some(env) = reader.opt_str_map(entry, "env", path) {
        hook.env = env;
    }
    Some(hook)
}

/// `timeout` in seconds; 0 is PraisonAI's default. A negative one (every run would time out
/// at once) or a non-number is an error.
fn timeout(reader: &mut Reader<'_>, entry: &Object<'_>, path: &[Step]) -> Duration {
    match reader.opt_number(entry, "timeout", path) {
        None | Some(0.0) => DEFAULT_TIMEOUT,
        Some(seconds) => seconds_to_duration(seconds).unwrap_or_else(|| {
            reader.error(
                &child(path, "timeout"),
                "`timeout` must be 0 (the default, 60 seconds) or more (seconds)",
            );
            DEFAULT_TIMEOUT
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_text(text: &str) -> DialectLoad {
        json_file::load_for_test(load, ".praison/hooks.json", crate::dialects::PRAISON, text)
    }

    #[test]
    fn the_hooks_manager_form_here_is_read_as_hooks_manager_reads_it() {
        // What `praisonai hooks init` writes to `.praison/hooks.json`.
        let load = load_text(
            r#"{"enabled": true, "timeout": 30, "hooks": {
                "pre_write_code": "./scripts/lint.sh",
                "pre_run_command": {"command": "./scripts/validate.sh", "timeout": 60,
                                    "block_on_failure": true}}}"#,
        );
        assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
        let [lint, validate] = load.hooks.as_slice() else {
            panic!("two hooks expected")
        };
        assert!(super::super::manager::is_manager_hook(lint));
        assert!(super::super::manager::fires_on(
            &lint.events,
            "pre_write_code"
        ));
        assert_eq!(
            (validate.timeout, validate.fail_closed),
            (Duration::from_secs(60), true)
        );
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
    fn enabled_false_is_not_read_and_says_so() {
        let load = load_text(
            r#"{"enabled": false, "hooks": [{"event": "before_tool", "command": "x", "enabled": false}]}"#,
        );
        assert_eq!(load.hooks.len(), 1);
        let warnings: Vec<String> = load.diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(
            load.diagnostics
                .iter()
                .all(|d| !d.is_error() && d.to_string().contains("does not read `enabled`")),
            "{warnings:?}"
        );
    }

    #[test]
    fn entries_without_event_or_command_are_skipped_with_a_warning() {
        let load = load_text(
            r#"{"hooks": [{"event": "before_tool", "name": "nothing"}, {"command": "y"},
                {"event": "before_tol", "command": "x"}, {"event": 5, "command": "z"}]}"#,
        );
        let messages: Vec<String> = load.diagnostics.iter().map(ToString::to_string).collect();
        assert!(
            messages
                .iter()
                .any(|m| m.contains("did you mean `before_tool`")),
            "{messages:?}"
        );
        for missing in ["`command`", "`event`"] {
            assert!(
                load.diagnostics.iter().any(|d| !d.is_error()
                    && d.to_string()
                        .contains(&format!("has no {missing}: PraisonAI skips it"))),
                "{messages:?}"
            );
        }
        // A field of the wrong type is still an error.
        assert_eq!(
            load.diagnostics.iter().filter(|d| d.is_error()).count(),
            1,
            "{messages:?}"
        );
        assert_eq!(load.hooks.len(), 1);
    }

    #[test]
    fn a_zero_timeout_is_the_default_and_a_negative_one_an_error() {
        let load = load_text(
            r#"{"hooks": [{"event": "before_tool", "command": "x", "timeout": 0},
                {"event": "before_tool", "command": "y", "timeout": 0.5},
                {"event": "before_tool", "command": "z", "timeout": -1}]}"#,
        );
        let timeouts: Vec<Duration> = load.hooks.iter().map(|h| h.timeout).collect();
        assert_eq!(timeouts[..2], [DEFAULT_TIMEOUT, Duration::from_millis(500)]);
        assert!(
            load.diagnostics
                .iter()
                .any(|d| d.is_error() && d.to_string().contains("`timeout` must be 0")),
            "{:?}",
            load.diagnostics
        );
    }
}
