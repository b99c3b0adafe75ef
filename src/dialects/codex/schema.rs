//! What Codex's output schemas admit, event by event: the keys and types of each event's wire
//! struct (all `deny_unknown_fields`, `hookSpecificOutput` included), then the answers a schema
//! admits that Codex's output parser still refuses (`unsupported_*`). [`problem`] names the first
//! thing Codex refuses in a non-blocking answer.

use serde_json::{Map, Value};

use super::answers::Rules;

/// The first reason Codex refuses a non-blocking answer, checking the schema then the event's
/// unsupported answers.
pub(super) fn problem(rules: &Rules, answer: &Map<String, Value>) -> Option<String> {
    let present = |map: &Map<String, Value>, key: &str| map.get(key).is_some_and(|v| !v.is_null());
    if let Some(problem) = schema(rules, answer) {
        return Some(problem);
    }
    None.or_else(|| {
        (present(answer, "reason")
            && !present(answer, "decision")
            && matches!(rules.event, "PreToolUse" | "PostToolUse"))
        .then(|| "`reason` without `decision`".to_owned())
    })
    .or_else(|| {
        (answer.get("suppressOutput") == Some(&Value::Bool(true))
            && matches!(
                rules.event,
                "PreToolUse" | "PermissionRequest" | "PostToolUse"
            ))
        .then(|| "`suppressOutput: true` is not supported here".to_owned())
    })
    .or_else(|| {
        (present(answer, "stopReason") && matches!(rules.event, "PreToolUse" | "PermissionRequest"))
            .then(|| "`stopReason` is not supported here".to_owned())
    })
    .or_else(|| unsupported(rules.event, answer))
}

/// The answers an event's schema admits but Codex does not support (`unsupported_*` in its
/// output parser).
fn unsupported(event: &str, answer: &Map<String, Value>) -> Option<String> {
    fn text<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
        map.get(key).and_then(Value::as_str)
    }
    let empty = Map::new();
    let specific = answer
        .get("hookSpecificOutput")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let has = |map: &Map<String, Value>, key: &str| map.get(key).is_some_and(|v| !v.is_null());
    match event {
        "PreToolUse" => {
            let decision = text(specific, "permissionDecision");
            if text(answer, "decision") == Some("approve") {
                Some("`decision: \"approve\"` is not supported".into())
            } else if decision == Some("ask") {
                Some("`permissionDecision: \"ask\"` is not supported".into())
            } else if decision == Some("allow") && !has(specific, "updatedInput") {
                Some("`permissionDecision: \"allow\"` needs `updatedInput`".into())
            } else if decision != Some("allow") && has(specific, "updatedInput") {
                Some("`updatedInput` needs `permissionDecision: \"allow\"`".into())
            } else if decision.is_none() && has(specific, "permissionDecisionReason") {
                Some("`permissionDecisionReason` without `permissionDecision`".into())
            } else {
                None
            }
        }
        "PermissionRequest" => {
            let decision = specific
                .get("decision")
                .and_then(Value::as_object)
                .unwrap_or(&empty);
            if has(decision, "updatedInput") || has(decision, "updatedPermissions") {
                Some("`updatedInput` and `updatedPermissions` are not supported".into())
            } else if decision.get("interrupt") == Some(&Value::Bool(true)) {
                Some("`interrupt: true` is not supported".into())
            } else {
                None
            }
        }
        "PostToolUse" if has(specific, "updatedMCPToolOutput") => {
            Some("`updatedMCPToolOutput` is not supported".into())
        }
        _ => None,
    }
}

/// `None` when the answer fits the event's schema (`deny_unknown_fields` throughout), else why
/// not.
fn schema(rules: &Rules, answer: &Map<String, Value>) -> Option<String> {
    for (key, value) in answer {
        if !rules.top.contains(&key.as_str()) {
            return Some(format!("unknown field `{key}`"));
        }
        if value.is_null() {
            continue;
        }
        let fits = match key.as_str() {
            "continue" | "suppressOutput" => value.is_boolean(),
            "decision" => value
                .as_str()
                .is_some_and(|word| rules.decisions.contains(&word)),
            "hookSpecificOutput" => {
                if let Some(problem) = specific_schema(rules, value) {
                    return Some(problem);
                }
                true
            }
            _ => value.is_string(),
        };
        if !fits {
            return Some(format!("`{key}` has the wrong type or value: {value}"));
        }
    }
    None
}

fn specific_schema(rules: &Rules, value: &Value) -> Option<String> {
    let keys = rules.specific.unwrap_or_default();
    let Some(specific) = value.as_object() else {
        return Some("`hookSpecificOutput` must be an object".into());
    };
    let Some(name) = specific.get("hookEventName").and_then(Value::as_str) else {
        return Some("`hookSpecificOutput` needs `hookEventName`".into());
    };
    if !super::EVENTS.contains(&name) {
        return Some(format!("`hookEventName` {name:?} is not a Codex event"));
    }
    for (key, value) in specific {
        if !keys.contains(&key.as_str()) {
            return Some(format!("unknown field `hookSpecificOutput.{key}`"));
        }
        let fits = match key.as_str() {
            "permissionDecision" => value
                .as_str()
                .is_some_and(|word| matches!(word, "allow" | "deny" | "ask")),
            "decision" => permission_decision_fits(value),
            "updatedInput" | "updatedMCPToolOutput" => true,
            _ => value.is_null() || value.is_string(),
        };
        if !fits {
            return Some(format!(
                "`hookSpecificOutput.{key}` has the wrong type or value: {value}"
            ));
        }
    }
    None
}

/// PermissionRequest's `decision`: `{behavior: allow|deny, message?, interrupt?, updatedInput?,
/// updatedPermissions?}`.
fn permission_decision_fits(value: &Value) -> bool {
    const KEYS: &[&str] = &[
        "behavior",
        "message",
        "interrupt",
        "updatedInput",
        "updatedPermissions",
    ];
    let Some(decision) = value.as_object() else {
        return value.is_null();
    };
    decision.keys().all(|key| KEYS.contains(&key.as_str()))
        && matches!(
            decision.get("behavior").and_then(Value::as_str),
            Some("allow" | "deny")
        )
        && decision
            .get("message")
            .is_none_or(|m| m.is_null() || m.is_string())
        && decision
            .get("interrupt")
            .is_none_or(|i| i.is_null() || i.is_boolean())
}
