//! Goose's rules for a plugin's `hooks/hooks.json`, each pinned to block/goose's
//! `documentation/docs/guides/context-engineering/hooks.md` (commit 0825b57, "hooks.md").

use std::time::Duration;

use super::*;
use crate::dialects::json_file::load_for_test;
use crate::model::hook::{CommandForm, Handler};

const FILE: &str = ".agents/plugins/guard/hooks/hooks.json";

fn load_text(text: &str) -> DialectLoad {
    load_for_test(load::load, FILE, OPENPLUGINS, text)
}

fn codes(load: &DialectLoad) -> Vec<&'static str> {
    load.diagnostics.iter().filter_map(|d| d.code).collect()
}

/// hooks.md, "Hook Configuration": `type` defaults to `command`, `timeout` counts seconds and
/// defaults to 30, and `PLUGIN_ROOT` names the plugin's directory.
#[test]
fn actions_are_shell_commands_with_second_timeouts_and_the_plugin_root() {
    let load = load_text(
        r#"{"hooks": {"PostToolUse": [{"matcher": "developer__shell|developer__text_editor",
            "hooks": [{"type": "command", "command": "${PLUGIN_ROOT}/scripts/log.sh", "timeout": 10},
                      {"command": "true"}]}]}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
    let [first, second] = load.hooks.as_slice() else {
        panic!("two hooks expected")
    };
    assert_eq!(first.timeout, Duration::from_secs(10));
    assert_eq!(second.timeout, Duration::from_secs(30));
    assert!(
        matches!(&first.handler, Handler::Command(CommandForm::Shell(c)) if c == "${PLUGIN_ROOT}/scripts/log.sh")
    );
    assert_eq!(
        first.env,
        [(
            "PLUGIN_ROOT".to_owned(),
            "/p/.agents/plugins/guard".to_owned()
        )]
    );
    assert_eq!(
        second.matcher.pattern(),
        Some("developer__shell|developer__text_editor")
    );
}

/// hooks.md: "The match is unanchored, so `\"developer__shell\"` also matches
/// `\"developer__shell_foo\"`".
#[test]
fn a_matcher_is_an_unanchored_regex() {
    let matcher = crate::matching::Matcher::new(Some("developer__shell"), FLAVOUR);
    assert_eq!(matcher.is_match("developer__shell_foo"), Ok(true));
    let anchored = crate::matching::Matcher::new(Some("^developer__shell$"), FLAVOUR);
    assert_eq!(anchored.is_match("developer__shell_foo"), Ok(false));
    let rust = crate::matching::Matcher::new(Some(r"\.rs$"), FLAVOUR);
    assert_eq!(rust.is_match_text("src/main.rs"), Ok(true));
}

/// hooks.md, "Use `.*`, not `*`": "A bare `\"*\"` is an invalid regex, so the whole rule is
/// silently skipped".
#[test]
fn a_bare_star_matcher_skips_its_rule_and_validate_is_told() {
    let load = load_text(
        r#"{"hooks": {"PreToolUse": [
            {"matcher": "*", "hooks": [{"command": "skipped"}]},
            {"matcher": ".*", "hooks": [{"command": "kept"}]}]}}"#,
    );
    assert_eq!(load.hooks.len(), 1);
    assert!(
        matches!(&load.hooks[0].handler, Handler::Command(CommandForm::Shell(c)) if c == "kept")
    );
    assert_eq!(codes(&load), [load::RULE_SKIPPED]);
    assert!(OPENPLUGINS.validate_errors().contains(&load::RULE_SKIPPED));
}

/// hooks.md: "Any value other than `allow` or `block` is a configuration error, and goose skips
/// the whole `hooks.json` file with a warning".
#[test]
fn an_on_failure_other_than_allow_or_block_skips_the_whole_file() {
    let load = load_text(
        r#"{"hooks": {"SessionStart": [{"hooks": [{"command": "a"}]}],
            "PreToolUse": [{"hooks": [{"command": "b", "on_failure": "deny"}]}]}}"#,
    );
    assert!(load.hooks.is_empty());
    assert_eq!(codes(&load), [load::FILE_SKIPPED]);
}

