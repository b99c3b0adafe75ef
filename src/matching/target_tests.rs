//! Table-driven tests of matcher targets (SPEC §3), event lists, and [`Target::allows`].

use serde_json::json;

use super::*;
use Dialect::{Claude, Cursor, Gemini, Hookrun, Praison, Promptkit, Proxyai, Prx};

/// Matcher targets as SPEC §3 and the agents' references give them.
const TARGETS: &[(Dialect, &str, Target)] = &[
    (Claude, "PreToolUse", Target::Name("tool_name")),
    (Claude, "PostToolUse", Target::Name("tool_name")),
    (Claude, "PostToolUseFailure", Target::Name("tool_name")),
    (Claude, "PermissionRequest", Target::Name("tool_name")),
    (Claude, "PermissionDenied", Target::Name("tool_name")),
    (Claude, "SessionStart", Target::Name("source")),
    (Claude, "PreCompact", Target::Name("trigger")),
    (Claude, "PostCompact", Target::Name("trigger")),
    (Claude, "SessionEnd", Target::Name("reason")),
    (Claude, "Notification", Target::Name("notification_type")),
    (Claude, "SubagentStart", Target::Name("agent_type")),
    (Claude, "SubagentStop", Target::Name("agent_type")),
    (Claude, "Setup", Target::Name("trigger")),
    (Claude, "ConfigChange", Target::Name("source")),
    (Claude, "StopFailure", Target::Name("error")),
    (Claude, "InstructionsLoaded", Target::Name("load_reason")),
    (Claude, "Elicitation", Target::Name("mcp_server_name")),
    (Claude, "FileChanged", Target::FileName),
    (Claude, "UserPromptSubmit", Target::None),
    (Claude, "Stop", Target::None),
    (Claude, "PostToolBatch", Target::None),
    (Claude, "preToolUse", Target::None),
    (Gemini, "BeforeTool", Target::Name("tool_name")),
    (Gemini, "AfterTool", Target::Name("tool_name")),
    (Gemini, "SessionStart", Target::ExactName("source")),
    (Gemini, "SessionEnd", Target::ExactName("reason")),
    (Gemini, "PreCompress", Target::ExactName("trigger")),
    (Gemini, "Notification", Target::None),
    (Gemini, "BeforeModel", Target::None),
    (Gemini, "PreToolUse", Target::None),
    (Cursor, "preToolUse", Target::Name("tool_name")),
    (Cursor, "postToolUse", Target::Name("tool_name")),
    (Cursor, "postToolUseFailure", Target::Name("tool_name")),
    (Cursor, "beforeShellExecution", Target::Text("command")),
    (Cursor, "afterShellExecution", Target::Text("command")),
    (Cursor, "beforeReadFile", Target::Text("file_path")),
    (Cursor, "afterFileEdit", Target::Text("file_path")),
    (Cursor, "beforeTabFileRead", Target::Text("file_path")),
    (Cursor, "afterTabFileEdit", Target::Text("file_path")),
    (Cursor, "stop", Target::None),
    (Cursor, "sessionStart", Target::None),
    (Proxyai, "beforeToolUse", Target::Name("tool_name")),
    (Proxyai, "afterToolUse", Target::Name("tool_name")),
    (Proxyai, "preToolUse", Target::Name("tool_name")),
    (Proxyai, "beforeShellExecution", Target::Text("command")),
    (Proxyai, "afterShellExecution", Target::Text("command")),
    (Proxyai, "beforeReadFile", Target::Text("file_path")),
    (Proxyai, "afterFileEdit", Target::Text("file_path")),
    (Proxyai, "subagentStart", Target::Name("subagent_type")),
    (Proxyai, "subagentStop", Target::Name("subagent_type")),
    (Proxyai, "stop", Target::StatusOrReason),
    (Praison, "before_tool", Target::Name("tool_name")),
    (Praison, "BEFORE_TOOL", Target::Name("tool_name")),
    (Praison, "After_Tool", Target::Name("tool_name")),
    (Praison, "before_agent", Target::None),
    (Praison, "session_start", Target::None),
    (Prx, "tool_call", Target::None),
    (Promptkit, "before_execution", Target::None),
];

