use std::time::Duration;

use serde_json::json;

use super::load::load;
use crate::dialects::json_file::load_for_test;
use crate::model::dialect::DialectSpec;
use crate::model::hook::{CommandForm, EventSelector, Handler};

fn load_text(text: &str) -> crate::model::load::DialectLoad {
    load_for_test(load, "crush.json", super::CRUSH, text)
}

#[test]
fn hooks_entries_give_named_hooks_with_whole_seconds_and_the_rest_is_crushs() {
    let load = load_text(
        r#"{"$schema": "https://charm.land/crush.json", "options": {"debug": true},
            "hooks": {"PreToolUse": [
              {"name": "no-rm-rf", "matcher": "^bash$", "command": "./guard.sh", "timeout": 10},
              {"command": "./log.sh", "timeout": 0}]}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
    let [guard, log] = load.hooks.as_slice() else {
        panic!("two hooks expected");
    };
    assert_eq!(guard.name, "no-rm-rf");
    assert!(matches!(&guard.handler, Handler::Command(CommandForm::Shell(c)) if c == "./guard.sh"));
    assert_eq!(guard.timeout, Duration::from_secs(10));
    // `TimeoutDuration`: 0 or less is the default, 30 s.
    assert_eq!(log.timeout, Duration::from_secs(30));
}

#[test]
fn the_matcher_is_searched_in_the_tool_name() {
    let load = load_text(r#"{"hooks": {"PreToolUse": [{"matcher": "bash", "command": "x"}]}}"#);
    let matcher = &load.hooks[0].matcher;
    let target = super::Crush.target("PreToolUse");
    assert!(
        target
            .allows(matcher, &json!({"tool_name": "bash"}))
            .unwrap()
    );
    // `regexp.MatchString` is unanchored.
    assert!(
        target
            .allows(matcher, &json!({"tool_name": "bash_output"}))
            .unwrap()
    );
    assert!(
        !target
            .allows(matcher, &json!({"tool_name": "edit"}))
            .unwrap()
    );
}

#[test]
fn the_event_name_is_read_in_any_case_and_with_underscores() {
    let load = load_text(r#"{"hooks": {"pre_tool_use": [{"command": "x"}]}}"#);
    assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
    assert!(matches!(&load.hooks[0].events, EventSelector::Named(e) if e == "PreToolUse"));
    let selector = load.hooks[0].events.clone();
    assert!(super::Crush.fires_on(&selector, "PreToolUse"));
    assert!(super::Crush.fires_on(&selector, "PRETOOLUSE"));
    assert!(!super::Crush.fires_on(&selector, "PostToolUse"));
}

#[test]
fn a_hook_without_a_command_and_a_fractional_timeout_are_errors() {
    let load = load_text(
        r#"{"hooks": {"PreToolUse": [{"matcher": "bash"}, {"command": "x", "timeout": 1.5}]}}"#,
    );
    let errors: Vec<String> = load
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(ToString::to_string)
        .collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].contains("no `command`"), "{errors:?}");
    assert!(errors[1].contains("whole number of seconds"), "{errors:?}");
}

#[test]
fn crush_json_is_told_by_its_name() {
    use crate::dialects::by_path;
    use std::path::Path;
    for path in [
        "crush.json",
        ".crush.json",
        "/h/.config/crush/crush.json",
        ".crush/crush.json",
    ] {
        assert_eq!(by_path(Path::new(path)), Some(super::CRUSH), "{path}");
    }
}
