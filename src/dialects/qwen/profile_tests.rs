use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use serde_json::Map;

use super::QWEN;
use crate::config::diagnostics::Severity;
use crate::dialects::json_file::load_for_test;
use crate::matching::Target;
use crate::model::dialect::EventContext;
use crate::model::load::DialectLoad;

fn load(text: &str) -> DialectLoad {
    load_for_test(|ctx| QWEN.load(ctx), ".qwen/settings.json", QWEN, text)
}

fn timeouts(text: &str) -> Vec<Duration> {
    load(text).hooks.iter().map(|h| h.timeout).collect()
}

fn pre_tool_use(handlers: &str) -> String {
    format!(
        r#"{{"hooks":{{"PreToolUse":[{{"matcher":"run_shell_command","hooks":[{handlers}]}}]}}}}"#
    )
}

#[test]
fn timeout_counts_seconds_below_1000_and_milliseconds_from_1000() {
    let text = pre_tool_use(
        r#"{"type":"command","command":"a","timeout":10},
           {"type":"command","command":"b","timeout":999},
           {"type":"command","command":"c","timeout":1000},
           {"type":"command","command":"d","timeout":1800000},
           {"type":"command","command":"e"}"#,
    );
    assert_eq!(
        timeouts(&text),
        [
            Duration::from_secs(10),
            Duration::from_secs(999),
            Duration::from_secs(1),
            Duration::from_secs(1800),
            Duration::from_secs(60),
        ]
    );
}

