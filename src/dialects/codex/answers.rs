//! How a Codex hook's answer counts, event by event (`hooks/src/engine/output_parser.rs` and
//! `events/*.rs` in 0.169.0, and the schemas embedded in its binary; 0.171.0 embeds the same
//! output structs and hook messages).
//!
//! Codex reads a JSON answer strictly: every key outside the event's schema, a wrong type, a
//! `hookSpecificOutput` without a known `hookEventName`, and the answers it does not support
//! (`ask`, `approve`, `allow` without `updatedInput`, …) make the whole answer invalid, and the hook
//! counts as failed: the action proceeds. hookrun reads such an answer the same way ([`screen`],
//! wired in through `Policy::refuses`), with one exception that is hookrun's principle: an answer
//! that *blocks* in Codex's or Claude's words (a deny, a `decision: "block"`, `continue: false`)
//! still blocks, with or without a reason. Codex lets those through; its documentation and
//! Claude-compatible intent do not.

use serde_json::{Map, Value};

use crate::model::answer::Policy;
use crate::model::hook::Hook;

/// What a plain-text (non-JSON) stdout means on an event.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Text {
    /// No effect.
    Ignored,
    /// Context for the model.
    Context,
    /// The event takes JSON only: the hook fails.
    Invalid,
}

/// One event's answer rules.
pub(super) struct Rules {
    pub(super) event: &'static str,
    /// Top-level keys of the event's output schema.
    pub(super) top: &'static [&'static str],
    /// Keys of its `hookSpecificOutput`, when it has one (`hookEventName` included).
    pub(super) specific: Option<&'static [&'static str]>,
    /// The values its top-level `decision` may take.
    pub(super) decisions: &'static [&'static str],
    /// A deny can block the action here (in Codex, or in Claude's reading of the same answer).
    deny_blocks: bool,
    /// `continue: false` stops here (in Codex, or in Claude's reading).
    stops: bool,
    /// Exit 2 blocks (else it is an ordinary failure).
    exit2_blocks: bool,
    text: Text,
}

const UNIVERSAL: &[&str] = &["continue", "stopReason", "suppressOutput", "systemMessage"];
const WITH_DECISION: &[&str] = &[
    "continue",
    "decision",
    "hookSpecificOutput",
    "reason",
    "stopReason",
    "suppressOutput",
    "systemMessage",
];
const WITH_SPECIFIC: &[&str] = &[
    "continue",
    "hookSpecificOutput",
    "stopReason",
    "suppressOutput",
    "systemMessage",
];
const STOP_KEYS: &[&str] = &[
    "continue",
    "decision",
    "reason",
    "stopReason",
    "suppressOutput",
    "systemMessage",
];
const CONTEXT_ONLY: &[&str] = &["hookEventName", "additionalContext"];

const PRE_TOOL_USE: Rules = Rules {
    event: "PreToolUse",
    top: WITH_DECISION,
    specific: Some(&[
        "hookEventName",
        "additionalContext",
        "permissionDecision",
        "permissionDecisionReason",
        "updatedInput",
    ]),
    decisions: &["approve", "block"],
    deny_blocks: true,
    stops: true,
    exit2_blocks: true,
    text: Text::Ignored,
};
const PERMISSION_REQUEST: Rules = Rules {
    event: "PermissionRequest",
    top: WITH_SPECIFIC,
    specific: Some(&["hookEventName", "decision"]),
    decisions: &[],
    ..PRE_TOOL_USE
};
const POST_TOOL_USE: Rules = Rules {
    event: "PostToolUse",
    specific: Some(&["hookEventName", "additionalContext", "updatedMCPToolOutput"]),
    decisions: &["block"],
    ..PRE_TOOL_USE
};
const USER_PROMPT_SUBMIT: Rules = Rules {
    event: "UserPromptSubmit",
    specific: Some(CONTEXT_ONLY),
    text: Text::Context,
    ..POST_TOOL_USE
};
const STOP: Rules = Rules {
    event: "Stop",
    top: STOP_KEYS,
    specific: None,
    text: Text::Invalid,
    ..POST_TOOL_USE
};
const SUBAGENT_STOP: Rules = Rules {
    event: "SubagentStop",
    ..STOP
};
/// `continue: false` stops the session; Claude's `SubagentStart` reads it the same way, though
/// Codex ignores it there. Nothing else blocks, exit 2 included.
const SESSION_START: Rules = Rules {
    event: "SessionStart",
    top: WITH_SPECIFIC,
    specific: Some(CONTEXT_ONLY),
    decisions: &[],
    deny_blocks: false,
    stops: true,
    exit2_blocks: false,
    text: Text::Context,
};
const SUBAGENT_START: Rules = Rules {
    event: "SubagentStart",
    ..SESSION_START
};
/// Codex has no decision on `PreCompact`, but Claude blocks compaction on `decision: "block"`
/// and on exit 2: the stricter reading.
const PRE_COMPACT: Rules = Rules {
    event: "PreCompact",
    top: UNIVERSAL,
    specific: None,
    decisions: &[],
    deny_blocks: true,
    stops: true,
    exit2_blocks: true,
    text: Text::Ignored,
};
const POST_COMPACT: Rules = Rules {
    event: "PostCompact",
    deny_blocks: false,
    exit2_blocks: false,
    ..PRE_COMPACT
};
/// Only `{"systemMessage"}`; nothing blocks.
const INTERRUPT: Rules = Rules {
    event: "Interrupt",
    top: &["systemMessage"],
    specific: None,
    decisions: &[],
    deny_blocks: false,
    stops: false,
    exit2_blocks: false,
    text: Text::Invalid,
};

