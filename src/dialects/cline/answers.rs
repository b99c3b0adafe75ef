//! How Cline reads a finished hook (cline/cline `apps/vscode/src/core/hooks/hook-factory.ts`
//! `StdioHookRunner`, and `apps/vscode/src/sdk/hooks-adapter.ts`, which acts on the answer):
//!
//! - only a hook that exits 0 is read: `HookProcess.run` rejects on any other exit (and on a
//!   signal), the runner throws a `HookExecutionError`, and the adapter logs it and goes on as if
//!   no hook had answered — so a JSON answer printed before exit 1 or 2 counts for nothing (the
//!   comment "honor it regardless of exit code" in `StdioHookRunner` is never reached). A
//!   timeout (30 s) is such a failure too;
//! - stdout is parsed as one JSON value; when that fails, the last `{…}` block of its lines is
//!   (`parseJsonOutput`'s brace scan), so debug lines before the answer are allowed;
//! - an answer with `shouldContinue`, or a `cancel` that is not a boolean, or a
//!   `contextModification` or `errorMessage` that is not a string, is refused
//!   (`validateHookOutput`): no answer, and on exit 0 the action goes on;
//! - `cancel: true` stops the task, with `errorMessage` (trimmed) as the reason, else
//!   `contextModification` (`hooks-adapter.ts` `mapStopControl`); the context of a cancelling
//!   hook is not given to the model;
//! - otherwise `contextModification` (trimmed, cut at 50 000 UTF-16 units with a note,
//!   `MAX_CONTEXT_MODIFICATION_SIZE`) is added to the conversation; `errorMessage` without
//!   `cancel` is dropped;
//! - `TaskComplete` and `TaskCancel` answers are awaited and dropped (`afterRun`), and this
//!   build wires no `TaskResume`, `PreCompact` or `Notification` hook at all (the adapter's
//!   header): hookrun reads `TaskResume` and `PreCompact` like `TaskStart` (the book, "Differences
//!   from Cline") and only observes `Notification`.

use serde_json::{Map, Value};

use crate::model::answer::Policy;
use crate::model::hook::Hook;

/// `hook-factory.ts` `MAX_CONTEXT_MODIFICATION_SIZE`, in UTF-16 code units (`String.length`).
const MAX_CONTEXT: usize = 50_000;
/// What Cline appends to a context it cut.
const CUT_NOTE: &str = "\n\n[... context truncated due to size limit ...]";

/// How a run of `hook` on `event` counts.
pub(super) fn policy(hook: &Hook, event: &str) -> Policy {
    let mut policy = Policy::filter(hook);
    // Exit 2 is a failure like any other non-zero exit.
    policy.exit2_blocks = false;
    if matches!(event, "TaskComplete" | "TaskCancel" | "Notification") {
        policy.can_block = false;
        policy.ignore_stdout = true;
    } else {
        policy.read_output = Some(read);
    }
    policy
}

/// A finished hook's answer in the shared vocabulary, or `None` when Cline takes nothing from it.
pub(super) fn read(code: Option<i32>, stdout: &str, _stderr: &str) -> Option<Map<String, Value>> {
    if code != Some(0) {
        return None;
    }
    let answer = answer(stdout)?;
    let text = |key: &str| {
        answer
            .get(key)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|text| !text.is_empty())
    };
    let mut out = Map::new();
    if answer.get("cancel") == Some(&Value::Bool(true)) {
        out.insert("continue".into(), false.into());
        if let Some(reason) = text("errorMessage").or_else(|| text("contextModification")) {
            out.insert("stopReason".into(), reason.into());
        }
    } else if let Some(context) = answer.get("contextModification").and_then(Value::as_str) {
        // Cut first (`StdioHookRunner`), trimmed after (`hooks-adapter.ts` `beforeTool`).
        let context = cut(context);
        let context = context.trim();
        if !context.is_empty() {
            out.insert("additionalContext".into(), context.into());
        }
    }
    Some(out)
}

/// stdout's answer object, as `parseJsonOutput` finds and `validateHookOutput` accepts it.
pub(super) fn answer(stdout: &str) -> Option<Map<String, Value>> {
    let value = serde_json::from_str::<Value>(stdout)
        .ok()
        .or_else(|| last_object(stdout))?;
    let Value::Object(map) = value else {
        // A JSON value that is no object carries no field: Cline reads its defaults.
        return Some(Map::new());
    };
    let is = |key: &str, ok: fn(&Value) -> bool| map.get(key).is_none_or(ok);
    let valid = !map.contains_key("shouldContinue")
        && is("cancel", Value::is_boolean)
        && is("contextModification", Value::is_string)
        && is("errorMessage", Value::is_string);
    valid.then_some(map)
}

/// The last `{…}` block of `stdout`'s lines: lines are taken from the end, from the first one
/// with a `}` until the braces counted balance, and the text from the first `{` is parsed
/// (`hook-factory.ts` `parseJsonOutput`, its `catch`). Braces inside strings count too, as there.
fn last_object(stdout: &str) -> Option<Value> {
    let mut kept: Vec<&str> = Vec::new();
    let mut depth: i64 = 0;
    let mut collecting = false;
    for line in stdout.split('\n').rev() {
        let line = line.trim_end();
        for c in line.chars().rev() {
            match c {
                '}' => {
                    depth += 1;
                    collecting = true;
                }
                '{' => depth -= 1,
                _ => {}
            }
        }
        if collecting {
            kept.push(line);
            if depth == 0 {
                break;
            }
        }
    }
    kept.reverse();
    let candidate = kept.join("\n");
    let candidate = candidate.trim();
    let start = candidate.find('{').unwrap_or(0);
    serde_json::from_str(&candidate[start..]).ok()
}

/// `context` cut as Cline cuts it: its first [`MAX_CONTEXT`] UTF-16 units and [`CUT_NOTE`].
fn cut(context: &str) -> String {
    let mut units = 0;
    for (at, c) in context.char_indices() {
        units += c.len_utf16();
        if units > MAX_CONTEXT {
            return format!("{}{CUT_NOTE}", &context[..at]);
        }
    }
    context.to_owned()
}
