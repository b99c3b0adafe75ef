//! How Vibe reads a finished hook, and how hookrun answers as Vibe (`--output vibe`), from
//! `_foreign_hooks.py` (mistralai_vibe_local_harness/vibe/).
//!
//! A hook that exits non-zero, times out or cannot start has failed (`_run_command`; exit 2 is
//! no different): Vibe goes on, unless the tool hook is `strict`, when a `pre_tool` failure
//! denies the call and a `post_tool` one clears the result (here: blocks it). Exit 0 with empty
//! stdout passes; anything but a JSON object is a failure too. The object's
//! `decision: "deny"` with `reason` denies the call (`pre_tool`), replaces the result with the
//! reason (`post_tool`), or asks the agent to revise its turn with it (`post_agent`; its failures
//! always accept). `hook_specific_output.tool_input` replaces the arguments (`pre_tool`),
//! `hook_specific_output.additional_context` is appended to the result (`post_tool`), and
//! `system_message` is shown. Every other field, and a decision other than `deny`, means nothing.

use serde_json::{Map, Value};

use crate::model::answer::{Answer, Merged, Policy, block_reason};
use crate::model::dialect::AgentOutput;
use crate::model::hook::Hook;

/// `_DEFAULT_DENY_REASON`.
const PRE_TOOL_DENY: &str = "Blocked by a pre_tool hook.";
/// `_POST_TOOL_DENY_REASON`.
const POST_TOOL_DENY: &str = "The tool result was blocked by a post_tool hook.";
/// `_POST_AGENT_DENY_REASON`.
const POST_AGENT_DENY: &str = "A post_agent hook asked the agent to revise its response.";

/// How a run of `hook` on `event` counts: read by the event's reading; its failures block as the
/// hook's `strict` (its `fail_closed`) says.
pub(super) fn policy(hook: &Hook, event: &str) -> Policy {
    let mut policy = Policy::filter(hook);
    policy.read_output = Some(match (event, hook.fail_closed) {
        ("pre_tool", false) => |c, o, _| read(Point::PreTool, false, c, o),
        ("pre_tool", true) => |c, o, _| read(Point::PreTool, true, c, o),
        ("post_tool", false) => |c, o, _| read(Point::PostTool, false, c, o),
        ("post_tool", true) => |c, o, _| read(Point::PostTool, true, c, o),
        _ => |c, o, _| read(Point::PostAgent, false, c, o),
    });
    policy
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Point {
    PreTool,
    PostTool,
    PostAgent,
}

/// A run's answer in the shared vocabulary. A non-zero exit gives `None`: the hook failed, and
/// its posture (strict or not) decides. A failed reading of exit-0 stdout denies when strict.
fn read(point: Point, strict: bool, code: Option<i32>, stdout: &str) -> Option<Map<String, Value>> {
    if code != Some(0) || stdout.is_empty() {
        return None;
    }
    let parsed = match serde_json::from_str::<Value>(stdout) {
        Ok(Value::Object(map)) => map,
        Ok(_) => {
            return strict
                .then(|| deny("stdout did not match the hook response schema: not an object"));
        }
        Err(error) => {
            let why = format!("stdout did not match the hook response schema: {error}");
            return strict.then(|| deny(&why));
        }
    };
    let mut out = Map::new();
    if let Some(message) = text(parsed.get("system_message")) {
        out.insert("systemMessage".into(), message.into());
    }
    let specific = parsed
        .get("hook_specific_output")
        .and_then(Value::as_object);
    if parsed.get("decision").and_then(Value::as_str) == Some("deny") {
        let default = match point {
            Point::PreTool => PRE_TOOL_DENY,
            Point::PostTool => POST_TOOL_DENY,
            Point::PostAgent => POST_AGENT_DENY,
        };
        let reason = match parsed.get("reason") {
            Some(Value::String(text)) if !text.is_empty() => text.clone(),
            None | Some(Value::Null | Value::String(_)) => default.to_owned(),
            Some(other) => other.to_string(),
        };
        out.insert("decision".into(), "deny".into());
        out.insert("reason".into(), reason.into());
        // A `pre_tool` deny returns before the rewrite is looked at.
        if point == Point::PreTool {
            return Some(out);
        }
    }
    match point {
        Point::PreTool => {
            if let Some(input) = specific
                .and_then(|s| s.get("tool_input"))
                .filter(|v| v.is_object())
            {
                out.insert("updatedInput".into(), input.clone());
            }
        }
        Point::PostTool => {
            if let Some(context) = text(specific.and_then(|s| s.get("additional_context"))) {
                out.insert("additionalContext".into(), context.into());
            }
        }
        Point::PostAgent => {}
    }
    Some(out)
}

fn deny(reason: &str) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("decision".into(), "deny".into());
    map.insert("reason".into(), reason.into());
    map
}

/// A non-empty string value.
fn text(value: Option<&Value>) -> Option<&str> {
    value
        .and_then(Value::as_str)
        .filter(|text| !text.is_empty())
}

/// `--output vibe`: always exit 0 with the structured response (a non-zero exit is a failure
/// Vibe lets through unless the entry is strict).
pub(crate) struct VibeOutput;

impl AgentOutput for VibeOutput {
    fn answer(&self, event: &str, m: &Merged) -> Answer {
        let mut out = Map::new();
        // Vibe has no `ask` and no way for a hook to stop the agent: on a tool hook both deny.
        let stops = !m.continue_ && event != "post_agent";
        if m.decision.blocks() || stops {
            out.insert("decision".into(), "deny".into());
            out.insert("reason".into(), block_reason(m).into());
        }
        let mut specific = Map::new();
        match event {
            "pre_tool" if !out.contains_key("decision") => {
                if let Some(input) = &m.updated_input {
                    specific.insert("tool_input".into(), input.clone());
                }
            }
            "post_tool" => {
                if let Some(context) = &m.additional_context {
                    specific.insert("additional_context".into(), context.clone().into());
                }
            }
            _ => {}
        }
        if !specific.is_empty() {
            out.insert("hook_specific_output".into(), Value::Object(specific));
        }
        if let Some(message) = &m.system_message {
            out.insert("system_message".into(), message.clone().into());
        }
        Answer {
            json: (!out.is_empty()).then_some(Value::Object(out)),
            stderr: None,
            code: crate::exit::OK,
        }
    }

    /// hookrun's own failure denies: a non-zero exit would let a non-strict entry through.
    fn failure(&self, message: &str) -> Answer {
        Answer::ok(deny(&format!("hookrun failed: {message}")))
    }
}
