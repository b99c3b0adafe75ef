//! What a hook's `matcher` is tested against, by dialect and event (SPEC §3 "Matcher target"),
//! the event vocabulary of every dialect, and the one check that combines a matcher, a target and
//! a payload.

use serde_json::Value;

use super::events;
use super::matcher::{Matcher, MatcherError};
use crate::config::dialect_name::Dialect;

/// The payload value a matcher is tested against for one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// The event has no matcher target: the matcher is ignored and the hook always matches.
    None,
    /// A name-like top-level string field (`tool_name`, `source`, `agent_type`, …), tested with
    /// the matcher's own semantics.
    Name(&'static str),
    /// A name compared by plain equality with the (trimmed) matcher: Gemini's lifecycle events
    /// (`SessionStart`, `SessionEnd`, `PreCompress`) do not use a regex.
    ExactName(&'static str),
    /// Free text: a shell command or a file path. Agents put it at the top level of the payload
    /// (Cursor, proxyai) or inside `tool_input` (Claude-shaped tool payloads), so the top level is
    /// read first, then `tool_input`. Exact-name matchers search their names in it.
    Text(&'static str),
    /// proxyai `stop`: `status` when present, else `reason`.
    StatusOrReason,
    /// Claude `FileChanged`: the file name (last component) of `file_path`, compared with the
    /// matcher's `|`-separated literal file names (Claude builds its watch list from them).
    FileName,
}

impl Target {
    #[allow(
        dead_code,
        reason = "wired in by validate/list (issue 4) and the other dialects (issue 3)"
    )]
    /// The payload field the target reads first, for `--dry-run` and `list`.
    pub(crate) fn field(self) -> Option<&'static str> {
        match self {
            Target::None => None,
            Target::Name(field) | Target::ExactName(field) | Target::Text(field) => Some(field),
            Target::StatusOrReason => Some("status"),
            Target::FileName => Some("file_path"),
        }
    }

    /// Whether `matcher` selects the hook for `payload`. A target-less event ignores the matcher,
    /// and a match-all matcher never looks at the payload; otherwise a missing target value
    /// does not match. Errors only for an invalid regex in a dialect where that is an error.
    pub(crate) fn allows(self, matcher: &Matcher, payload: &Value) -> Result<bool, MatcherError> {
        if self == Target::None || matcher.matches_everything() {
            return Ok(true);
        }
        let Some(value) = target_value(self, payload) else {
            return Ok(false);
        };
        let pattern = matcher.pattern().unwrap_or_default();
        match self {
            Target::ExactName(_) => Ok(pattern.trim() == value),
            // Claude reads a FileChanged matcher as a `|` list of literal file names to watch.
            Target::FileName => Ok(pattern.split('|').any(|name| name.trim() == value)),
            Target::Text(_) => matcher.is_match_text(value),
            _ => matcher.is_match(value),
        }
    }
}

/// The matcher target of `event` in `dialect`'s vocabulary.
///
/// Event names compare exactly, except praison (case-insensitive, as praison reads them) and
/// prx (trimmed, lower-cased, `-` → `_`). A hookrun hook may name any dialect's event: the name
/// is looked up in the claude, cursor, proxyai, gemini and praison tables in that order, and the
/// first table that gives the event a target wins (so `stop` gets proxyai's `status`/`reason`
/// even though Cursor also has a target-less `stop`); hookrun always uses its own matcher
/// semantics, so Gemini's exact lifecycle comparison becomes a normal name target there.
pub(crate) fn matcher_target(dialect: Dialect, event: &str) -> Target {
    match dialect {
        Dialect::Claude => claude_target(event),
        Dialect::Gemini => gemini_target(event),
        Dialect::Cursor => cursor_target(event),
        Dialect::Proxyai => proxyai_target(event),
        Dialect::Praison => praison_target(event),
        // PRX and promptkit hooks have no matcher.
        Dialect::Prx | Dialect::Promptkit => Target::None,
        Dialect::Hookrun => [
            claude_target,
            cursor_target,
            proxyai_target,
            gemini_target,
            praison_target,
        ]
        .into_iter()
        .map(|table| table(event))
        .find(|target| *target != Target::None)
        .map_or(Target::None, |target| match target {
            Target::ExactName(field) => Target::Name(field),
            other => other,
        }),
    }
}

/// The string the matcher is tested against, or `None` when the payload lacks it (or it is not a
/// string). See [`Target::Text`] for where free text is looked up.
pub(crate) fn target_value(target: Target, payload: &Value) -> Option<&str> {
    let top = |field: &str| payload.get(field).and_then(Value::as_str);
    match target {
        Target::None => None,
        Target::Name(field) | Target::ExactName(field) => top(field),
        Target::Text(field) => top(field).or_else(|| {
            payload
                .get("tool_input")
                .and_then(|input| input.get(field))
                .and_then(Value::as_str)
        }),
        Target::StatusOrReason => top("status").or_else(|| top("reason")),
        Target::FileName => top("file_path").map(|path| {
            path.rsplit(['/', '\\'])
                .find(|part| !part.is_empty())
                .unwrap_or(path)
        }),
    }
}