#[test]
fn matcher_target_by_dialect_and_event() {
    for &(dialect, event, expected) in TARGETS {
        assert_eq!(
            matcher_target(dialect, event),
            expected,
            "{dialect} {event}"
        );
    }
}

#[test]
fn hookrun_looks_events_up_in_every_dialect() {
    let rows: &[(&str, Target)] = &[
        ("PreToolUse", Target::Name("tool_name")),
        ("SessionStart", Target::Name("source")),
        ("beforeShellExecution", Target::Text("command")),
        ("beforeToolUse", Target::Name("tool_name")),
        ("stop", Target::StatusOrReason),
        ("subagentStart", Target::Name("subagent_type")),
        ("BeforeTool", Target::Name("tool_name")),
        // Gemini's exact lifecycle comparison becomes hookrun's own matcher semantics.
        ("PreCompress", Target::Name("trigger")),
        ("before_tool", Target::Name("tool_name")),
        ("Stop", Target::None),
        ("tool_call", Target::None),
        ("no-such-event", Target::None),
    ];
    for &(event, expected) in rows {
        assert_eq!(matcher_target(Hookrun, event), expected, "{event}");
    }
}

#[test]
fn target_value_reads_the_payload() {
    let tool = json!({"tool_name": "Bash", "tool_input": {"command": "ls", "file_path": "/a/b"}});
    let shell = json!({"command": "rm -rf /", "tool_input": {"command": "ignored"}});
    let stop = json!({"status": "completed", "reason": "done"});
    let reason_only = json!({"reason": "done"});
    let changed = json!({"file_path": "/p/sub/.envrc"});
    let rows: &[(Target, &Value, Option<&str>)] = &[
        (Target::Name("tool_name"), &tool, Some("Bash")),
        (Target::Name("source"), &tool, None),
        (Target::Text("command"), &tool, Some("ls")),
        (Target::Text("file_path"), &tool, Some("/a/b")),
        (Target::Text("command"), &shell, Some("rm -rf /")),
        (Target::StatusOrReason, &stop, Some("completed")),
        (Target::StatusOrReason, &reason_only, Some("done")),
        (Target::StatusOrReason, &tool, None),
        (Target::FileName, &changed, Some(".envrc")),
        (Target::None, &tool, None),
    ];
    for &(target, payload, expected) in rows {
        assert_eq!(
            target_value(target, payload),
            expected,
            "{target:?} {payload}"
        );
    }
    // A non-string value is no target value.
    assert_eq!(
        target_value(Target::Name("tool_name"), &json!({"tool_name": 3})),
        None
    );
}

/// `(dialect, event, matcher, payload, expected)` rows through the whole check.
fn assert_allows(rows: &[(Dialect, &str, Option<&str>, Value, bool)]) {
    for (dialect, event, pattern, payload, expected) in rows {
        let matcher = Matcher::new(*pattern, *dialect);
        let target = matcher_target(*dialect, event);
        assert_eq!(
            target.allows(&matcher, payload),
            Ok(*expected),
            "{dialect} {event} matcher {pattern:?} payload {payload}"
        );
    }
}

#[test]
fn matcher_ignored_on_events_without_target() {
    // agent-hooks.md §8 case 7: even an invalid regex is never consulted.
    assert_allows(&[
        (
            Claude,
            "UserPromptSubmit",
            Some("^hello"),
            json!({"prompt": "bye"}),
            true,
        ),
        (Claude, "Stop", Some("["), json!({}), true),
        (Gemini, "BeforeAgent", Some("nomatch"), json!({}), true),
        (
            Praison,
            "before_agent",
            Some("x"),
            json!({"tool_name": "y"}),
            true,
        ),
        (
            Prx,
            "tool_call",
            Some("Bash"),
            json!({"tool": "Write"}),
            true,
        ),
    ]);
}

#[test]
fn missing_target_field_does_not_match() {
    assert_allows(&[
        (Claude, "PreToolUse", Some("Bash"), json!({}), false),
        (
            Claude,
            "PreToolUse",
            Some("^B"),
            json!({"tool_name": null}),
            false,
        ),
        (Proxyai, "stop", Some("completed"), json!({}), false),
        (
            Cursor,
            "beforeShellExecution",
            Some("curl"),
            json!({}),
            false,
        ),
        // A match-all matcher never needs the field.
        (Claude, "PreToolUse", Some("*"), json!({}), true),
        (Claude, "PreToolUse", None, json!({}), true),
    ]);
}

