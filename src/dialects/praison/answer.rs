//! How PraisonAI reads a command hook's run: `HookRunner._execute_command_hook` and
//! `_parse_command_output` (praisonaiagents 1.7.17, `hooks/runner.py`), with PraisonAI's own
//! wording. It fails closed: a timeout, a crash, an exit code other than 0 and 2 (also after
//! printing an allow), stdout that is JSON but not an object, and output that is not UTF-8 deny.
//! Any stdout is tried as JSON (a JSON string is decoded once more); an object's `decision`
//! (default `allow`), `reason`, `modified_input` and `additional_context` are read, nothing else.
//! Without JSON, exit 0 allows with the text as context and exit 2 denies with stderr, else
//! stdout, else "Blocked by hook".
//!
//! Where PraisonAI lets the action through but hookrun's reading blocks, hookrun keeps blocking
//! (the book, "Differences from PraisonAI"): exit 2 whatever its JSON says, an `ask`, and an
//! unexpected exit code whatever decision the JSON names other than a deny.

use std::time::Duration;

use serde_json::{Map, Value};

use crate::model::answer::{Decision, Said};
use crate::model::reading::{Ended, HookRun};

/// PraisonAI's reading of one run (a [`Reading`](crate::model::answer::Reading)).
pub(crate) fn read(run: &HookRun<'_>) -> Said {
    let code = match run.ended {
        Ended::TimedOut => {
            return deny(Some(format!(
                "Hook '{}' timed out after {}s",
                run.name,
                python_seconds(run.timeout)
            )));
        }
        Ended::Failed(error) => return raised(run.name, error),
        // Python's `returncode` of a process killed by a signal.
        Ended::Signalled(signal) => -signal,
        Ended::Exited(code) => code,
    };
    let stdout = match decode(run.stdout) {
        Ok(text) => text,
        Err(error) => return raised(run.name, &error),
    };
    let stderr = match decode(run.stderr) {
        Ok(text) => text,
        Err(error) => return raised(run.name, &error),
    };
    let (out, err) = (strip(stdout), strip(stderr));
    if !out.is_empty() {
        match parse(out) {
            Parsed::Object(map) => return from_object(&map, code, out, err),
            Parsed::Other(kind) => {
                return raised(run.name, &format!("'{kind}' object has no attribute 'get'"));
            }
            Parsed::NotJson => {}
        }
    }
    match code {
        0 => Said {
            decision: Some(Decision::Allow),
            additional_context: non_empty(out),
            ..Said::default()
        },
        2 => deny(Some(
            first_text(&[err, out])
                .unwrap_or("Blocked by hook")
                .to_owned(),
        )),
        _ => unexpected(code, err, out),
    }
}

