//! Table-driven tests of matcher targets (the book, "Matching"), event lists, and [`Target::allows`].

use serde_json::json;

use serde_json::Value;

use super::*;
use crate::matching::{Matcher, Target, target_value};

#[expect(non_upper_case_globals, reason = "the rows read as the agents' names")]
mod agents {
    use crate::model::Dialect;
    pub(super) const Claude: Dialect = super::CLAUDE;
    pub(super) const Cursor: Dialect = super::CURSOR;
    pub(super) const Gemini: Dialect = super::GEMINI;
    pub(super) const Hookrun: Dialect = super::HOOKRUN;
    pub(super) const Praison: Dialect = super::PRAISON;
    pub(super) const Promptkit: Dialect = super::PROMPTKIT;
    pub(super) const Proxyai: Dialect = super::PROXYAI;
    pub(super) const Prx: Dialect = super::PRX;
}
use agents::{Claude, Cursor, Gemini, Hookrun, Praison, Promptkit, Proxyai, Prx};

/// The target `dialect` gives `event`.
fn matcher_target(dialect: Dialect, event: &str) -> Target {
    dialect.target(event)
}

/// The flavour `dialect`'s loader reads its matchers in.
fn flavour(dialect: Dialect) -> crate::matching::Flavour {
    use crate::matching::Flavour;
    match dialect.name() {
        "claude" => claude::FLAVOUR,
        "cursor" => cursor::FLAVOUR,
        "hookrun" => hookrun::FLAVOUR,
        "gemini" => gemini::FLAVOUR,
        "proxyai" => proxyai::FLAVOUR,
        "praison" => praison::FLAVOUR,
        _ => Flavour::Ignored,
    }
}

/// Matcher targets as each agent's documentation and code give them (docs/dialects/).
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

/// `(matcher, payload, expected)` rows for one dialect and event, through the whole check.
fn assert_allows(dialect: Dialect, event: &str, rows: &[(Option<&str>, Value, bool)]) {
    let target = matcher_target(dialect, event);
    for (pattern, payload, expected) in rows {
        let matcher = Matcher::new(*pattern, flavour(dialect));
        assert_eq!(
            target.allows(&matcher, payload),
            Ok(*expected),
            "{dialect} {event} matcher {pattern:?} payload {payload}"
        );
    }
}

#[test]
fn matcher_ignored_on_events_without_target() {
    // On an event without a target the matcher is ignored: even an invalid regex is never
    // consulted.
    let rows = [
        (Some("^hello"), json!({"prompt": "bye"}), true),
        (Some("["), json!({}), true),
    ];
    assert_allows(Claude, "UserPromptSubmit", &rows);
    assert_allows(Claude, "Stop", &rows);
    assert_allows(Gemini, "BeforeAgent", &rows);
    assert_allows(Praison, "before_agent", &rows);
    assert_allows(
        Prx,
        "tool_call",
        &[(Some("Bash"), json!({"tool": "x"}), true)],
    );
}

#[test]
fn missing_target_field_does_not_match() {
    assert_allows(
        Claude,
        "PreToolUse",
        &[
            (Some("Bash"), json!({}), false),
            (Some("^B"), json!({"tool_name": null}), false),
            // A match-all matcher never needs the field.
            (Some("*"), json!({}), true),
            (None, json!({}), true),
        ],
    );
    assert_allows(Proxyai, "stop", &[(Some("completed"), json!({}), false)]);
    let no_command = [(Some("curl"), json!({}), false)];
    assert_allows(Cursor, "beforeShellExecution", &no_command);
}

#[test]
fn tool_events_match_tool_name() {
    let tool = |name: &str| json!({"tool_name": name});
    assert_allows(
        Claude,
        "PreToolUse",
        &[
            (Some("Bash"), tool("Bash"), true),
            (Some("Bash"), tool("BashOutput"), false),
            (Some("Edit|Write"), tool("Write"), true),
        ],
    );
    assert_allows(
        Cursor,
        "preToolUse",
        &[(Some("Shell|Read"), tool("Read"), true)],
    );
    let gemini = [(Some("write_.*"), tool("write_file"), true)];
    assert_allows(Gemini, "BeforeTool", &gemini);
    let praison = [(Some("write_*"), tool("rewrite_file"), false)];
    assert_allows(Praison, "BEFORE_TOOL", &praison);
    assert_allows(
        Hookrun,
        "beforeToolUse",
        &[(Some("Bash"), tool("Bash"), true)],
    );
}