#[test]
fn tool_events_match_tool_name() {
    assert_allows(&[
        (
            Claude,
            "PreToolUse",
            Some("Bash"),
            json!({"tool_name": "Bash"}),
            true,
        ),
        (
            Claude,
            "PreToolUse",
            Some("Bash"),
            json!({"tool_name": "BashOutput"}),
            false,
        ),
        (
            Claude,
            "PostToolUse",
            Some("Edit|Write"),
            json!({"tool_name": "Write"}),
            true,
        ),
        (
            Cursor,
            "preToolUse",
            Some("Shell|Read"),
            json!({"tool_name": "Read"}),
            true,
        ),
        (
            Gemini,
            "BeforeTool",
            Some("write_.*"),
            json!({"tool_name": "write_file"}),
            true,
        ),
        (
            Praison,
            "BEFORE_TOOL",
            Some("write_*"),
            json!({"tool_name": "rewrite_file"}),
            false,
        ),
        (
            Hookrun,
            "beforeToolUse",
            Some("Bash"),
            json!({"tool_name": "Bash"}),
            true,
        ),
    ]);
}

#[test]
fn claude_lifecycle_events_match_their_field() {
    assert_allows(&[
        (
            Claude,
            "SessionStart",
            Some("startup|resume"),
            json!({"source": "resume"}),
            true,
        ),
        (
            Claude,
            "SessionStart",
            Some("startup"),
            json!({"source": "clear"}),
            false,
        ),
        (
            Claude,
            "PreCompact",
            Some("manual"),
            json!({"trigger": "manual"}),
            true,
        ),
        (
            Claude,
            "SessionEnd",
            Some("logout"),
            json!({"reason": "other"}),
            false,
        ),
        (
            Claude,
            "Notification",
            Some("idle_prompt"),
            json!({"notification_type": "idle_prompt"}),
            true,
        ),
        (
            Claude,
            "SubagentStop",
            Some("^my-plugin:"),
            json!({"agent_type": "my-plugin:reviewer"}),
            true,
        ),
        (
            Claude,
            "FileChanged",
            Some(".envrc|.env"),
            json!({"file_path": "/p/.env"}),
            true,
        ),
        (
            Claude,
            "FileChanged",
            Some(".envrc|.env"),
            json!({"file_path": "/p/.env.local"}),
            false,
        ),
    ]);
}

#[test]
fn gemini_lifecycle_matchers_compare_exactly() {
    assert_allows(&[
        (
            Gemini,
            "SessionStart",
            Some("startup"),
            json!({"source": "startup"}),
            true,
        ),
        (
            Gemini,
            "SessionStart",
            Some(" startup "),
            json!({"source": "startup"}),
            true,
        ),
        (
            Gemini,
            "SessionStart",
            Some("start"),
            json!({"source": "startup"}),
            false,
        ),
        (
            Gemini,
            "SessionStart",
            Some("startup|resume"),
            json!({"source": "resume"}),
            false,
        ),
        (
            Gemini,
            "PreCompress",
            Some("auto"),
            json!({"trigger": "auto"}),
            true,
        ),
    ]);
}

