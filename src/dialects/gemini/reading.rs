//! How Gemini CLI reads a finished hook (`hookRunner.js` `executeCommandHook`, 0.61.0), as the
//! dialect's [`ReadOutput`](crate::model::answer::ReadOutput):
//!
//! - the text read is the trimmed stdout, or the trimmed stderr when stdout is blank;
//! - text that parses as JSON is the answer whatever the exit code: an object as it is, a JSON
//!   string parsed once more (double-encoded output), an array as an answer without fields, any
//!   other value as no answer;
//! - text that does not parse becomes an answer by exit code: 0 a `systemMessage`, 1 a
//!   `systemMessage` `Warning: <text>`, any other a deny with the text as its reason;
//! - a hook ended by a signal counts as exit 0 (Node's `exitCode || 0`), its output read as above.
//!
//! Two readings of hookrun's own, stricter than Gemini's code and as its documentation promises
//! (the book, "Differences from Gemini CLI"): exit 2 blocks even when the output says nothing or
//! allows; and `suppressOutput` hides the hook's own `systemMessage` only (Gemini hides every
//! hook's once one hook asks).

use serde_json::{Map, Value};

/// Gemini's exit code for a non-blocking error, whose text is a warning.
const NON_BLOCKING_ERROR: i32 = 1;
/// The exit code Gemini's documentation calls a blocking error.
const BLOCKING_ERROR: i32 = 2;

/// What Gemini takes from a run that exited with `code` (`None`: ended by a signal).
pub(crate) fn read(code: Option<i32>, stdout: &str, stderr: &str) -> Option<Map<String, Value>> {
    let text = if stdout.is_empty() { stderr } else { stdout };
    let mut answer = if text.is_empty() {
        None
    } else {
        match parse(text) {
            Ok(answer) => answer,
            Err(()) => Some(plain_text(text, code.unwrap_or(0))),
        }
    };
    if let Some(map) = answer.as_mut() {
        tidy(map);
    }
    if code == Some(BLOCKING_ERROR) && !answer.as_ref().is_some_and(blocks) {
        let mut deny = Map::new();
        deny.insert("decision".into(), "deny".into());
        let reason = if stderr.is_empty() { stdout } else { stderr };
        if !reason.is_empty() && !reason.starts_with('{') {
            deny.insert("reason".into(), reason.into());
        }
        return Some(deny);
    }
    answer
}

/// `JSON.parse`, once more for a string; `Err` when the text is not JSON.
fn parse(text: &str) -> Result<Option<Map<String, Value>>, ()> {
    let value = match serde_json::from_str::<Value>(text).map_err(drop)? {
        Value::String(inner) => serde_json::from_str::<Value>(&inner).map_err(drop)?,
        value => value,
    };
    Ok(match value {
        Value::Object(map) => Some(map),
        Value::Array(_) => Some(Map::new()),
        _ => None,
    })
}

/// `convertPlainTextToHookOutput`.
fn plain_text(text: &str, code: i32) -> Map<String, Value> {
    let mut out = Map::new();
    match code {
        0 => {
            out.insert("decision".into(), "allow".into());
            out.insert("systemMessage".into(), text.into());
        }
        NON_BLOCKING_ERROR => {
            out.insert("decision".into(), "allow".into());
            out.insert("systemMessage".into(), format!("Warning: {text}").into());
        }
        _ => {
            out.insert("decision".into(), "deny".into());
            out.insert("reason".into(), text.into());
        }
    }
    out
}

/// Drops what Gemini's consumers ignore: a `tool_input` rewrite that is not an object, and the
/// `systemMessage` of a hook that asks for its output to be suppressed. A stop without a
/// `stopReason` gives its `reason` as the stop's (`getEffectiveReason`: `stopReason || reason`).
fn tidy(map: &mut Map<String, Value>) {
    let text = |key: &str| {
        map.get(key)
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
    };
    if map.get("continue") == Some(&Value::Bool(false))
        && text("stopReason").is_none()
        && let Some(reason) = text("reason")
    {
        let reason = reason.to_owned();
        map.insert("stopReason".into(), reason.into());
    }
    if let Some(Value::Object(specific)) = map.get_mut("hookSpecificOutput")
        && specific
            .get("tool_input")
            .is_some_and(|input| !input.is_object())
    {
        specific.remove("tool_input");
    }
    if map.get("suppressOutput") == Some(&Value::Bool(true)) {
        map.remove("systemMessage");
    }
}

/// Whether Gemini stops on the answer: a `block`/`deny`/`ask` decision or `continue: false`.
fn blocks(map: &Map<String, Value>) -> bool {
    let decision = map.get("decision").and_then(Value::as_str);
    matches!(decision, Some("block" | "deny" | "ask"))
        || map.get("continue") == Some(&Value::Bool(false))
}

#[cfg(test)]
#[path = "reading_tests.rs"]
mod tests;
