//! The OpenHands dialect's matcher rules (`HookMatcher.matches`), events, which file wins
//! (`HookConfig.load`) and which events a block counts on (`HookManager`).

use std::path::PathBuf;

use serde_json::json;

use crate::matching::Matcher;
use crate::model::hook::{CommandForm, Handler};

use super::*;

fn matches(pattern: Option<&str>, tool: &str) -> bool {
    Matcher::new(pattern, FLAVOUR).is_match(tool).unwrap()
}

#[test]
fn star_and_empty_match_every_tool_and_nothing_is_trimmed() {
    assert!(matches(None, "terminal"));
    assert!(matches(Some("*"), "terminal"));
    assert!(matches(Some(""), "terminal"));
    // `" "` is neither `*` nor `""`: the exact name `" "`.
    assert!(!matches(Some(" "), "terminal"));
    assert!(!matches(Some(" terminal"), "terminal"));
}

#[test]
fn a_plain_name_is_exact_and_braces_are_not_regex() {
    assert!(matches(Some("terminal"), "terminal"));
    assert!(!matches(Some("term"), "terminal"));
    assert!(!matches(Some("Terminal"), "terminal"));
    // `{` is not one of `_REGEX_METACHARACTERS`.
    assert!(matches(Some("a{2}"), "a{2}"));
    assert!(!matches(Some("a{2}"), "aa"));
}

#[test]
fn a_regex_must_match_the_whole_name() {
    assert!(matches(Some("terminal|file_editor"), "file_editor"));
    assert!(!matches(Some("term.*"), "my_terminal"));
    assert!(matches(Some("term.*"), "terminal"));
    assert!(matches(Some("/file_.*/"), "file_editor"));
    assert!(!matches(Some("/file/"), "file_editor"));
}

#[test]
fn an_invalid_regex_is_the_exact_text_but_between_slashes_matches_nothing() {
    assert!(matches(Some("a("), "a("));
    assert!(!matches(Some("/a(/"), "/a(/"));
    assert!(!matches(Some("/a(/"), "a("));
    // `//` is too short to be a slashed regex: the exact text.
    assert!(matches(Some("//"), "//"));
}

#[test]
fn every_event_tests_the_tool_name_so_a_named_matcher_skips_tool_less_events() {
    let named = Matcher::new(Some("terminal"), FLAVOUR);
    let stop = json!({"event_type": "Stop"});
    assert!(!OpenHands.target("Stop").allows(&named, &stop).unwrap());
    let all = Matcher::new(Some("*"), FLAVOUR);
    assert!(OpenHands.target("Stop").allows(&all, &stop).unwrap());
}

#[test]
fn events_answer_to_every_spelling_the_sdk_accepts() {
    let selector = EventSelector::Named("PreToolUse".into());
    for fired in ["PreToolUse", "pre_tool_use", "preToolUse"] {
        assert!(OpenHands.fires_on(&selector, fired), "{fired}");
        assert!(OpenHands.is_known_event(fired), "{fired}");
    }
    assert!(!OpenHands.fires_on(&selector, "PostToolUse"));
    assert!(!OpenHands.is_known_event("Notification"));
}

fn hook(source: usize) -> Hook {
    Hook::new(
        OPENHANDS,
        source,
        EventSelector::Named("Stop".into()),
        Handler::Command(CommandForm::Shell("x".into())),
        PathBuf::from("/p"),
        std::time::Duration::from_secs(60),
        &[],
    )
}

fn source(level: Level) -> Source {
    Source::new("f".into(), "f".into(), OPENHANDS, String::new(), level)
}

#[test]
fn a_project_file_leaves_the_users_unread() {
    let mut hooks = vec![hook(0), hook(1)];
    OpenHands.settle(&[source(Level::Project), source(Level::User)], &mut hooks);
    assert!(hooks[0].enabled);
    assert!(!hooks[1].enabled);
    let mut alone = vec![hook(0)];
    OpenHands.settle(&[source(Level::User)], &mut alone);
    assert!(alone[0].enabled);
}

#[test]
fn a_block_counts_and_ends_the_chain_on_the_three_blocking_events_only() {
    let hook = hook(0);
    for event in ["PreToolUse", "UserPromptSubmit", "Stop", "pre_tool_use"] {
        assert!(OpenHands.policy(&hook, event).can_block, "{event}");
        assert!(OpenHands.deny_ends_chain(&hook, event), "{event}");
    }
    for event in ["PostToolUse", "SessionStart", "SessionEnd"] {
        assert!(!OpenHands.policy(&hook, event).can_block, "{event}");
        assert!(!OpenHands.deny_ends_chain(&hook, event), "{event}");
    }
}

#[test]
fn the_file_is_told_by_its_path_only() {
    assert!(OpenHands.claims_path(".openhands", "hooks.json"));
    assert!(!OpenHands.claims_path(".openhands", "settings.json"));
    assert!(!OpenHands.recognises(crate::model::dialect::Sniff::of(
        r#"{"hooks":{"PreToolUse":[{"hooks":[{"command":"x"}]}]}}"#
    )));
}
