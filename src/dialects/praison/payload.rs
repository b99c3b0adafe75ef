//! What a PraisonAI hook receives on stdin: `json.dumps(input_data.to_dict())` — Python's
//! separators (`", "` and `": "`) and `ensure_ascii` (every character outside printable ASCII
//! escaped as `\uXXXX`, astral ones as a surrogate pair) — with `event_name` the fired event's
//! lower-case name, the value of PraisonAI's `HookEvent` whatever case hookrun was fired with.

use std::io;

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::ser::Formatter;
use serde_json::{Map, Value};

use crate::model::dialect::EventContext;

/// The payload with `event_name` set, as one `json.dumps` line ending in `\n`.
pub(crate) fn render(ctx: &EventContext<'_>) -> Vec<u8> {
    let event = ctx.event.to_ascii_lowercase();
    let payload = WithEventName {
        event: &event,
        map: ctx.payload,
    };
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, PythonJson);
    payload
        .serialize(&mut serializer)
        .expect("a JSON map always serialises");
    out.push(b'\n');
    out
}

/// `json.dumps(map)`, as `HooksManager` writes its context into `PRAISON_HOOK_CONTEXT`.
pub(crate) fn dumps(map: &Map<String, Value>) -> String {
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, PythonJson);
    map.serialize(&mut serializer)
        .expect("a JSON map always serialises");
    String::from_utf8(out).expect("`ensure_ascii` writes ASCII")
}

/// The caller's map with `event_name` replaced (or added in front), serialised in place.
struct WithEventName<'a> {
    event: &'a str,
    map: &'a Map<String, Value>,
}

impl Serialize for WithEventName<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let add = !self.map.contains_key("event_name");
        let mut out = serializer.serialize_map(Some(self.map.len() + usize::from(add)))?;
        if add {
            out.serialize_entry("event_name", self.event)?;
        }
        for (key, value) in self.map {
            if key == "event_name" {
                out.serialize_entry(key, self.event)?;
            } else {
                out.serialize_entry(key, value)?;
            }
        }
        out.end()
    }
}

/// `json.dumps`'s defaults as a `serde_json` formatter.
struct PythonJson;

impl Formatter for PythonJson {
    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b": ")
    }

    /// The characters `serde_json` leaves unescaped; `ensure_ascii` escapes all but `' '..='~'`
    /// (quotes, backslashes and control characters come through `write_char_escape`, whose
    /// `\n`, `\t`, `\u001f` forms Python writes too).
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut plain = 0;
        for (at, c) in fragment.char_indices() {
            if (' '..='~').contains(&c) {
                continue;
            }
            writer.write_all(&fragment.as_bytes()[plain..at])?;
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                write!(writer, "\\u{unit:04x}")?;
            }
            plain = at + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[plain..])
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn rendered(payload: &Value, event: &str) -> String {
        let ctx = EventContext {
            event,
            project_dir: std::path::Path::new("/p"),
            payload: payload.as_object().unwrap(),
            raw: None,
            timestamp: "",
        };
        String::from_utf8(render(&ctx)).unwrap()
    }

    #[test]
    fn the_payload_is_written_as_json_dumps_writes_it() {
        let payload = json!({"tool_input": {"command": "ls", "args": [1, 2]}, "tool_name": "x"});
        assert_eq!(
            rendered(&payload, "before_tool"),
            "{\"event_name\": \"before_tool\", \"tool_input\": {\"args\": [1, 2], \"command\": \"ls\"}, \"tool_name\": \"x\"}\n"
        );
    }

    #[test]
    fn event_name_is_the_lower_case_event_whatever_it_was_fired_as() {
        let payload = json!({"event_name": "BEFORE_TOOL", "cwd": "/p"});
        assert_eq!(
            rendered(&payload, "BEFORE_TOOL"),
            "{\"cwd\": \"/p\", \"event_name\": \"before_tool\"}\n"
        );
    }

    #[test]
    fn non_ascii_is_escaped_as_ensure_ascii_does() {
        let payload = json!({"text": "café 😀 a\"b\\c\n\u{1f}\u{7f}"});
        assert_eq!(
            rendered(&payload, "e"),
            "{\"event_name\": \"e\", \"text\": \"caf\\u00e9 \\ud83d\\ude00 a\\\"b\\\\c\\n\\u001f\\u007f\"}\n"
        );
    }
}