/// How a hook's run on `event` counts. `SessionEnd` (no output schema in 0.171.0) and the model
/// request events (whose stdout Codex only logs) never block; events Codex does not have are read
/// with hookrun's common rules.
pub(super) fn policy(hook: &Hook, event: &str) -> Policy {
    let filter = Policy::filter(hook);
    let Some((rules, screen)) = rules(event) else {
        return match event {
            "SessionEnd" => Policy {
                can_block: false,
                exit2_blocks: false,
                ..filter
            },
            "PreModelRequest" | "PostModelRequest" => Policy {
                can_block: false,
                exit2_blocks: false,
                ignore_stdout: true,
                ..filter
            },
            _ => filter,
        };
    };
    Policy {
        can_block: filter.can_block && (rules.deny_blocks || rules.stops),
        exit2_blocks: rules.exit2_blocks,
        text_is_context: rules.text == Text::Context,
        refuses: Some(screen),
        ..filter
    }
}

/// A screen of one event's answers, as `Policy::refuses` holds it.
type Screen = fn(&str) -> Option<String>;

/// The event's rules and its screen.
fn rules(event: &str) -> Option<(&'static Rules, Screen)> {
    macro_rules! screens {
        ($($name:literal => $rules:ident),* $(,)?) => {
            match event {
                $($name => Some((
                    &$rules,
                    (|stdout: &str| screen(&$rules, stdout)) as Screen,
                )),)*
                _ => None,
            }
        };
    }
    screens! {
        "PreToolUse" => PRE_TOOL_USE,
        "PermissionRequest" => PERMISSION_REQUEST,
        "PostToolUse" => POST_TOOL_USE,
        "UserPromptSubmit" => USER_PROMPT_SUBMIT,
        "Stop" => STOP,
        "SubagentStop" => SUBAGENT_STOP,
        "SessionStart" => SESSION_START,
        "SubagentStart" => SUBAGENT_START,
        "PreCompact" => PRE_COMPACT,
        "PostCompact" => POST_COMPACT,
        "Interrupt" => INTERRUPT,
    }
}

/// Why Codex refuses the trimmed `stdout` on this event, or `None` when hookrun reads it (an
/// answer Codex accepts, or one that blocks; see the module doc).
fn screen(rules: &Rules, stdout: &str) -> Option<String> {
    let refused = |why: String| Some(format!("Codex refuses this {} answer: {why}", rules.event));
    if stdout.is_empty() {
        return None;
    }
    if stdout.starts_with('[') {
        return refused("stdout that starts with `[` must be a JSON object".into());
    }
    if !stdout.starts_with('{') {
        return if rules.text == Text::Invalid {
            refused("it takes JSON only, not plain text".into())
        } else {
            None
        };
    }
    // Broken JSON is a failure for hookrun's own reader to report.
    let Ok(Value::Object(answer)) = serde_json::from_str::<Value>(stdout) else {
        return None;
    };
    if blocks(rules, &answer) {
        return None;
    }
    super::schema::problem(rules, &answer).and_then(refused)
}

/// Whether the answer blocks in Codex's or Claude's words on this event.
fn blocks(rules: &Rules, answer: &Map<String, Value>) -> bool {
    let word = |value: Option<&Value>| value.and_then(Value::as_str).map(str::to_ascii_lowercase);
    let specific = answer.get("hookSpecificOutput");
    let denies = matches!(
        word(answer.get("decision")).as_deref(),
        Some("block" | "deny")
    ) || word(specific.and_then(|s| s.get("permissionDecision"))).as_deref()
        == Some("deny")
        || word(
            specific
                .and_then(|s| s.get("decision"))
                .and_then(|d| d.get("behavior")),
        )
        .as_deref()
            == Some("deny");
    let stops = answer.get("continue") == Some(&Value::Bool(false));
    (rules.deny_blocks && denies) || (rules.stops && stops)
}