#[test]
fn claude_lifecycle_events_match_their_field() {
    let source = |value: &str| json!({"source": value});
    assert_allows(
        Claude,
        "SessionStart",
        &[
            (Some("startup|resume"), source("resume"), true),
            (Some("startup"), source("clear"), false),
        ],
    );
    let manual = json!({"trigger": "manual"});
    assert_allows(Claude, "PreCompact", &[(Some("manual"), manual, true)]);
    let other = json!({"reason": "other"});
    assert_allows(Claude, "SessionEnd", &[(Some("logout"), other, false)]);
    let idle = json!({"notification_type": "idle_prompt"});
    assert_allows(Claude, "Notification", &[(Some("idle_prompt"), idle, true)]);
    let agent = json!({"agent_type": "my-plugin:reviewer"});
    assert_allows(
        Claude,
        "SubagentStop",
        &[(Some("^my-plugin:"), agent, true)],
    );
    let file = |path: &str| json!({"file_path": path});
    assert_allows(
        Claude,
        "FileChanged",
        &[
            (Some(".envrc|.env"), file("/p/.env"), true),
            (Some(".envrc|.env"), file("/p/.env.local"), false),
        ],
    );
}

#[test]
fn gemini_lifecycle_matchers_compare_exactly() {
    let source = |value: &str| json!({"source": value});
    assert_allows(
        Gemini,
        "SessionStart",
        &[
            (Some("startup"), source("startup"), true),
            (Some(" startup "), source("startup"), true),
            (Some("start"), source("startup"), false),
            (Some("startup|resume"), source("resume"), false),
        ],
    );
    let auto = json!({"trigger": "auto"});
    assert_allows(Gemini, "PreCompress", &[(Some("auto"), auto, true)]);
}

#[test]
fn proxyai_targets_follow_its_hook_manager() {
    // ProxyAI's shell events test the matcher against the command text.
    let command = |text: &str| json!({"command": text});
    assert_allows(
        Proxyai,
        "beforeShellExecution",
        &[
            (Some("gradlew"), command("bash ./gradlew test"), true),
            (Some("gradlew"), command("echo should_run"), false),
            (Some("curl|wget"), command("ls; wget x"), true),
            (Some("rm -rf ("), command("rm -rf (tmp)"), true),
            (Some("rm -rf ("), command("rm -rf /"), false),
        ],
    );
    let env = json!({"file_path": "/p/.env"});
    assert_allows(Proxyai, "beforeReadFile", &[(Some(r"\.env$"), env, true)]);
    let nested = json!({"tool_input": {"file_path": "/p/src/a.rs"}});
    assert_allows(Proxyai, "afterFileEdit", &[(Some("src/"), nested, true)]);
    let explore = json!({"subagent_type": "explore"});
    assert_allows(
        Proxyai,
        "subagentStart",
        &[(Some("explore"), explore, true)],
    );
    assert_allows(
        Proxyai,
        "stop",
        &[
            (
                Some("^completed$"),
                json!({"status": "completed", "reason": "x"}),
                true,
            ),
            (Some("user"), json!({"reason": "user_cancelled"}), true),
        ],
    );
}

#[test]
fn cursor_shell_matcher_searches_the_command() {
    let command = |text: &str| json!({"command": text});
    assert_allows(
        Cursor,
        "beforeShellExecution",
        &[
            (Some("curl|wget|nc"), command("curl https://x"), true),
            (Some("curl|wget|nc"), command("ls"), false),
        ],
    );
    let env = json!({"file_path": "/p/.env"});
    assert_allows(Cursor, "beforeReadFile", &[(Some(r"\.env$"), env, true)]);
}

#[test]
fn invalid_claude_regex_is_reported_when_consulted() {
    let matcher = Matcher::new(Some("["), flavour(Claude));
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
        assert_eq!(dialect.is_known_event(event), expected, "{dialect} {event}");
    }
    for &dialect in ALL {
        let list = dialect.known_events();
        assert_eq!(list.is_empty(), dialect == Hookrun, "{dialect}");
        for event in list {
            assert!(dialect.is_known_event(event), "{dialect} {event}");
        }
    }
}

#[test]
fn every_event_with_a_target_is_a_known_event() {
    // Catches a misspelt event name in a target table.
    for &(dialect, event, target) in TARGETS {
        if target != Target::None {
            assert!(dialect.is_known_event(event), "{dialect} {event}");
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
