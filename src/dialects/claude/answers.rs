//! How a Claude Code hook's answer counts, as `@anthropic-ai/claude-code` 2.1.332 reads it (its
//! bundled `cli.js`: the hook output schema, `parseHookOutput` and `processHookJSONOutput`).
//!
//! - `hookSpecificOutput` must name the event it answers. The schema is a union whose every
//!   member requires `hookEventName` (`u({hookEventName:P("PreToolUse"),permissionDecision:…})`),
//!   so without it validation fails (`hookSpecificOutput is missing required field
//!   "hookEventName"`); a name of another event throws (`Hook returned incorrect event name:
//!   expected '…' but got '…'`). Either way Claude reports a non-blocking error and drops the whole
//!   answer: the action proceeds, and the answer's other fields (a top-level `decision`,
//!   `continue`, `systemMessage`, a rewrite) count for nothing. hookrun reads such an answer the
//!   same way ([`screen`], wired in through `Policy::refuses`), except an answer that blocks (a
//!   deny, an ask, `continue: false`): the hook meant to stop the action, and published guards
//!   carry exactly this slip, so hookrun keeps the block (the book, "Differences from Claude Code").
//! - `permissionDecision` is read only on `PreToolUse` (`if(ie.hookSpecificOutput?.
//!   hookEventName==="PreToolUse"&&ie.hookSpecificOutput.permissionDecision)`); the `PostToolUse`
//!   member has no such key, and zod strips it. hookrun reads a deny or ask there as a block, for
//!   the same reason: nothing here changes that reading.
//! - Exit 2 beside a schema-valid JSON deny: the JSON's reason reaches the model
//!   (`if(Oa.status===2&&!fp.blockingError)fp.blockingError={…Oa.stderr…}`: stderr only when the
//!   JSON did not block), so the policy sets `exit2_json_reason`.

use serde_json::{Map, Value};

use crate::model::answer::Policy;

/// A screen of one event's answers, as `Policy::refuses` holds it.
type Screen = fn(&str) -> Option<String>;

/// The policy's Claude-specific reading on `event`, over the shared `base`.
pub(crate) fn policy(base: Policy, event: &str) -> Policy {
    Policy {
        refuses: Some(screen_of(event)),
        exit2_json_reason: true,
        ..base
    }
}

/// The event's screen: events whose `hookSpecificOutput` Claude's schema knows accept their own
/// name; on every other event no `hookSpecificOutput` is valid.
fn screen_of(event: &str) -> Screen {
    macro_rules! screens {
        ($($name:literal),* $(,)?) => {
            match event {
                $($name => (|stdout: &str| screen(Some($name), stdout)) as Screen,)*
                _ => (|stdout: &str| screen(None, stdout)) as Screen,
            }
        };
    }
    // The members of the `hookSpecificOutput` union in 2.1.332.
    screens!(
        "PreToolUse",
        "UserPromptSubmit",
        "UserPromptExpansion",
        "SessionStart",
        "Setup",
        "PreModelSwitch",
        "PostModelSwitch",
        "SubagentStart",
        "PostToolUse",
        "PostToolUseFailure",
        "PostToolBatch",
        "Stop",
        "SubagentStop",
        "PermissionDenied",
        "PermissionRequest",
        "Elicitation",
        "ElicitationResult",
        "CwdChanged",
        "FileChanged",
        "WorktreeCreate",
        "MessageDisplay",
    )
}

/// Why Claude Code drops the trimmed `stdout` of a hook on the event `own` (`None`: an event
/// without a `hookSpecificOutput` of its own), or `None` when hookrun reads it: an answer Claude
/// reads, one that blocks, or one that is not a JSON object at all (hookrun's reader judges those).
fn screen(own: Option<&str>, stdout: &str) -> Option<String> {
    let Ok(Value::Object(answer)) = serde_json::from_str::<Value>(stdout) else {
        return None;
    };
    let specific = answer.get("hookSpecificOutput")?.as_object()?;
    let refused = |why: String| Some(format!("Claude Code drops this answer: {why}"));
    let problem = match (specific.get("hookEventName"), own) {
        (None, _) => "hookSpecificOutput is missing required field \"hookEventName\"".to_owned(),
        (Some(Value::String(name)), Some(own)) if name == own => return None,
        (Some(Value::String(name)), Some(own)) => {
            format!("its hookEventName is '{name}', not '{own}'")
        }
        (Some(name), Some(own)) => format!("its hookEventName is {name}, not '{own}'"),
        (Some(_), None) => "this event takes no hookSpecificOutput".to_owned(),
    };
    if blocks(&answer) {
        return None;
    }
    refused(problem)
}

/// Whether the answer asks to stop the action, in Claude's words or hookrun's other spellings of
/// a deny or an ask (`decision`, `permissionDecision`, `decision.behavior`, `permission`,
/// `allow: false`), or with `continue: false`.
fn blocks(answer: &Map<String, Value>) -> bool {
    let word = |value: Option<&Value>| value.and_then(Value::as_str).map(str::to_ascii_lowercase);
    let stops =
        |value: Option<&Value>| matches!(word(value).as_deref(), Some("deny" | "block" | "ask"));
    let specific = answer.get("hookSpecificOutput");
    stops(answer.get("decision"))
        || stops(answer.get("permission"))
        || stops(specific.and_then(|s| s.get("permissionDecision")))
        || stops(
            specific
                .and_then(|s| s.get("decision"))
                .and_then(|d| d.get("behavior")),
        )
        || answer.get("allow") == Some(&Value::Bool(false))
        || answer.get("continue") == Some(&Value::Bool(false))
}

#[cfg(test)]
#[path = "answers_tests.rs"]
mod tests;