#[test]
fn every_event_of_qwen_loads_without_a_warning_and_claude_only_ones_are_unknown() {
    for event in super::EVENTS {
        let text = format!(
            r#"{{"hooks":{{"{event}":[{{"hooks":[{{"type":"command","command":"x"}}]}}]}}}}"#
        );
        let loaded = load(&text);
        assert!(
            loaded.diagnostics.is_empty(),
            "{event}: {:?}",
            loaded.diagnostics
        );
        assert_eq!(loaded.hooks.len(), 1, "{event}");
    }
    assert!(super::EVENTS.contains(&"TodoCreated"));
    assert!(super::EVENTS.contains(&"SessionDelete"));
    let loaded = load(r#"{"hooks":{"WorktreeCreate":[{"hooks":[{"command":"x"}]}]}}"#);
    assert!(
        loaded
            .diagnostics
            .iter()
            .any(|d| d.message.contains("WorktreeCreate")),
        "{:?}",
        loaded.diagnostics
    );
}

#[test]
fn matchers_test_qwen_tool_ids_and_each_events_own_field() {
    assert_eq!(QWEN.target("PreToolUse").field(), Some("tool_name"));
    assert_eq!(QWEN.target("InstructionsLoaded"), Target::Name("file_path"));
    assert_eq!(QWEN.target("SessionStart"), Target::Name("source"));
    assert_eq!(
        QWEN.target("UserPromptExpansion"),
        Target::Name("command_name")
    );
    assert_eq!(QWEN.target("TodoCreated"), Target::None);
    let loaded = load(&pre_tool_use(r#"{"type":"command","command":"x"}"#));
    let matcher = &loaded.hooks[0].matcher;
    assert_eq!(matcher.is_match("run_shell_command"), Ok(true));
    assert_eq!(matcher.is_match("write_file"), Ok(false));
}

/// Whether a `PreToolUse` hook with `matcher` runs for a call of `tool`.
fn selects(matcher: &str, tool: &str) -> bool {
    let text = format!(
        r#"{{"hooks":{{"PreToolUse":[{{"matcher":{},"hooks":[{{"type":"command","command":"x"}}]}}]}}}}"#,
        serde_json::Value::from(matcher)
    );
    let loaded = load(&text);
    let payload = serde_json::json!({"tool_name": tool});
    QWEN.target("PreToolUse")
        .allows(&loaded.hooks[0].matcher, &payload)
        .unwrap()
}

#[test]
fn a_tool_matcher_names_the_tool_by_its_claude_name_display_name_or_legacy_name() {
    // `getToolMatcherTargets`: Claude's `Bash`, the display name `Shell`, `ShellTool`.
    for name in ["run_shell_command", "Bash", "Shell", "ShellTool"] {
        assert!(selects(name, "run_shell_command"), "{name}");
    }
    assert!(selects("Write|Edit", "write_file"));
    assert!(selects("search_file_content", "grep_search"));
    assert!(selects("Task", "agent"));
    // An alias names its own tool only, and the comparison is exact.
    assert!(!selects("Write", "run_shell_command"));
    assert!(!selects("bash", "run_shell_command"));
}

#[test]
fn a_regex_matcher_tests_the_tool_id_alone() {
    // `matchesHookPattern`: aliases are compared exactly; `new RegExp(expression).test(subject)`.
    assert!(selects("^run_shell", "run_shell_command"));
    assert!(!selects("^Ba.*", "run_shell_command"));
    assert!(!selects("^Bash$", "run_shell_command"));
}

#[test]
fn every_command_hook_gets_the_three_project_dir_variables() {
    let loaded = load(&pre_tool_use(r#"{"type":"command","command":"x"}"#));
    let payload = Map::new();
    let ctx = EventContext {
        event: "PreToolUse",
        project_dir: Path::new("/work/my project"),
        payload: &payload,
        raw: None,
        timestamp: "2026-01-01T00:00:00.000Z",
    };
    let vars: HashMap<String, String> = QWEN
        .environment(&loaded.hooks[0], &ctx, b"{}")
        .into_iter()
        .collect();
    for name in [
        "QWEN_PROJECT_DIR",
        "CLAUDE_PROJECT_DIR",
        "GEMINI_PROJECT_DIR",
    ] {
        assert_eq!(vars[name], "/work/my project", "{name}");
    }
    assert_eq!(vars.len(), 3);
}

#[test]
fn plain_stdout_is_context_on_session_start_and_prompt_events_only() {
    let loaded = load(&pre_tool_use(r#"{"type":"command","command":"x"}"#));
    let hook = &loaded.hooks[0];
    for event in ["SessionStart", "UserPromptSubmit", "UserPromptExpansion"] {
        assert!(QWEN.policy(hook, event).text_is_context, "{event}");
    }
    assert!(!QWEN.policy(hook, "PreToolUse").text_is_context);
}

#[test]
fn http_and_prompt_hooks_load_but_agent_hooks_are_unsupported() {
    let loaded = load(&pre_tool_use(
        r#"{"type":"http","url":"http://127.0.0.1:9/h"},
           {"type":"prompt","prompt":"ok?"},
           {"type":"agent","prompt":"ok?"}"#,
    ));
    let kinds: Vec<String> = loaded
        .hooks
        .iter()
        .map(|h| h.handler.default_name())
        .collect();
    assert_eq!(loaded.hooks.len(), 3, "{kinds:?}");
    assert!(matches!(
        loaded.hooks[2].handler,
        crate::model::hook::Handler::Unsupported { .. }
    ));
    assert!(!matches!(
        loaded.hooks[0].handler,
        crate::model::hook::Handler::Unsupported { .. }
    ));
    assert!(
        loaded
            .diagnostics
            .iter()
            .all(|d| d.severity != Severity::Error),
        "{:?}",
        loaded.diagnostics
    );
}

#[test]
fn a_qwen_settings_file_is_told_by_its_path_not_its_content() {
    use crate::dialects::{CLAUDE, by_path};
    assert_eq!(by_path(Path::new(".qwen/settings.json")), Some(QWEN));
    assert_eq!(
        by_path(Path::new("/home/u/.qwen/settings.json")),
        Some(QWEN)
    );
    assert_eq!(
        crate::dialects::by_content(r#"{"hooks":{"PreToolUse":[{"hooks":[]}]}}"#),
        Some(CLAUDE)
    );
}