/// What a stripped stdout parses to, as `json.loads` (twice for a JSON string) would give it.
enum Parsed {
    Object(Map<String, Value>),
    /// JSON, but not an object: Python's type name of it.
    Other(&'static str),
    NotJson,
}

fn parse(text: &str) -> Parsed {
    match serde_json::from_str::<Value>(text) {
        // Double-encoded JSON: the string is parsed once more; a string that is not JSON is text.
        Ok(Value::String(inner)) => match serde_json::from_str::<Value>(&inner) {
            Ok(value) => classify(value, &inner),
            Err(_) => Parsed::NotJson,
        },
        Ok(value) => classify(value, text),
        Err(_) => Parsed::NotJson,
    }
}

fn classify(value: Value, text: &str) -> Parsed {
    match value {
        Value::Object(map) => Parsed::Object(map),
        Value::Array(_) => Parsed::Other("list"),
        Value::String(_) => Parsed::Other("str"),
        Value::Bool(_) => Parsed::Other("bool"),
        Value::Null => Parsed::Other("NoneType"),
        // Python's `int` has no size limit: only a fraction or an exponent makes a `float`.
        Value::Number(_) if text.contains(['.', 'e', 'E']) => Parsed::Other("float"),
        Value::Number(_) => Parsed::Other("int"),
    }
}

/// A JSON object's answer. Exit 0 and 2 are the expected codes; any other denies unless the
/// object denies itself.
fn from_object(map: &Map<String, Value>, code: i32, out: &str, err: &str) -> Said {
    let named = map.get("decision");
    let allow = named.is_none_or(|d| d.as_str() == Some("allow"));
    let decision = match named {
        None => Some(Decision::Allow),
        Some(value) => value.as_str().and_then(decision_word),
    };
    let blocks = decision.is_some_and(Decision::blocks);
    let reason = map.get("reason").and_then(text);
    match code {
        0 | 2 if blocks => {}
        0 => {}
        // hookrun's exit 2 blocks whatever the JSON says (PraisonAI lets the JSON decide).
        2 => {
            return deny(Some(reason.unwrap_or_else(|| {
                first_text(&[err]).unwrap_or("Blocked by hook").to_owned()
            })));
        }
        _ if blocks => {}
        _ if allow => {
            return deny(Some(format!(
                "Hook exited with unexpected code {code} after emitting an allow decision: {}",
                first_text(&[err]).unwrap_or("no stderr")
            )));
        }
        _ => return unexpected(code, err, out),
    }
    Said {
        decision,
        reason,
        updated_input: map
            .get("modified_input")
            .filter(|input| input.as_object().is_some_and(|m| !m.is_empty()))
            .cloned(),
        additional_context: map
            .get("additional_context")
            .and_then(Value::as_str)
            .and_then(non_empty),
        ..Said::default()
    }
}

/// PraisonAI compares `deny` and `block` exactly; hookrun reads the words as its vocabulary does
/// (any case, `ask` blocks too), which only ever blocks more.
fn decision_word(word: &str) -> Option<Decision> {
    match word.to_ascii_lowercase().as_str() {
        "allow" | "approve" => Some(Decision::Allow),
        "deny" | "block" => Some(Decision::Deny),
        "ask" => Some(Decision::Ask),
        _ => None,
    }
}

fn unexpected(code: i32, err: &str, out: &str) -> Said {
    deny(Some(format!(
        "Hook exited with unexpected code {code}: {}",
        first_text(&[err, out]).unwrap_or("no output")
    )))
}

/// The deny `_execute_command_hook` answers when running the hook raised.
fn raised(name: &str, error: &str) -> Said {
    deny(Some(format!("Hook '{name}' raised: {error}")))
}

fn deny(reason: Option<String>) -> Said {
    Said {
        decision: Some(Decision::Deny),
        reason,
        ..Said::default()
    }
}

/// A reason as PraisonAI passes it on: an empty one stays empty (none), other JSON as its text.
fn text(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(text) => non_empty(text),
        other => Some(other.to_string()),
    }
}

fn first_text<'a>(texts: &[&'a str]) -> Option<&'a str> {
    texts.iter().copied().find(|text| !text.is_empty())
}

fn non_empty(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_owned())
}

/// Python's `str.strip()`: Unicode whitespace, and the ASCII separators `\x1c`–`\x1f`, which
/// Python counts as whitespace and Rust does not.
pub(super) fn strip(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || ('\x1c'..='\x1f').contains(&c))
}

/// Python's `bytes.decode()`: UTF-8, or the message of its `UnicodeDecodeError`.
pub(super) fn decode(bytes: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(bytes).map_err(|error| {
        let at = error.valid_up_to();
        let byte = bytes[at];
        match error.error_len() {
            None if bytes.len() - at > 1 => format!(
                "'utf-8' codec can't decode bytes in position {at}-{}: unexpected end of data",
                bytes.len() - 1
            ),
            None => format!(
                "'utf-8' codec can't decode byte 0x{byte:02x} in position {at}: unexpected end of data"
            ),
            Some(_) if (0xc2..=0xf4).contains(&byte) => format!(
                "'utf-8' codec can't decode byte 0x{byte:02x} in position {at}: invalid continuation byte"
            ),
            Some(_) => format!(
                "'utf-8' codec can't decode byte 0x{byte:02x} in position {at}: invalid start byte"
            ),
        }
    })
}

/// A timeout as Python prints the float: `0.5`, `60.0`.
fn python_seconds(timeout: Duration) -> String {
    let seconds = timeout.as_secs_f64();
    if seconds.fract() == 0.0 {
        format!("{seconds:.1}")
    } else {
        format!("{seconds}")
    }
}

#[cfg(test)]
#[path = "answer_tests.rs"]
mod tests;
