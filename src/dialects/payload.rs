//! Payload shapes more than one dialect uses: the caller's payload with one event-name field
//! added (Claude's `hook_event_name`, which Gemini, Cursor, ProxyAI and hookrun hooks get too),
//! serialised in place without copying the caller's payload.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::model::dialect::{EventContext, Shape};

/// The caller's payload plus `hook_event_name` when absent.
pub(crate) const EVENT_NAME: Shape = Shape {
    key: "hook_event_name",
    render: |ctx| with_field("hook_event_name", ctx),
};

/// The payload with `key: <event>` added in front when the payload lacks it, as one line.
pub(crate) fn with_field(key: &str, ctx: &EventContext<'_>) -> Vec<u8> {
    line(&WithField {
        key,
        value: ctx.event,
        map: ctx.payload,
    })
}

/// `value` as one compact JSON line ending in `\n`.
pub(crate) fn line(value: &impl Serialize) -> Vec<u8> {
    let mut out = serde_json::to_vec(value).expect("a JSON map always serialises");
    out.push(b'\n');
    out
}

/// A map with one extra leading field (added only when the map lacks it), serialised in place.
struct WithField<'a> {
    key: &'a str,
    value: &'a str,
    map: &'a Map<String, Value>,
}

impl Serialize for WithField<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let add = !self.map.contains_key(self.key);
        let mut out = serializer.serialize_map(Some(self.map.len() + usize::from(add)))?;
        if add {
            out.serialize_entry(self.key, self.value)?;
        }
        for (key, value) in self.map {
            out.serialize_entry(key, value)?;
        }
        out.end()
    }
}

/// Shapes `payload` for `event` with `shape`, for the dialects' tests.
#[cfg(test)]
pub(crate) fn shaped(shape: Shape, payload: &Value, event: &str) -> Value {
    let ctx = EventContext {
        event,
        project_dir: std::path::Path::new("/p"),
        payload: payload.as_object().unwrap(),
        timestamp: "2026-11-21T00:00:00.000Z",
    };
    serde_json::from_slice(&(shape.render)(&ctx)).unwrap()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn hook_event_name_is_added_only_when_absent() {
        let payload = json!({"tool_name": "Bash"});
        assert_eq!(
            shaped(EVENT_NAME, &payload, "PreToolUse"),
            json!({"tool_name": "Bash", "hook_event_name": "PreToolUse"})
        );
        let named = json!({"hook_event_name": "Mine"});
        assert_eq!(shaped(EVENT_NAME, &named, "PreToolUse"), named);
    }

    #[test]
    fn payload_is_one_compact_line() {
        let payload = json!({"a": {"b": [1, 2]}});
        let ctx = EventContext {
            event: "E",
            project_dir: std::path::Path::new("/p"),
            payload: payload.as_object().unwrap(),
            timestamp: "",
        };
        assert_eq!(
            (EVENT_NAME.render)(&ctx),
            b"{\"hook_event_name\":\"E\",\"a\":{\"b\":[1,2]}}\n"
        );
    }
}
