//! Kiro's rules, each pinned to <https://kiro.dev/docs/cli/v3/hooks/> ("the v3 page"),
//! <https://kiro.dev/docs/cli/hooks> ("the CLI hooks page") or its predecessor's code.

use std::time::Duration;

use super::*;
use crate::dialects::json_file::load_for_test;
use crate::model::answer::{Decision, Merged};
use crate::model::hook::{CommandForm, Handler};

fn load_text(text: &str) -> DialectLoad {
    load_for_test(load::load, ".kiro/hooks/lint.json", KIRO, text)
}

/// The v3 page's example file: a command hook on `PostFileSave` with a `\\.ts$` matcher and a
/// `timeout` of 30, and an agent hook on `PreToolUse`.
#[test]
fn the_v3_example_loads_a_command_hook_and_lists_the_agent_hook_as_unsupported() {
    let load = load_text(
        r#"{ "version": "v1", "hooks": [ { "name": "lint-on-save", "trigger": "PostFileSave",
            "matcher": "\\.ts$", "action": { "type": "command", "command": "npm run lint" },
            "timeout": 30, "enabled": true }, { "name": "remind-tests", "trigger": "PreToolUse",
            "matcher": "fs_write|str_replace", "action": { "type": "agent",
            "prompt": "Ensure tests are updated for this change" } } ] }"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
    let [lint, remind] = load.hooks.as_slice() else {
        panic!("two hooks expected")
    };
    assert_eq!(lint.name, "lint-on-save");
    assert!(
        matches!(&lint.handler, Handler::Command(CommandForm::Shell(c)) if c == "npm run lint")
    );
    assert_eq!(lint.timeout, Duration::from_secs(30));
    assert_eq!(lint.matcher.is_match_text("src/app.ts"), Ok(true));
    assert_eq!(lint.matcher.is_match_text("src/app.tsx"), Ok(false));
    assert!(matches!(&remind.handler, Handler::Unsupported { kind } if kind == "agent"));
    assert_eq!(remind.matcher.is_match("fs_write"), Ok(true));
}

/// `DEFAULT_TIMEOUT_MS = 30_000` (amazon-q-developer-cli `crates/chat-cli/src/cli/agent/hook.rs`).
#[test]
fn a_hook_without_timeout_gets_thirty_seconds_and_enabled_false_turns_it_off() {
    let load = load_text(
        r#"{"version": "v1", "hooks": [{"trigger": "Stop", "enabled": false,
            "action": {"type": "command", "command": "./notify.sh"}}]}"#,
    );
    assert_eq!(load.hooks[0].timeout, load::DEFAULT_TIMEOUT);
    assert!(!load.hooks[0].enabled);
    assert_eq!(load.hooks[0].name, "notify");
}

#[test]
fn a_missing_version_an_unknown_trigger_and_a_missing_action_are_reported() {
    let load = load_text(
        r#"{"hooks": [{"trigger": "preToolUse", "action": {"type": "command", "command": "x"}},
            {"trigger": "Stop"}]}"#,
    );
    let messages: Vec<String> = load.diagnostics.iter().map(ToString::to_string).collect();
    assert!(
        messages.iter().any(|m| m.contains("no `version`")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("did you mean `PreToolUse`")),
        "{messages:?}"
    );
    assert!(
        load.diagnostics
            .iter()
            .any(crate::config::diagnostics::Diagnostic::is_error),
        "{messages:?}"
    );
    assert_eq!(load.hooks.len(), 1);
}

/// The v3 page's "Can block?" column, and "2 = block"; the CLI hooks page: other exit codes are
/// a warning, stdout is "captured but not shown".
#[test]
fn exit_two_blocks_where_the_trigger_can_block_and_stdout_is_never_an_answer() {
    let load = load_text(
        r#"{"version": "v1", "hooks": [{"trigger": "PostToolUse",
            "action": {"type": "command", "command": "x"}}]}"#,
    );
    let hook = &load.hooks[0];
    for event in ["PreToolUse", "PreTaskExec", "UserPromptSubmit"] {
        let policy = KIRO.policy(hook, event);
        assert!(
            policy.can_block && policy.exit2_blocks && policy.ignore_stdout,
            "{event}"
        );
    }
    for event in [
        "PostToolUse",
        "SessionStart",
        "Stop",
        "PostFileSave",
        "Manual",
    ] {
        let policy = KIRO.policy(hook, event);
        assert!(!policy.can_block && !policy.exit2_blocks, "{event}");
    }
}

/// The v3 page's "Matcher matches" column.
#[test]
fn matchers_test_the_tool_name_or_the_file_path() {
    assert_eq!(KIRO.target("PreToolUse"), Target::Name("tool_name"));
    assert_eq!(KIRO.target("PostFileDelete"), Target::Text("file_path"));
    assert_eq!(KIRO.target("UserPromptSubmit"), Target::None);
}

/// The v3 page: hooks files are `.kiro/hooks/<name>.json`; the IDE's `*.kiro.hook` files are
/// another format.
#[test]
fn only_json_files_in_kiro_hooks_are_kiros_and_they_are_told_by_their_place() {
    let project = tempfile::tempdir().unwrap();
    let dir = project.path().join(".kiro/hooks");
    std::fs::create_dir_all(&dir).unwrap();
    for file in ["b.json", "a.json", "lint.kiro.hook"] {
        std::fs::write(dir.join(file), "{}").unwrap();
    }
    assert_eq!(
        KIRO.listed_files(project.path()),
        Ok(vec![dir.join("a.json"), dir.join("b.json")])
    );
    assert!(KIRO.claims_nested_path("/p/.kiro/hooks/lint.json"));
    assert!(!KIRO.claims_nested_path("/p/.github/hooks/lint.json"));
    assert!(!KIRO.claims_nested_path("/p/.kiro/hooks/lint.kiro.hook"));
}

#[test]
fn output_kiro_is_exit_two_with_the_reason_on_stderr() {
    let deny = Merged {
        decision: Decision::Deny,
        reason: Some("no rm".into()),
        continue_: true,
        ..Merged::default()
    };
    let answer = KIRO
        .output()
        .expect("an output")
        .answer("PreToolUse", &deny);
    assert_eq!(
        (answer.json, answer.stderr.as_deref(), answer.code),
        (None, Some("no rm"), crate::exit::BLOCK)
    );
}
