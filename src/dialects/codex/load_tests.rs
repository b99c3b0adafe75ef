//! The Codex loader: both files, Codex's defaults and leaf rules, and what is refused.

use std::time::Duration;

use super::CODEX;
use super::load::{config_toml, hooks_json};
use crate::config::diagnostics::Severity;
use crate::dialects::json_file::load_for_test;
use crate::model::hook::{CommandForm, EventSelector, Handler, Mode};
use crate::model::load::DialectLoad;

fn json(text: &str) -> DialectLoad {
    load_for_test(hooks_json, "/p/.codex/hooks.json", CODEX, text)
}

fn toml(text: &str) -> DialectLoad {
    load_for_test(config_toml, "/p/.codex/config.toml", CODEX, text)
}

fn messages(load: &DialectLoad, severity: Severity) -> Vec<String> {
    load.diagnostics
        .iter()
        .filter(|d| d.severity == severity)
        .map(|d| d.message.clone())
        .collect()
}

fn event(load: &DialectLoad, index: usize) -> &str {
    match &load.hooks[index].events {
        EventSelector::Named(name) => name,
        other => panic!("{other:?}"),
    }
}

#[test]
fn hooks_json_groups_become_shell_hooks_with_codex_timeouts() {
    let load = json(
        r#"{"description": "guards", "hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [
                {"type": "command", "command": "./guard.sh"},
                {"type": "command", "command": "./fast.sh", "timeout": 0},
                {"type": "command", "command": "./slow.sh", "timeout": 30, "async": true}]}],
            "SessionEnd": [{"hooks": [
                {"type": "command", "command": "./bye.sh"},
                {"type": "command", "command": "./long.sh", "timeout": 60}]}]}}"#,
    );
    assert!(
        messages(&load, Severity::Error).is_empty(),
        "{:?}",
        load.diagnostics
    );
    let timeouts: Vec<Duration> = load.hooks.iter().map(|h| h.timeout).collect();
    assert_eq!(
        timeouts,
        [600, 1, 30, 1, 3].map(Duration::from_secs),
        "default 600 s, 0 read as 1 s, SessionEnd 1 s and clamped to 3 s"
    );
    assert_eq!(
        messages(&load, Severity::Warning),
        ["Codex clamps a SessionEnd hook's timeout to 3s, and so does hookrun"]
    );
    assert_eq!(
        load.hooks[0].command(),
        Some(&CommandForm::Shell("./guard.sh".into()))
    );
    assert_eq!(load.hooks[2].mode, Mode::Observe, "async never blocks");
    assert_eq!(load.hooks[0].matcher.kind_name(), "exact");
}

#[test]
fn config_toml_reads_its_hooks_and_leaves_every_other_key_alone() {
    let load = toml(
        r#"model = "o3"
approval_policy = "never"
disableAllHooks = true

[features]
hooks = true

[projects."/work/my project"]
trust_level = "trusted"

[[hooks.PreToolUse]]
matcher = "^Bash$"

[[hooks.PreToolUse.hooks]]
type = "command"
command = "./guard.sh"
timeout = 7

[hooks]
Stop = [{ hooks = [{ type = "command", command = "./stop.sh" }] }]

[hooks.state."/p/.codex/config.toml:pre_tool_use:0:0"]
enabled = true
trusted_hash = "sha256:00"
"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
    assert_eq!(load.hooks.len(), 2);
    assert_eq!((event(&load, 0), event(&load, 1)), ("PreToolUse", "Stop"));
    assert_eq!(load.hooks[0].timeout, Duration::from_secs(7));
    assert_eq!(load.hooks[0].matcher.kind_name(), "regex");
}

#[test]
fn a_config_toml_without_hooks_has_none_and_nothing_to_say() {
    let load = toml("model = \"o3\"\n[profiles.fast]\nmodel = \"o4-mini\"\n");
    assert!(load.hooks.is_empty() && load.diagnostics.is_empty());
}

#[test]
fn what_codex_skips_a_whole_file_for_is_an_error() {
    let load = json(
        r#"{"disableAllHooks": true, "hooks": {"PreToolUse": [{"hooks": [
            {"command": "./no-type.sh"},
            {"type": "http", "url": "https://x"},
            {"type": "command", "command": "./a.sh", "timeout": 1.5},
            {"type": "command", "command": "./b.sh", "timeout": "5"}]}]}}"#,
    );
    let errors = messages(&load, Severity::Error);
    assert_eq!(errors.len(), 5, "{errors:?}");
    assert!(
        errors[0].contains("unknown key `disableAllHooks`"),
        "{errors:?}"
    );
    assert!(errors[1].contains("has no `type`"), "{errors:?}");
    assert!(
        errors[2].contains("unknown hook type \"http\""),
        "{errors:?}"
    );
    assert!(
        errors[3].contains("whole number of seconds, found 1.5"),
        "{errors:?}"
    );
    assert!(errors[4].contains("found \"5\""), "{errors:?}");
}

