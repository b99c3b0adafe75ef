//! Payload shapes more than one dialect uses, and the pieces every shape is written from. A
//! hook gets the caller's payload bytes as they came wherever hookrun adds nothing: a field
//! added in front is spliced into those bytes, and an envelope embeds them (or one top-level
//! member's bytes) as its inner value, so escapes such as `\u00e9`, `\/` and a lone surrogate
//! `\ud83d` reach the hook unchanged. Once the payload was changed (`--set`, a chained rewrite)
//! there are no such bytes, and the parsed payload is serialised instead.

use std::rc::Rc;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::model::dialect::{EventContext, Shape};
use crate::payload::{deep, raw};

/// The caller's payload plus `hook_event_name` when absent.
pub(crate) const EVENT_NAME: Shape = Shape {
    key: "hook_event_name",
    render: |ctx| with_field("hook_event_name", ctx),
};

/// The payload with `key: <event>` added in front when the payload lacks it, as one line.
pub(crate) fn with_field(key: &str, ctx: &EventContext<'_>) -> Rc<Vec<u8>> {
    if ctx.payload.contains_key(key) {
        return as_is(ctx);
    }
    let Some(bytes) = ctx.raw else {
        return Rc::new(line(&WithField {
            key,
            value: ctx.event,
            map: ctx.payload,
        }));
    };
    // `bytes` opens with the object's `{`: the field goes right after it.
    let mut out = Vec::with_capacity(bytes.len() + key.len() + ctx.event.len() + 8);
    out.push(b'{');
    deep::write(&mut out, key);
    out.push(b':');
    deep::write(&mut out, ctx.event);
    if !ctx.payload.is_empty() {
        out.push(b',');
    }
    out.extend_from_slice(&bytes[1..]);
    Rc::new(out)
}

/// The payload as the caller sent it, as one line: their very buffer when there is one.
pub(crate) fn as_is(ctx: &EventContext<'_>) -> Rc<Vec<u8>> {
    ctx.raw
        .map_or_else(|| Rc::new(line(ctx.payload)), Rc::clone)
}

/// `value` as one compact JSON line ending in `\n`, however deep it nests.
pub(crate) fn line(value: &impl Serialize) -> Vec<u8> {
    let mut out = Vec::new();
    deep::write(&mut out, value);
    out.push(b'\n');
    out
}

/// A value an envelope is written from.
#[derive(Clone, Copy)]
pub(crate) enum Piece<'a> {
    /// JSON text as the caller wrote it.
    Raw(&'a [u8]),
    Str(&'a str),
    Value(&'a Value),
    Map(&'a Map<String, Value>),
}

impl Piece<'_> {
    pub(crate) const NULL: Piece<'static> = Piece::Raw(b"null");
    pub(crate) const EMPTY_OBJECT: Piece<'static> = Piece::Raw(b"{}");

    fn write(self, out: &mut Vec<u8>) {
        match self {
            Piece::Raw(bytes) => out.extend_from_slice(bytes),
            Piece::Str(text) => deep::write(out, text),
            Piece::Value(value) => deep::write(out, value),
            Piece::Map(map) => deep::write(out, map),
        }
    }
}

/// The whole payload, as the caller's bytes when there are some.
pub(crate) fn whole<'a>(ctx: &EventContext<'a>) -> Piece<'a> {
    match ctx.raw {
        Some(bytes) => Piece::Raw(bytes.strip_suffix(b"\n").unwrap_or(bytes)),
        None => Piece::Map(ctx.payload),
    }
}

/// The payload's top-level member `key`, as the caller's bytes when there are some.
pub(crate) fn member<'a>(ctx: &EventContext<'a>, key: &str) -> Option<Piece<'a>> {
    match ctx.raw {
        Some(bytes) => raw::member(bytes, key).map(|at| Piece::Raw(&bytes[at])),
        None => ctx.payload.get(key).map(Piece::Value),
    }
}