/// hooks.md, "Choose What Happens When a Hook Cannot Decide": `on_failure: block` denies on a
/// hook that returns no decision, and "applies to `PreToolUse` only".
#[test]
fn on_failure_block_fails_closed_on_pre_tool_use_only() {
    let load = load_text(
        r#"{"hooks": {"PreToolUse": [{"hooks": [{"command": "a", "on_failure": "block"}]}],
            "Stop": [{"hooks": [{"command": "b", "on_failure": "block"}]}]}}"#,
    );
    let [pre, stop] = load.hooks.as_slice() else {
        panic!("two hooks expected")
    };
    assert!(OPENPLUGINS.policy(pre, "PreToolUse").fail_closed);
    assert!(!OPENPLUGINS.policy(stop, "Stop").fail_closed);
}

/// hooks.md, "Blocking a Tool Call": "`PreToolUse` and `Stop` can block"; "a block decision from
/// those events is ignored" elsewhere.
#[test]
fn only_pre_tool_use_and_stop_can_block() {
    let load = load_text(r#"{"hooks": {"PostToolUse": [{"hooks": [{"command": "a"}]}]}}"#);
    let hook = &load.hooks[0];
    for event in ["PreToolUse", "Stop"] {
        let policy = OPENPLUGINS.policy(hook, event);
        assert!(policy.can_block && policy.exit2_blocks, "{event}");
    }
    for event in ["PostToolUse", "UserPromptSubmit", "BeforeShellExecution"] {
        let policy = OPENPLUGINS.policy(hook, event);
        assert!(!policy.can_block && !policy.exit2_blocks, "{event}");
    }
}

/// hooks.md, "stdout Is the Decision Channel", rule 5: "A stray log line on stdout, … `{}` with
/// no `decision`, an unrecognized `decision` value … all read as no decision".
#[test]
fn stdout_other_than_a_block_or_allow_object_is_no_decision() {
    for fine in [
        "",
        r#"{"decision":"block","reason":"r"}"#,
        r#"{"decision":"allow"}"#,
    ] {
        assert_eq!(no_decision(fine), None, "{fine}");
    }
    for stray in [
        "checking policy",
        "{}",
        r#"{"decision":"deny"}"#,
        "[1]",
        "{broken",
    ] {
        assert!(no_decision(stray).is_some(), "{stray}");
    }
}

/// The Open Plugins spec has tools ignore events they do not know (hooks.md lists Goose's).
#[test]
fn an_unknown_event_is_ignored_with_a_warning() {
    let load = load_text(r#"{"hooks": {"beforeShellExecution": [{"hooks": [{"command": "a"}]}]}}"#);
    assert!(load.hooks.is_empty());
    let message = load.diagnostics[0].to_string();
    assert!(
        message.contains("did you mean `BeforeShellExecution`"),
        "{message}"
    );
}

/// hooks.md, "Hook Payload": "Every payload includes the event name" under `event`.
#[test]
fn the_hook_receives_the_event_under_event() {
    let shaped = crate::dialects::payload::shaped(
        SHAPE,
        &serde_json::json!({"tool_name": "developer__shell"}),
        "PreToolUse",
    );
    assert_eq!(shaped["event"], "PreToolUse");
    assert_eq!(shaped["tool_name"], "developer__shell");
}

/// hooks.md rule 4: exit 0 with `{"decision":"allow"}` allows; rule 1 and 2: exit 2, or
/// `{"decision":"block"}` with its `reason`, denies.
#[test]
fn output_openplugins_blocks_with_a_reason_and_allows_explicitly() {
    let deny = Merged {
        decision: Decision::Deny,
        reason: Some("no sudo".into()),
        continue_: true,
        ..Merged::default()
    };
    let answer = GooseOutput.answer("PreToolUse", &deny);
    assert_eq!(
        answer.json,
        Some(serde_json::json!({"decision": "block", "reason": "no sudo"}))
    );
    assert_eq!(answer.code, crate::exit::BLOCK);
    let nothing = Merged {
        continue_: true,
        ..Merged::default()
    };
    let allow = GooseOutput.answer("PreToolUse", &nothing);
    assert_eq!(allow.json, Some(serde_json::json!({"decision": "allow"})));
    assert_eq!(allow.code, crate::exit::OK);
}
