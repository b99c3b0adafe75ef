use std::time::Duration;

use super::load::load;
use crate::dialects::json_file::load_for_test;
use crate::model::hook::{CommandForm, Handler};

fn load_text(path: &str, text: &str) -> crate::model::load::DialectLoad {
    load_for_test(load, path, super::COPILOT, text)
}

fn messages(load: &crate::model::load::DialectLoad) -> Vec<String> {
    load.diagnostics.iter().map(ToString::to_string).collect()
}

#[test]
fn a_hooks_file_gives_bash_command_and_exec_entries_with_seconds_cwd_and_env() {
    let load = load_text(
        ".github/hooks/policy.json",
        r#"{"version": 1, "hooks": {"preToolUse": [
            {"type": "command", "bash": "./check.sh", "powershell": "./check.ps1",
             "timeoutSec": 5, "matcher": "bash|edit", "cwd": "tools", "env": {"MODE": "strict"}},
            {"command": "./fallback.sh", "timeout": 7},
            {"exec": "node", "args": ["hook.js", "--strict"]}]}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", messages(&load));
    let [bash, command, exec] = load.hooks.as_slice() else {
        panic!("three hooks expected");
    };
    assert!(matches!(&bash.handler, Handler::Command(CommandForm::Shell(c)) if c == "./check.sh"));
    assert_eq!(bash.timeout, Duration::from_secs(5));
    assert_eq!(bash.cwd, std::path::Path::new("/p/tools"));
    assert!(bash.env.contains(&("MODE".into(), "strict".into())));
    assert!(
        bash.env.iter().any(|(name, _)| name == "COPILOT_HOOK_DIR"),
        "{:?}",
        bash.env
    );
    assert_eq!(bash.matcher.pattern(), Some("bash|edit"));
    assert!(
        matches!(&command.handler, Handler::Command(CommandForm::Shell(c)) if c == "./fallback.sh")
    );
    assert_eq!(command.timeout, Duration::from_secs(7));
    assert!(matches!(&exec.handler,
        Handler::Command(CommandForm::Exec { program, args }) if program == "node" && args == &["hook.js", "--strict"]));
    assert_eq!(exec.timeout, Duration::from_secs(30));
}

#[test]
fn timeout_sec_wins_over_its_alias() {
    let load = load_text(
        ".github/hooks/a.json",
        r#"{"version": 1, "hooks": {"agentStop": [{"bash": "x", "timeoutSec": 3, "timeout": 9}]}}"#,
    );
    assert_eq!(load.hooks[0].timeout, Duration::from_secs(3));
}

#[test]
fn a_hooks_file_of_another_version_is_an_error_and_one_without_loads() {
    let load = load_text(
        ".github/hooks/a.json",
        r#"{"hooks": {"preToolUse": [{"bash": "x"}]}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", messages(&load));
    let text = r#"{"version": 2, "hooks": {"preToolUse": [{"bash": "x"}]}}"#;
    let load = load_text(".github/hooks/a.json", text);
    assert!(
        load.diagnostics
            .iter()
            .any(|d| d.is_error() && d.to_string().contains("version")),
        "{:?}",
        messages(&load)
    );
}

#[test]
fn a_settings_file_keeps_its_hooks_inline_and_needs_no_version() {
    let load = load_text(
        ".github/copilot/settings.json",
        r#"{"model": "x", "disableAllHooks": false, "hooks": {"sessionStart": [{"bash": "echo hi"}]}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", messages(&load));
    assert_eq!(load.hooks.len(), 1);
    assert_eq!(load.switches.disable_all_hooks, Some(false));
}

#[test]
fn disable_all_hooks_in_a_hooks_file_switches_off_its_own_hooks() {
    let load = load_text(
        ".github/hooks/a.json",
        r#"{"version": 1, "disableAllHooks": true, "hooks": {"preToolUse": [{"bash": "x"}]}}"#,
    );
    assert!(!load.hooks[0].enabled);
    assert_eq!(load.switches.disable_all_hooks, None);
}

#[test]
fn entries_copilot_would_not_run_are_reported() {
    let load = load_text(
        ".github/hooks/a.json",
        r#"{"version": 1, "hooks": {"preToolUse": [
            {"powershell": "./only-windows.ps1"},
            {"type": "command"},
            {"exec": "node", "bash": "x"},
            {"type": "webhook", "url": "https://x"},
            {"bash": "x", "timeoutSec": 0}]}}"#,
    );
    let messages = messages(&load);
    assert!(load.hooks.len() <= 1, "{messages:?}");
    for needle in [
        "runs it on Windows only",
        "needs `bash`, `command` or `exec`",
        "cannot be combined",
        "unknown Copilot hook type `webhook`",
        "`timeoutSec` must be greater than 0",
    ] {
        assert!(
            messages.iter().any(|m| m.contains(needle)),
            "{needle}: {messages:?}"
        );
    }
}

