//! How Copilot reads a finished hook, event by event (learnt by running the 1.0.102 CLI; the
//! conformance scenarios in `conformance/copilot/` pin each rule):
//!
//! - stdout, less its progress lines (a line that is one JSON object of `"type": "progress"`),
//!   is parsed as one JSON object; anything else counts as no answer;
//! - `preToolUse`: `permissionDecision` (`allow`, `deny`, `ask`) with
//!   `permissionDecisionReason`, `modifiedArgs` (replacing the arguments), `additionalContext`;
//!   exit 2 denies whatever stdout says, with the reason `hook exited with code 2`; any other
//!   failure (another exit code, a signal) denies as `hook errored`; a timeout lets the call
//!   through; the first deny ends the chain;
//! - `permissionRequest`: `behavior` (`allow`, `deny`) and `message`, `interrupt: true` ending
//!   the run; exit 2 denies, and so does any other failure (but a timeout);
//! - `userPromptSubmitted`: `decision: "block"` with its `reason` stops the prompt (the hooks
//!   reference says its output is dropped; the CLI blocks), `modifiedPrompt` replaces it;
//! - `userPromptTransformed`: `modifiedTransformedPrompt` replaces the prompt as the model gets
//!   it; nothing else is read;
//! - `agentStop`, `subagentStop`: `decision: "block"` and `reason` continue the agent;
//! - `postToolUse`: `modifiedResult` and `additionalContext`; `postToolUseFailure`:
//!   `additionalContext`, or on exit 2 stdout as the context;
//! - `sessionStart`, `subagentStart`, `notification`: `additionalContext`;
//! - every other event's output is not read, and on every event but the first two a failure
//!   (exit 2 included) is only reported.

use serde_json::{Map, Value};

use crate::model::answer::Policy;
use crate::model::hook::Hook;

use super::events;

/// The reason Copilot gives for a `preToolUse` hook that exited 2.
const EXIT_2: &str = "hook exited with code 2";
/// The reason Copilot gives for a `preToolUse` hook that failed otherwise.
const ERRORED: &str = "hook errored";
/// The reason Copilot gives for a `preToolUse` deny without one.
const NO_REASON: &str = "No reason provided";
/// The reason Copilot gives for a `permissionRequest` hook that exited 2 without a message.
const PERMISSION_EXIT_2: &str = "Permission denied by hook.";
/// The reason Copilot gives for a `permissionRequest` hook that failed (not exit 2).
const PERMISSION_FAILED: &str = "Permission request hook failed";

/// How a run of `hook` on `event` counts.
pub(super) fn policy(hook: &Hook, event: &str) -> Policy {
    let mut policy = Policy::filter(hook);
    let event = events::camel(event);
    policy.exit2_blocks = matches!(event, "preToolUse" | "permissionRequest");
    policy.read_output = match event {
        "preToolUse" => Some(read_pre_tool_use),
        "permissionRequest" => Some(read_permission_request),
        "postToolUseFailure" => Some(read_post_tool_use_failure),
        "userPromptTransformed" => Some(read_prompt_transformed),
        "agentStop"
        | "subagentStop"
        | "postToolUse"
        | "sessionStart"
        | "subagentStart"
        | "notification"
        | "userPromptSubmitted" => Some(read_answer),
        _ => None,
    };
    policy.ignore_stdout = policy.read_output.is_none();
    policy
}

/// Whether a deny of a hook on `event` keeps the hooks after it from running.
pub(super) fn deny_ends_chain(event: &str) -> bool {
    events::camel(event) == "preToolUse"
}

/// stdout's answer object, less its progress lines; `None` when it is not one JSON object.
pub(super) fn answer(stdout: &str) -> Option<Map<String, Value>> {
    let kept: Vec<&str> = stdout.lines().filter(|line| !is_progress(line)).collect();
    match serde_json::from_str::<Value>(kept.join("\n").trim()) {
        Ok(Value::Object(map)) => Some(map),
        _ => None,
    }
}