#[test]
fn a_toml_syntax_error_is_positioned() {
    let load = toml("model = \"o3\"\n[[hooks.Stop]\n");
    let error = &load.diagnostics[0];
    assert_eq!((error.severity, error.line), (Severity::Error, 2));
    assert!(
        error.message.starts_with("invalid TOML"),
        "{}",
        error.message
    );
}

#[test]
fn codex_leaves_are_not_claudes() {
    let load = json(
        r#"{"hooks": {
            "PreToolUse": [
                {"matcher": "Bash"},
                {"matcher": "Bash", "hooks": [
                    {"type": "command", "command": "python3", "args": ["g.py"], "if": "Bash(rm *)"},
                    {"type": "command", "command": "   "},
                    {"type": "prompt", "prompt": "is this safe?"}]}],
            "Notification": [{"hooks": [{"type": "command", "command": "./n.sh"}]}],
            "state": {}}}"#,
    );
    assert!(
        messages(&load, Severity::Error).is_empty(),
        "{:?}",
        load.diagnostics
    );
    let warnings = messages(&load, Severity::Warning);
    assert_eq!(
        warnings,
        [
            "unknown key `args` in a Codex hook handler",
            "unknown key `if` in a Codex hook handler",
            "empty `command`: Codex skips this hook, and so does hookrun",
            "unknown codex event `Notification`",
        ]
    );
    // `args` and `if` mean nothing to Codex: the command runs alone, whenever the group matches.
    assert_eq!(
        load.hooks[0].command(),
        Some(&CommandForm::Shell("python3".into()))
    );
    assert_eq!(load.hooks[0].condition, None);
    assert!(matches!(&load.hooks[1].handler, Handler::Unsupported { kind } if kind == "prompt"));
    assert_eq!(load.hooks.len(), 3, "the group without hooks runs nothing");
}

#[test]
fn matchers_follow_codex_per_event() {
    let matcher = super::load::matcher_for;
    // Events without a target ignore the matcher, even an invalid regex.
    assert!(matcher("Stop", Some("[")).matches_everything());
    assert!(matcher("UserPromptSubmit", Some("Bash")).matches_everything());
    // Names of `[A-Za-z0-9_|]` are exact; `-` makes Codex search the text as a regex.
    let exact = matcher("PreToolUse", Some("Bash|Edit"));
    assert_eq!(exact.is_match("Bash"), Ok(true));
    assert_eq!(exact.is_match("BashOutput"), Ok(false));
    let hyphen = matcher("SubagentStart", Some("code-reviewer"));
    assert_eq!(hyphen.is_match("code-reviewer-2"), Ok(true));
    assert_eq!(hyphen.is_match("code"), Ok(false));
    let regex = matcher("PreToolUse", Some("^Ba"));
    assert_eq!(regex.is_match("Bash"), Ok(true));
    assert!(matcher("PreToolUse", Some("[")).check().is_err());
}
