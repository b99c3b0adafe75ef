//! Loading OpenHands' hook file as `HookConfig.model_validate` does (`config.py`).

use std::time::Duration;

use crate::config::diagnostics::Severity;
use crate::dialects::json_file::load_for_test;
use crate::model::hook::{EventSelector, Handler, Mode};

use super::*;
use crate::dialects::OPENHANDS;

fn loaded(text: &str) -> DialectLoad {
    load_for_test(load, ".openhands/hooks.json", OPENHANDS, text)
}

fn errors(load: &DialectLoad) -> Vec<&str> {
    load.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message.as_str())
        .collect()
}

fn events(load: &DialectLoad) -> Vec<&str> {
    load.hooks
        .iter()
        .map(|hook| match &hook.events {
            EventSelector::Named(name) => name.as_str(),
            _ => "?",
        })
        .collect()
}

#[test]
fn pascal_snake_and_camel_keys_name_the_same_six_events() {
    assert_eq!(pascal_to_snake("PreToolUse"), "pre_tool_use");
    assert_eq!(pascal_to_snake("preToolUse"), "pre_tool_use");
    assert_eq!(pascal_to_snake("pre_tool_use"), "pre_tool_use");
    assert_eq!(canonical("user_prompt_submit"), Some("UserPromptSubmit"));
    assert_eq!(canonical("sessionEnd"), Some("SessionEnd"));
    assert_eq!(canonical("PRE_TOOL_USE"), None);
    assert_eq!(canonical("Notification"), None);
}

#[test]
fn the_wrapped_and_the_bare_form_load_alike() {
    let hook = r#"[{"matcher": "terminal", "hooks": [{"command": "x"}]}]"#;
    let wrapped = loaded(&format!(r#"{{"hooks": {{"PreToolUse": {hook}}}}}"#));
    let bare = loaded(&format!(r#"{{"pre_tool_use": {hook}, "stop": {hook}}}"#));
    assert!(errors(&wrapped).is_empty() && errors(&bare).is_empty());
    assert_eq!(events(&wrapped), ["PreToolUse"]);
    assert_eq!(events(&bare), ["PreToolUse", "Stop"]);
    assert_eq!(wrapped.hooks[0].matcher.pattern(), Some("terminal"));
}

#[test]
fn an_unknown_or_doubled_event_fails_the_file() {
    let unknown = loaded(r#"{"hooks": {"Notification": []}}"#);
    assert_eq!(errors(&unknown).len(), 1, "{:?}", unknown.diagnostics);
    // snake_case that names no field: `extra: forbid`.
    assert_eq!(errors(&loaded(r#"{"pre_tool": []}"#)).len(), 1);
    let doubled = loaded(r#"{"PreToolUse": [], "pre_tool_use": []}"#);
    assert_eq!(errors(&doubled).len(), 1, "{:?}", doubled.diagnostics);
}

#[test]
fn a_definition_is_a_command_with_a_60_second_timeout_unless_it_says_otherwise() {
    let load = loaded(
        r#"{"hooks": {"Stop": [{"hooks": [
            {"command": "a"},
            {"type": "command", "command": "b", "timeout": 5, "async": true},
            {"command": "c", "timeout": 7.0},
            {"command": "d", "timeout": "8.0"}
        ]}]}}"#,
    );
    assert!(errors(&load).is_empty(), "{:?}", load.diagnostics);
    let [a, b, c, d] = &load.hooks[..] else {
        panic!("four hooks")
    };
    assert!(matches!(&a.handler, Handler::Command(_)));
    assert_eq!(a.timeout, Duration::from_secs(60));
    assert!(a.matcher.matches_everything(), "no matcher is `*`");
    assert_eq!(b.timeout, Duration::from_secs(5));
    assert!(b.run_async && b.mode == Mode::Observe);
    assert_eq!(c.timeout, Duration::from_secs(7));
    assert_eq!(d.timeout, Duration::from_secs(8));
}

#[test]
fn the_type_checks_of_validate_type_fields_are_errors() {
    let cases = [
        r#"{"type": "command"}"#,
        r#"{"command": ""}"#,
        r#"{"type": "prompt"}"#,
        r#"{"type": "prompt", "prompt": "p", "command": "x"}"#,
        r#"{"type": "prompt", "prompt": "p", "async": true}"#,
        r#"{"type": "agent", "command": "x"}"#,
        r#"{"type": "http", "url": "u"}"#,
        r#"{"command": "x", "timeout": 1.5}"#,
        r#"{"command": "x", "timeout": 0}"#,
    ];
    for handler in cases {
        let load = loaded(&format!(r#"{{"Stop": [{{"hooks": [{handler}]}}]}}"#));
        assert_eq!(errors(&load).len(), 1, "{handler}: {:?}", load.diagnostics);
        assert!(load.hooks.is_empty(), "{handler}");
    }
}

#[test]
fn prompt_and_agent_hooks_load_but_are_not_run() {
    let load = loaded(
        r#"{"Stop": [{"hooks": [{"type": "prompt", "prompt": "p"},
            {"type": "agent", "system_prompt": "s"}]}]}"#,
    );
    assert!(errors(&load).is_empty(), "{:?}", load.diagnostics);
    assert!(
        load.hooks
            .iter()
            .all(|hook| matches!(hook.handler, Handler::Unsupported { .. }))
    );
}

#[test]
fn keys_the_sdk_ignores_are_warnings() {
    let load = loaded(
        r#"{"version": 1, "hooks": {"Stop": [{"matcher": "*", "extra": 1,
            "hooks": [{"command": "x", "shell": "bash"}]}]}}"#,
    );
    assert!(errors(&load).is_empty());
    assert_eq!(load.diagnostics.len(), 3, "{:?}", load.diagnostics);
    assert_eq!(load.hooks.len(), 1);
}

#[test]
fn only_a_file_in_the_wrapped_form_is_edited() {
    assert!(is_wrapped(r#"{"hooks": {}}"#));
    assert!(!is_wrapped(r#"{"PreToolUse": []}"#));
    assert!(!is_wrapped("not json"));
}
