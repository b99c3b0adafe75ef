//! GitHub Copilot CLI's hook events: the camelCase names of its hooks reference, the PascalCase
//! names it also accepts (the VS Code format, whose hooks receive a snake_case payload and match
//! with Claude's rules), what each event's matcher is tested against, and the Claude names of
//! its tools that PascalCase matchers and payloads use.

use crate::matching::Target;

/// The events, as the hooks reference spells them (camelCase).
pub(super) const EVENTS: &[&str] = &[
    "sessionStart",
    "sessionEnd",
    "userPromptSubmitted",
    "userPromptTransformed",
    "preToolUse",
    "postToolUse",
    "postToolUseFailure",
    "permissionRequest",
    "agentStop",
    "subagentStart",
    "subagentStop",
    "errorOccurred",
    "preCompact",
    "notification",
];

/// The PascalCase (VS Code format) key of each event that has one, with its camelCase name.
pub(super) const PASCAL: &[(&str, &str)] = &[
    ("SessionStart", "sessionStart"),
    ("SessionEnd", "sessionEnd"),
    ("UserPromptSubmit", "userPromptSubmitted"),
    ("PreToolUse", "preToolUse"),
    ("PostToolUse", "postToolUse"),
    ("PostToolUseFailure", "postToolUseFailure"),
    ("PermissionRequest", "permissionRequest"),
    ("Stop", "agentStop"),
    ("SubagentStop", "subagentStop"),
    ("ErrorOccurred", "errorOccurred"),
    ("PreCompact", "preCompact"),
];

/// Every name a Copilot file may key hooks under: the camelCase names, then the PascalCase ones.
pub(super) fn all_names() -> &'static [&'static str] {
    static ALL: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
        EVENTS
            .iter()
            .copied()
            .chain(PASCAL.iter().map(|(pascal, _)| *pascal))
            .collect()
    });
    &ALL
}

/// The Claude tool name of each Copilot runtime tool that has one (the hooks reference's table
/// for PascalCase `PreToolUse`); tools not listed keep their runtime name.
pub(super) const CLAUDE_TOOLS: &[(&str, &str)] = &[
    ("bash", "Bash"),
    ("powershell", "Bash"),
    ("view", "Read"),
    ("create", "Write"),
    ("edit", "Edit"),
    ("str_replace_editor", "Edit"),
    ("apply_patch", "Edit"),
    ("grep", "Grep"),
    ("rg", "Grep"),
    ("glob", "Glob"),
    ("web_fetch", "WebFetch"),
    ("web_search", "WebSearch"),
    ("ask_user", "AskUserQuestion"),
    ("update_todo", "TodoWrite"),
    ("task", "Agent"),
];

/// The camelCase name of `key` (itself when it is one, or unknown).
pub(super) fn camel(key: &str) -> &str {
    PASCAL
        .iter()
        .find(|(pascal, _)| *pascal == key)
        .map_or(key, |(_, camel)| camel)
}

/// Whether `key` is a PascalCase (VS Code format) event key.
pub(super) fn is_pascal(key: &str) -> bool {
    PASCAL.iter().any(|(pascal, _)| *pascal == key)
}

/// The PascalCase key of the camelCase event `event`, when it has one.
pub(super) fn pascal(event: &str) -> Option<&'static str> {
    PASCAL
        .iter()
        .find(|(_, camel)| *camel == event)
        .map(|(pascal, _)| *pascal)
}

/// The Claude name of the runtime tool `tool`, or `tool` itself.
pub(super) fn claude_tool(tool: &str) -> &str {
    CLAUDE_TOOLS
        .iter()
        .find(|(runtime, _)| *runtime == tool)
        .map_or(tool, |(_, claude)| claude)
}

/// What the matcher of a hook on `event` is tested against. The fired event's spelling tells
/// the payload's: `toolName` in Copilot's own, `tool_name` in the VS Code format. The tool
/// events' targets carry the Claude names, which the PascalCase hooks' matchers test.
pub(super) fn target(event: &str) -> Target {
    let pascal = is_pascal(event);
    match camel(event) {
        "preToolUse" | "postToolUse" | "postToolUseFailure" | "permissionRequest" => {
            Target::Aliased {
                field: if pascal { "tool_name" } else { "toolName" },
                aliases: CLAUDE_TOOLS,
            }
        }
        "notification" => Target::Name("notification_type"),
        "preCompact" => Target::Name("trigger"),
        "subagentStart" => Target::Name(if pascal { "agent_name" } else { "agentName" }),
        _ => Target::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_listed_once_and_every_pascal_key_names_a_camel_event() {
        let names = all_names();
        assert_eq!(names.len(), EVENTS.len() + PASCAL.len());
        for (at, name) in names.iter().enumerate() {
            assert!(!names[..at].contains(name), "{name} twice");
        }
        for (pascal, camel) in PASCAL {
            assert!(EVENTS.contains(camel), "{pascal} → {camel}");
        }
    }

    #[test]
    fn a_pascal_case_matcher_knows_a_tool_by_either_name_in_either_payload() {
        use crate::matching::Matcher;
        use serde_json::json;
        let camel = json!({"toolName": "bash"});
        let snake = json!({"tool_name": "Bash"});
        for pattern in ["Bash", "bash", "Ba.*", "Edit|Bash"] {
            let matcher = Matcher::new(Some(pattern), super::super::PASCAL_FLAVOUR);
            assert!(
                target("preToolUse").allows(&matcher, &camel).unwrap(),
                "{pattern}"
            );
            assert!(
                target("PreToolUse").allows(&matcher, &snake).unwrap(),
                "{pattern}"
            );
        }
        let runtime_regex = Matcher::new(Some("ba.*"), super::super::PASCAL_FLAVOUR);
        assert!(!target("preToolUse").allows(&runtime_regex, &camel).unwrap());
        let camel_matcher = Matcher::new(Some("Bash"), super::super::FLAVOUR);
        assert!(!target("preToolUse").allows(&camel_matcher, &camel).unwrap());
    }

    #[test]
    fn keys_translate_both_ways() {
        assert_eq!(camel("Stop"), "agentStop");
        assert_eq!(camel("UserPromptSubmit"), "userPromptSubmitted");
        assert_eq!(camel("preToolUse"), "preToolUse");
        assert_eq!(pascal("agentStop"), Some("Stop"));
        assert_eq!(pascal("subagentStart"), None);
        assert_eq!(claude_tool("powershell"), "Bash");
        assert_eq!(claude_tool("my_mcp_tool"), "my_mcp_tool");
    }
}