#[test]
fn prompt_hooks_are_kept_as_unsupported_and_only_on_session_start() {
    let load = load_text(
        ".github/hooks/a.json",
        r#"{"version": 1, "hooks": {"sessionStart": [{"type": "prompt", "prompt": "/plan"}],
            "agentStop": [{"type": "prompt", "prompt": "again"}]}}"#,
    );
    assert!(matches!(&load.hooks[0].handler, Handler::Unsupported { kind } if kind == "prompt"));
    assert!(
        messages(&load)
            .iter()
            .any(|m| m.contains("`prompt` hooks on `sessionStart` only"))
    );
}

#[test]
fn unknown_events_get_a_did_you_mean() {
    let load = load_text(
        ".github/hooks/a.json",
        r#"{"version": 1, "hooks": {"agentStpo": [{"bash": "x"}]}}"#,
    );
    assert!(
        messages(&load)
            .iter()
            .any(|m| m.contains("did you mean `agentStop`")),
        "{:?}",
        messages(&load)
    );
}

#[test]
fn http_hooks_keep_their_headers_and_allowed_variables() {
    let load = load_text(
        ".github/hooks/a.json",
        r#"{"version": 1, "hooks": {"postToolUse": [{"type": "http", "url": "https://h.example/x",
            "headers": {"Authorization": "Bearer $TOKEN"}, "allowedEnvVars": ["TOKEN"], "timeoutSec": 4}]}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", messages(&load));
    let Handler::Http(http) = &load.hooks[0].handler else {
        panic!("an http hook")
    };
    assert_eq!(http.url, "https://h.example/x");
    assert_eq!(http.allowed_env_vars, ["TOKEN"]);
    assert_eq!(load.hooks[0].timeout, Duration::from_secs(4));
}

#[test]
fn a_pascal_case_key_reads_claudes_matcher_groups_too() {
    let load = load_text(
        ".github/hooks/policy.json",
        r#"{"version": 1, "hooks": {"PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "./a.sh"},
                                          {"type": "command", "command": "./b.sh", "timeout": 4}]},
            {"type": "command", "bash": "./flat.sh"}]}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", messages(&load));
    let [a, b, flat] = load.hooks.as_slice() else {
        panic!("three hooks expected");
    };
    assert!(matches!(&a.handler, Handler::Command(CommandForm::Shell(c)) if c == "./a.sh"));
    assert_eq!(a.matcher.pattern(), Some("Bash"));
    assert_eq!(b.matcher.pattern(), Some("Bash"));
    assert_eq!(b.timeout, Duration::from_secs(4));
    assert_eq!(flat.matcher.pattern(), None);
}

#[test]
fn a_matcher_group_under_a_camel_case_key_is_an_error() {
    let load = load_text(
        ".github/hooks/policy.json",
        r#"{"version": 1, "hooks": {"preToolUse": [
            {"matcher": "bash", "hooks": [{"type": "command", "command": "./a.sh"}]}]}}"#,
    );
    assert!(load.hooks.is_empty());
    assert!(
        messages(&load)
            .iter()
            .any(|m| m.contains("needs `bash`, `command` or `exec`")),
        "{:?}",
        messages(&load)
    );
}