/// `{"key": piece, …}` as one line ending in `\n`.
pub(crate) fn object_line(fields: &[(&str, Piece<'_>)]) -> Rc<Vec<u8>> {
    let mut out = Vec::new();
    out.push(b'{');
    for (at, (key, piece)) in fields.iter().enumerate() {
        if at > 0 {
            out.push(b',');
        }
        deep::write(&mut out, key);
        out.push(b':');
        piece.write(&mut out);
    }
    out.extend_from_slice(b"}\n");
    Rc::new(out)
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

/// Shapes `payload` for `event` with `shape`, for the dialects' tests: rendered from the
/// caller's bytes and from the parsed payload, which must say the same.
#[cfg(test)]
pub(crate) fn shaped(shape: Shape, payload: &Value, event: &str) -> Value {
    let text = Rc::new(format!("{payload}\n").into_bytes());
    let from_bytes = rendered(shape, &text, event);
    let ctx = EventContext {
        raw: None,
        ..context(payload.as_object().unwrap(), &text, event)
    };
    let from_value = (shape.render)(&ctx);
    let from_bytes: Value = serde_json::from_slice(&from_bytes).unwrap();
    assert_eq!(
        from_bytes,
        serde_json::from_slice::<Value>(&from_value).unwrap()
    );
    from_bytes
}

/// The bytes `shape` gives a hook for the payload `text` (one line ending in `\n`).
#[cfg(test)]
pub(crate) fn rendered(shape: Shape, text: &[u8], event: &str) -> Rc<Vec<u8>> {
    let readable = raw::without_lone_surrogates(text);
    let value: Value = serde_json::from_slice(readable.as_deref().unwrap_or(text)).unwrap();
    let text = Rc::new(text.to_vec());
    (shape.render)(&context(value.as_object().unwrap(), &text, event))
}

#[cfg(test)]
fn context<'a>(
    payload: &'a Map<String, Value>,
    text: &'a Rc<Vec<u8>>,
    event: &'a str,
) -> EventContext<'a> {
    EventContext {
        event,
        project_dir: std::path::Path::new("/p"),
        payload,
        raw: Some(text),
        timestamp: "2026-11-21T00:00:00.000Z",
    }
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
    fn the_field_is_spliced_into_the_callers_bytes() {
        let cases: [(&[u8], &[u8]); 4] = [
            (
                b"{\"z\":\"caf\\u00e9 \\/ \\ud83d\",\"a\":1.50}\n",
                b"{\"hook_event_name\":\"E\",\"z\":\"caf\\u00e9 \\/ \\ud83d\",\"a\":1.50}\n",
            ),
            (b"{ }\n", b"{\"hook_event_name\":\"E\" }\n"),
            (
                b"{\"hook_event_name\":\"Own\",\"x\":\"\\ud83d\"}\n",
                b"{\"hook_event_name\":\"Own\",\"x\":\"\\ud83d\"}\n",
            ),
            (
                b"{\"e\":\"\\\"q\\\"\"}\n",
                b"{\"hook_event_name\":\"E\",\"e\":\"\\\"q\\\"\"}\n",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                String::from_utf8_lossy(&rendered(EVENT_NAME, text, "E")),
                String::from_utf8_lossy(expected)
            );
        }
    }

    #[test]
    fn a_payload_that_names_its_event_is_the_callers_very_buffer() {
        let text = Rc::new(b"{\"hook_event_name\":\"E\",\"big\":\"\\ud83d\"}\n".to_vec());
        let value = json!({"hook_event_name": "E", "big": "\u{fffd}"});
        let ctx = context(value.as_object().unwrap(), &text, "E");
        assert!(
            Rc::ptr_eq(&(EVENT_NAME.render)(&ctx), &text),
            "shared, not copied"
        );
    }

    #[test]
    fn without_bytes_the_payload_is_one_compact_line() {
        let payload = json!({"a": {"b": [1, 2]}});
        let no_bytes = Rc::default();
        let ctx = EventContext {
            raw: None,
            ..context(payload.as_object().unwrap(), &no_bytes, "E")
        };
        assert_eq!(
            *(EVENT_NAME.render)(&ctx),
            b"{\"hook_event_name\":\"E\",\"a\":{\"b\":[1,2]}}\n"
        );
    }

    #[test]
    fn envelope_pieces_are_the_callers_bytes_or_the_values() {
        let text = Rc::new(b"{\"s\":\"\\ud83d\",\"n\":1.0}\n".to_vec());
        let value = json!({"s": "\u{fffd}", "n": 1.0});
        let map = value.as_object().unwrap();
        let ctx = context(map, &text, "E");
        let fields = |ctx: &EventContext<'_>| {
            object_line(&[
                ("whole", whole(ctx)),
                ("s", member(ctx, "s").unwrap()),
                ("none", member(ctx, "none").unwrap_or(Piece::NULL)),
            ])
        };
        assert_eq!(
            String::from_utf8_lossy(&fields(&ctx)),
            "{\"whole\":{\"s\":\"\\ud83d\",\"n\":1.0},\"s\":\"\\ud83d\",\"none\":null}\n"
        );
        let parsed = EventContext { raw: None, ..ctx };
        assert_eq!(
            String::from_utf8_lossy(&fields(&parsed)),
            "{\"whole\":{\"n\":1.0,\"s\":\"\u{fffd}\"},\"s\":\"\u{fffd}\",\"none\":null}\n"
        );
    }
}