#[test]
fn proxyai_targets_follow_its_hook_manager() {
    // seed-systems.md B.5, B.8 and conformance case B7.
    assert_allows(&[
        (
            Proxyai,
            "beforeShellExecution",
            Some("gradlew"),
            json!({"command": "bash ./gradlew test"}),
            true,
        ),
        (
            Proxyai,
            "beforeShellExecution",
            Some("gradlew"),
            json!({"command": "echo should_run"}),
            false,
        ),
        (
            Proxyai,
            "beforeShellExecution",
            Some("curl|wget"),
            json!({"command": "ls; wget x"}),
            true,
        ),
        (
            Proxyai,
            "beforeShellExecution",
            Some("rm -rf ("),
            json!({"command": "rm -rf (tmp)"}),
            true,
        ),
        (
            Proxyai,
            "beforeShellExecution",
            Some("rm -rf ("),
            json!({"command": "rm -rf /"}),
            false,
        ),
        (
            Proxyai,
            "beforeReadFile",
            Some(r"\.env$"),
            json!({"file_path": "/p/.env"}),
            true,
        ),
        (
            Proxyai,
            "afterFileEdit",
            Some("src/"),
            json!({"tool_input": {"file_path": "/p/src/a.rs"}}),
            true,
        ),
        (
            Proxyai,
            "subagentStart",
            Some("explore"),
            json!({"subagent_type": "explore"}),
            true,
        ),
        (
            Proxyai,
            "stop",
            Some("^completed$"),
            json!({"status": "completed", "reason": "x"}),
            true,
        ),
        (
            Proxyai,
            "stop",
            Some("user"),
            json!({"reason": "user_cancelled"}),
            true,
        ),
        (
            Proxyai,
            "beforeToolUse",
            Some("Bash"),
            json!({"tool_name": "Bash"}),
            true,
        ),
    ]);
}

#[test]
fn cursor_shell_matcher_searches_the_command() {
    assert_allows(&[
        (
            Cursor,
            "beforeShellExecution",
            Some("curl|wget|nc"),
            json!({"command": "curl https://x"}),
            true,
        ),
        (
            Cursor,
            "beforeShellExecution",
            Some("curl|wget|nc"),
            json!({"command": "ls"}),
            false,
        ),
        (
            Cursor,
            "beforeReadFile",
            Some(r"\.env$"),
            json!({"file_path": "/p/.env"}),
            true,
        ),
    ]);
}

#[test]
fn invalid_claude_regex_is_reported_when_consulted() {
    let matcher = Matcher::new(Some("["), Claude);
    let target = matcher_target(Claude, "PreToolUse");
    let error = target
        .allows(&matcher, &json!({"tool_name": "Bash"}))
        .unwrap_err();
    assert_eq!(error.pattern, "[");
}

#[test]
fn known_events_per_dialect() {
    let rows: &[(Dialect, &str, bool)] = &[
        (Claude, "PreToolUse", true),
        (Claude, "preToolUse", false),
        (Claude, "PreCompress", false),
        (Gemini, "PreCompress", true),
        (Gemini, "PostToolUse", false),
        (Cursor, "beforeTabFileRead", true),
        (Proxyai, "preToolUse", true),
        (Proxyai, "beforeMCPExecution", false),
        (Praison, "BEFORE_TOOL", true),
        (Praison, "before_llm", false),
        (Prx, "Tool-Call-Start", true),
        (Prx, " agent_end ", true),
        (Prx, "tool_result", false),
        (Promptkit, "tool.before_execution", true),
        (Promptkit, "eval", true),
        (Promptkit, "before_tool", false),
        (Hookrun, "PreToolUse", true),
        (Hookrun, "beforeShellExecution", true),
        (Hookrun, "*", true),
        (Hookrun, "prx.lifecycle.*", true),
        (Hookrun, "tool_call", true),
        (Hookrun, "PreToolUsed", false),
    ];
    for &(dialect, event, expected) in rows {
        assert_eq!(
            is_known_event(dialect, event),
            expected,
            "{dialect} {event}"
        );
    }
    for dialect in Dialect::ALL {
        let list = known_events(dialect);
        assert_eq!(list.is_empty(), dialect == Hookrun, "{dialect}");
        for event in list {
            assert!(is_known_event(dialect, event), "{dialect} {event}");
        }
    }
}

#[test]
fn every_event_with_a_target_is_a_known_event() {
    // Catches a misspelt event name in a target table.
    for &(dialect, event, target) in TARGETS {
        if target != Target::None {
            assert!(is_known_event(dialect, event), "{dialect} {event}");
        }
    }
}

#[test]
fn target_field_names() {
    assert_eq!(Target::Name("tool_name").field(), Some("tool_name"));
    assert_eq!(Target::StatusOrReason.field(), Some("status"));
    assert_eq!(Target::FileName.field(), Some("file_path"));
    assert_eq!(Target::None.field(), None);
}