/// A line that is one JSON object of `"type": "progress"`: shown by Copilot, not an answer.
fn is_progress(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('{')
        && serde_json::from_str::<Value>(line)
            .is_ok_and(|value| value.get("type").and_then(Value::as_str) == Some("progress"))
}

/// An answer on exit 0, in the shared vocabulary; nothing on any other exit.
fn read_answer(code: Option<i32>, stdout: &str, _stderr: &str) -> Option<Map<String, Value>> {
    if code != Some(0) {
        return None;
    }
    answer(stdout).map(vocabulary)
}

fn read_pre_tool_use(code: Option<i32>, stdout: &str, _: &str) -> Option<Map<String, Value>> {
    match code {
        Some(0) => answer(stdout).map(vocabulary).map(|mut map| {
            // Copilot's words for a deny that gives no reason.
            if map.get("decision").and_then(Value::as_str) == Some("deny")
                && !map.contains_key("reason")
            {
                map.insert("reason".into(), NO_REASON.into());
            }
            map
        }),
        Some(2) => Some(deny(EXIT_2)),
        _ => Some(deny(ERRORED)),
    }
}

fn read_permission_request(code: Option<i32>, stdout: &str, _: &str) -> Option<Map<String, Value>> {
    match code {
        Some(0) => answer(stdout).map(vocabulary),
        Some(2) => {
            // stdout's JSON merged under the deny: its `message` is the reason.
            let mut map = answer(stdout).map(vocabulary).unwrap_or_default();
            map.insert("decision".into(), "deny".into());
            if !map.contains_key("message") && !map.contains_key("reason") {
                map.insert("reason".into(), PERMISSION_EXIT_2.into());
            }
            Some(map)
        }
        // Copilot denies when the hook fails otherwise, too.
        _ => Some(deny(PERMISSION_FAILED)),
    }
}

fn read_post_tool_use_failure(
    code: Option<i32>,
    stdout: &str,
    _: &str,
) -> Option<Map<String, Value>> {
    match code {
        Some(0) => answer(stdout).map(vocabulary),
        Some(2) if !stdout.is_empty() => {
            let mut map = Map::new();
            map.insert("additionalContext".into(), stdout.into());
            Some(map)
        }
        _ => None,
    }
}

/// `userPromptTransformed`: only `modifiedTransformedPrompt` is read (the prompt as the model
/// gets it, in place of the CLI's transformed text).
fn read_prompt_transformed(code: Option<i32>, stdout: &str, _: &str) -> Option<Map<String, Value>> {
    if code != Some(0) {
        return None;
    }
    let prompt = answer(stdout)?.remove("modifiedTransformedPrompt")?;
    Some(Map::from_iter([("updated_prompt".to_owned(), prompt)]))
}

fn deny(reason: &str) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("decision".into(), "deny".into());
    map.insert("reason".into(), reason.into());
    map
}

/// Copilot's answer fields under the shared vocabulary's names (the book, "Reading results and
/// merging"); Claude's `hookSpecificOutput`, which Copilot also reads, is kept as it is.
pub(super) fn vocabulary(mut map: Map<String, Value>) -> Map<String, Value> {
    let word = |value: Option<&Value>| value.and_then(Value::as_str).map(str::to_owned);
    if let Some(decision) = word(map.get("permissionDecision")) {
        map.insert("decision".into(), decision.into());
    }
    if let Some(behavior) = word(map.get("behavior")) {
        map.insert("decision".into(), behavior.into());
    }
    if let Some(reason) = map.get("permissionDecisionReason").cloned() {
        map.insert("reason".into(), reason);
    }
    if let Some(args) = map.remove("modifiedArgs") {
        map.insert("updatedInput".into(), args);
    }
    if let Some(result) = map.remove("modifiedResult") {
        map.insert("updated_output".into(), result);
    }
    if let Some(prompt) = map.remove("modifiedPrompt") {
        map.insert("updated_prompt".into(), prompt);
    }
    // A permission request's `interrupt: true` ends Copilot's run.
    if map.get("interrupt") == Some(&Value::Bool(true)) {
        map.insert("continue".into(), false.into());
    }
    map
}