/// The event names documented for `dialect` (for `validate`'s did-you-mean). hookrun accepts
/// every dialect's names plus `*` and prefix patterns, so it has no list of its own: use
/// [`is_known_event`].
pub(crate) fn known_events(dialect: Dialect) -> &'static [&'static str] {
    match dialect {
        Dialect::Hookrun => &[],
        Dialect::Claude => events::CLAUDE,
        Dialect::Gemini => events::GEMINI,
        Dialect::Cursor => events::CURSOR,
        Dialect::Proxyai => events::PROXYAI,
        Dialect::Praison => events::PRAISON,
        Dialect::Prx => events::PRX,
        Dialect::Promptkit => events::PROMPTKIT,
    }
}

/// Whether `event` is a name `dialect` knows, with that dialect's own case rules. For hookrun:
/// any dialect's name, `*`, or a prefix pattern ending in `*` (`prx.lifecycle.*`).
pub(crate) fn is_known_event(dialect: Dialect, event: &str) -> bool {
    match dialect {
        Dialect::Hookrun => {
            event.ends_with('*')
                || Dialect::ALL
                    .into_iter()
                    .filter(|&d| d != Dialect::Hookrun)
                    .any(|d| is_known_event(d, event))
        }
        Dialect::Praison => events::PRAISON
            .iter()
            .any(|known| known.eq_ignore_ascii_case(event)),
        Dialect::Prx => {
            let normalized = normalize_prx_event(event);
            events::PRX.contains(&normalized.as_str())
        }
        _ => known_events(dialect).contains(&event),
    }
}

/// PRX's event-key normalisation: trim, ASCII-lowercase, `-` → `_`.
pub(crate) fn normalize_prx_event(event: &str) -> String {
    event.trim().to_ascii_lowercase().replace('-', "_")
}

fn claude_target(event: &str) -> Target {
    match event {
        "PreToolUse" | "PostToolUse" | "PostToolUseFailure" | "PermissionRequest"
        | "PermissionDenied" => Target::Name("tool_name"),
        "SessionStart" | "ConfigChange" | "DirectoryAdded" => Target::Name("source"),
        "Setup" | "PreCompact" | "PostCompact" => Target::Name("trigger"),
        "SessionEnd" => Target::Name("reason"),
        "Notification" => Target::Name("notification_type"),
        "SubagentStart" | "SubagentStop" => Target::Name("agent_type"),
        "StopFailure" => Target::Name("error"),
        "InstructionsLoaded" => Target::Name("load_reason"),
        "UserPromptExpansion" => Target::Name("command_name"),
        "Elicitation" | "ElicitationResult" => Target::Name("mcp_server_name"),
        "PreModelSwitch" | "PostModelSwitch" => Target::Name("to_model"),
        "FileChanged" => Target::FileName,
        _ => Target::None,
    }
}

fn gemini_target(event: &str) -> Target {
    match event {
        "BeforeTool" | "AfterTool" => Target::Name("tool_name"),
        "SessionStart" => Target::ExactName("source"),
        "SessionEnd" => Target::ExactName("reason"),
        "PreCompress" => Target::ExactName("trigger"),
        // Gemini passes no matcher context for Notification and the agent/model events.
        _ => Target::None,
    }
}

fn cursor_target(event: &str) -> Target {
    match event {
        "preToolUse" | "postToolUse" | "postToolUseFailure" => Target::Name("tool_name"),
        "beforeShellExecution" | "afterShellExecution" => Target::Text("command"),
        "beforeReadFile" | "afterFileEdit" | "beforeTabFileRead" | "afterTabFileEdit" => {
            Target::Text("file_path")
        }
        _ => Target::None,
    }
}

fn proxyai_target(event: &str) -> Target {
    match event {
        // `preToolUse` is the documented alias of `beforeToolUse`.
        "beforeToolUse" | "afterToolUse" | "preToolUse" => Target::Name("tool_name"),
        "beforeShellExecution" | "afterShellExecution" => Target::Text("command"),
        "beforeReadFile" | "afterFileEdit" => Target::Text("file_path"),
        "subagentStart" | "subagentStop" => Target::Name("subagent_type"),
        "stop" => Target::StatusOrReason,
        _ => Target::None,
    }
}

fn praison_target(event: &str) -> Target {
    // praison passes a target (the tool name) only for tool events; elsewhere it ignores
    // matchers (seed-systems.md D1).
    if event.eq_ignore_ascii_case("before_tool") || event.eq_ignore_ascii_case("after_tool") {
        Target::Name("tool_name")
    } else {
        Target::None
    }
}

#[cfg(test)]
#[path = "target_tests.rs"]
mod tests;
