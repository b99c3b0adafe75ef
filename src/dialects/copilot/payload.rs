//! What a Copilot hook receives on stdin. A hook keyed by a camelCase event gets Copilot's own
//! payload (`sessionId`, `timestamp` in epoch milliseconds, `cwd`, `toolName`, `toolArgs`, …); a
//! hook keyed by the PascalCase name gets the VS Code format: `hook_event_name`, snake_case keys,
//! an ISO 8601 `timestamp`, the Claude tool name in `tool_name` and the arguments, parsed from
//! their JSON text when they are one, in `tool_input`. The fired event's spelling tells which
//! format the caller sent: the payload passes unchanged to hooks of that format, and is
//! translated for the others.

use std::rc::Rc;
use std::time::{Duration, SystemTime};

use serde_json::{Map, Value};

use crate::dialects::payload::{EVENT_NAME, as_is, line};
use crate::model::dialect::{EventContext, Shape};
use crate::model::hook::{EventSelector, Hook};

use super::events;

/// Copilot's own (camelCase) payload.
const CAMEL: Shape = Shape {
    key: "copilot",
    render: camel,
};

/// The VS Code format.
const PASCAL: Shape = Shape {
    key: "copilot-vscode",
    render: pascal,
};

/// The shape `hook` receives, by the spelling of the event it is keyed by. `PermissionRequest`
/// hooks get Copilot's own payload, as `permissionRequest` hooks do.
pub(super) fn shape(hook: &Hook) -> Shape {
    match &hook.events {
        EventSelector::Named(key)
            if events::is_pascal(key) && events::camel(key) != "permissionRequest" =>
        {
            PASCAL
        }
        _ => CAMEL,
    }
}

fn camel(ctx: &EventContext<'_>) -> Rc<Vec<u8>> {
    if events::is_pascal(ctx.event) {
        Rc::new(line(&to_camel(ctx.payload)))
    } else {
        as_is(ctx)
    }
}

fn pascal(ctx: &EventContext<'_>) -> Rc<Vec<u8>> {
    if events::is_pascal(ctx.event) {
        return (EVENT_NAME.render)(ctx);
    }
    let name = events::pascal(ctx.event).unwrap_or(ctx.event);
    Rc::new(line(&to_vscode(name, ctx.payload)))
}

/// Copilot's payload in the VS Code format of the event `name`.
pub(super) fn to_vscode(name: &str, payload: &Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("hook_event_name".into(), name.into());
    for (key, value) in payload {
        let (key, value) = match key.as_str() {
            "hook_event_name" => continue,
            "toolName" => (
                "tool_name".to_owned(),
                value
                    .as_str()
                    .map_or_else(|| value.clone(), |tool| events::claude_tool(tool).into()),
            ),
            "toolArgs" => ("tool_input".to_owned(), parsed(value)),
            "timestamp" => ("timestamp".to_owned(), iso_timestamp(value)),
            "response" => ("last_assistant_message".to_owned(), value.clone()),
            "toolResult" => ("tool_result".to_owned(), snake_keys(value)),
            other => (snake(other), value.clone()),
        };
        out.insert(key, value);
    }
    out
}

/// A VS Code format payload as Copilot's own: camelCase keys, epoch milliseconds, the
/// arguments as given, no `hook_event_name`.
pub(super) fn to_camel(payload: &Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    for (key, value) in payload {
        let (key, value) = match key.as_str() {
            "hook_event_name" => continue,
            "tool_input" => ("toolArgs".to_owned(), value.clone()),
            "timestamp" => ("timestamp".to_owned(), now_millis().into()),
            "last_assistant_message" => ("response".to_owned(), value.clone()),
            "tool_result" => ("toolResult".to_owned(), camel_keys(value)),
            other => (camel_case(other), value.clone()),
        };
        out.insert(key, value);
    }
    out
}

/// A JSON text's value, or the value itself when it is not a string holding JSON.
fn parsed(value: &Value) -> Value {
    value
        .as_str()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_else(|| value.clone())
}

/// Epoch milliseconds as an RFC 3339 time; anything else as it is.
fn iso_timestamp(value: &Value) -> Value {
    match value.as_u64() {
        Some(millis) => {
            crate::timestamp::rfc3339_of(SystemTime::UNIX_EPOCH + Duration::from_millis(millis))
                .into()
        }
        None => value.clone(),
    }
}

fn now_millis() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// `camelCase` → `camel_case`.
fn snake(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 4);
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// `snake_case` → `snakeCase`.
fn camel_case(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    let mut upper = false;
    for c in key.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn snake_keys(value: &Value) -> Value {
    rekeyed(value, snake)
}

fn camel_keys(value: &Value) -> Value {
    rekeyed(value, camel_case)
}

/// An object with its own keys renamed (one level), anything else as it is.
fn rekeyed(value: &Value, rename: fn(&str) -> String) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, value)| (rename(key), value.clone()))
                .collect(),
        ),
        other => other.clone(),
    }
}
