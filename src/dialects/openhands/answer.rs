//! How OpenHands reads a command hook's run (`HookExecutor.execute`, `executor.py`):
//!
//! - exit 2 blocks; any other exit code, a timeout, a hook that cannot start and output that is
//!   not UTF-8 (`text=True` raises) do not (`HookResult` without `blocked`): a failure lets the
//!   action through;
//! - stdout, whatever the exit code, is `json.loads`ed when it is not blank; of an object, a
//!   string `decision` (any case) of `allow` or `deny` is read (`deny` blocks), `reason`,
//!   `additionalContext` (both `str()`ed) and a false `continue` (which blocks too);
//! - a block's reason is the hook's `reason` when not empty, else its stripped stderr, else
//!   `Blocked by hook` (`HookManager.get_blocking_reason`).

use serde_json::Value;

use crate::model::answer::{Decision, Said};
use crate::model::reading::{Ended, HookRun};

/// OpenHands' reading of one run (a [`Reading`](crate::model::answer::Reading)).
pub(super) fn read(run: &HookRun<'_>) -> Said {
    let code = match run.ended {
        // `subprocess.TimeoutExpired` and any other exception: `success=False`, not blocked.
        Ended::TimedOut | Ended::Failed(_) => return Said::default(),
        // `returncode` of a process a signal ended: negative, never 2.
        Ended::Signalled(_) => -1,
        Ended::Exited(code) => code,
    };
    // `capture_output=True, text=True`: undecodable output raises, and the hook counts as failed.
    let (Ok(stdout), Ok(stderr)) = (
        std::str::from_utf8(run.stdout),
        std::str::from_utf8(run.stderr),
    ) else {
        return Said::default();
    };
    let mut blocked = code == 2;
    let mut said = Said::default();
    if let Some(Value::Object(map)) = json(stdout) {
        if let Some(Value::String(word)) = map.get("decision") {
            match word.to_lowercase().as_str() {
                "allow" => said.decision = Some(Decision::Allow),
                "deny" => blocked = true,
                _ => {}
            }
        }
        said.reason = map.get("reason").map(python_str);
        said.additional_context = map
            .get("additionalContext")
            .map(python_str)
            .filter(|text| !text.is_empty());
        if map.get("continue").is_some_and(|value| !truthy(value)) {
            blocked = true;
        }
    }
    if blocked {
        let reason = said
            .reason
            .take()
            .filter(|reason| !reason.is_empty())
            .or_else(|| Some(strip(stderr).to_owned()).filter(|text| !text.is_empty()))
            .unwrap_or_else(|| "Blocked by hook".to_owned());
        said.decision = Some(Decision::Deny);
        said.reason = Some(reason);
    }
    said
}

/// `json.loads(stdout)` when `stdout.strip()` is not empty.
fn json(stdout: &str) -> Option<Value> {
    let text = strip(stdout);
    if text.is_empty() {
        return None;
    }
    serde_json::from_str(text).ok()
}

/// Python's truth of a JSON value.
fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(flag) => *flag,
        Value::Number(number) => number.as_f64().is_some_and(|n| n != 0.0),
        Value::String(text) => !text.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(map) => !map.is_empty(),
    }
}

/// `str(value)` of a JSON value: a string as it is, `None`, `True`, `False`, a number as JSON
/// writes it; a list or object as its JSON text (Python's repr differs: an open point).
fn python_str(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        other => other.to_string(),
    }
}

/// Python's `str.strip()`.
fn strip(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || ('\x1c'..='\x1f').contains(&c))
}

#[cfg(test)]
#[path = "answer_tests.rs"]
mod answer_tests;
