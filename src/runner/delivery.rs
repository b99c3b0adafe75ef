//! How the payload reaches a hook (SPEC §4 "Payload delivery", "Payload shape", "Environment"):
//! the JSON the hook's dialect expects, serialised once per shape without copying the caller's
//! payload, the dialect's environment variables, and the 0600 payload file when asked for.

use std::io::Write as _;
use std::path::Path;
use std::time::SystemTime;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::config::dialect_name::Dialect;
use crate::config::model::{EventSelector, Hook, PromptkitHook};
use crate::plan::{promptkit_kind_name, promptkit_phase, prx_event};

/// ZERO_HOOK_PAYLOAD is set only for payloads up to this size (PRX's limit).
pub(crate) const PRX_ENV_PAYLOAD_MAX: usize = 8 * 1024;

/// The form of the JSON a hook receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// The caller's payload plus `hook_event_name` when absent.
    EventName,
    /// The caller's payload plus `event_name` when absent (PraisonAI).
    Praison,
    /// `{event, timestamp, session_id, payload}` unless the payload already is one (PRX).
    PrxEnvelope,
    /// `{hook, phase, request|response|event}` unless the payload has `hook` and `phase`.
    Promptkit(PromptkitHook),
    /// The caller's payload as is (PromptKit eval hooks).
    AsIs,
}

/// The shape `hook` receives.
pub(crate) fn shape_of(hook: &Hook) -> Shape {
    match (hook.dialect, &hook.events) {
        (Dialect::Praison, _) => Shape::Praison,
        (Dialect::Prx, _) => Shape::PrxEnvelope,
        (
            Dialect::Promptkit,
            EventSelector::Promptkit {
                hook: PromptkitHook::Eval,
                ..
            },
        ) => Shape::AsIs,
        (Dialect::Promptkit, EventSelector::Promptkit { hook: kind, .. }) => {
            Shape::Promptkit(*kind)
        }
        _ => Shape::EventName,
    }
}

/// Serialises the payload in `shape` as one compact line ending in `\n`.
pub(crate) fn render(
    payload: &Map<String, Value>,
    shape: Shape,
    event: &str,
    timestamp: &str,
) -> Vec<u8> {
    let mut out = match shape {
        Shape::EventName => to_vec(&WithField {
            key: "hook_event_name",
            value: event,
            map: payload,
        }),
        Shape::Praison => to_vec(&WithField {
            key: "event_name",
            value: event,
            map: payload,
        }),
        Shape::AsIs => to_vec(payload),
        Shape::PrxEnvelope if is_prx_envelope(payload) => to_vec(payload),
        Shape::PrxEnvelope => to_vec(&PrxEnvelope {
            event: &prx_event(event),
            timestamp,
            session_id: payload.get("session_id").unwrap_or(&Value::Null),
            payload,
        }),
        Shape::Promptkit(_) if payload.contains_key("hook") && payload.contains_key("phase") => {
            to_vec(payload)
        }
        Shape::Promptkit(kind) => to_vec(&PromptkitEnvelope {
            kind,
            phase: promptkit_phase(event),
            payload,
        }),
    };
    out.push(b'\n');
    out
}

fn to_vec(value: &impl Serialize) -> Vec<u8> {
    serde_json::to_vec(value).expect("a JSON map always serialises")
}

fn is_prx_envelope(payload: &Map<String, Value>) -> bool {
    payload.contains_key("event")
        && payload.contains_key("payload")
        && payload.contains_key("timestamp")
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

#[derive(serde::Serialize)]
struct PrxEnvelope<'a> {
    event: &'a str,
    timestamp: &'a str,
    session_id: &'a Value,
    payload: &'a Map<String, Value>,
}

struct PromptkitEnvelope<'a> {
    kind: PromptkitHook,
    phase: &'a str,
    payload: &'a Map<String, Value>,
}

impl Serialize for PromptkitEnvelope<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(None)?;
        out.serialize_entry("hook", promptkit_kind_name(self.kind))?;
        out.serialize_entry("phase", self.phase)?;
        let whole = Value::Object(Map::new());
        let field = |key: &str| self.payload.get(key);
        match self.kind {
            PromptkitHook::Session => {
                out.serialize_entry("event", &SerializeMapRef(self.payload))?;
            }
            _ if self.phase.starts_with("after_") => {
                out.serialize_entry("request", field("request").unwrap_or(&whole))?;
                out.serialize_entry("response", field("response").unwrap_or(&whole))?;
            }
            _ => match field("request") {
                Some(request) => out.serialize_entry("request", request)?,
                None => out.serialize_entry("request", &SerializeMapRef(self.payload))?,
            },
        }
        out.end()
    }
}

struct SerializeMapRef<'a>(&'a Map<String, Value>);

impl Serialize for SerializeMapRef<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The dialect's own environment variables for `hook` (SPEC §4 "Environment").
pub(crate) fn dialect_env(
    hook: &Hook,
    project_dir: &Path,
    event: &str,
    payload: &Map<String, Value>,
) -> Vec<(String, String)> {
    let project = project_dir.to_string_lossy().into_owned();
    let pair = |key: &str, value: &str| (key.to_owned(), value.to_owned());
    let session = payload
        .get("session_id")
        .and_then(Value::as_str)
        .unwrap_or("");
    match hook.dialect {
        Dialect::Claude => vec![pair("CLAUDE_PROJECT_DIR", &project)],
        Dialect::Gemini => {
            let cwd = payload
                .get("cwd")
                .and_then(Value::as_str)
                .unwrap_or(&project);
            vec![
                pair("GEMINI_PROJECT_DIR", &project),
                pair("GEMINI_CWD", cwd),
                pair("GEMINI_SESSION_ID", session),
                pair("CLAUDE_PROJECT_DIR", &project),
            ]
        }
        Dialect::Cursor => vec![
            pair("CURSOR_PROJECT_DIR", &project),
            pair("CLAUDE_PROJECT_DIR", &project),
        ],
        Dialect::Proxyai => vec![
            pair("PROXYAI_PROJECT_DIR", &project),
            pair("PROXYAI_HOOK_EVENT", event),
        ],
        Dialect::Praison => vec![
            pair("PRAISON_PROJECT_DIR", &project),
            pair("PRAISON_EVENT", event),
        ],
        Dialect::Prx => vec![
            pair("ZERO_HOOK_EVENT", &prx_event(event)),
            pair("ZERO_HOOK_SESSION", session),
        ],
        Dialect::Hookrun | Dialect::Promptkit => Vec::new(),
    }
}

/// Writes `bytes` to a new 0600 file in `dir`; the file is removed when the handle drops.
pub(crate) fn payload_file(dir: &Path, bytes: &[u8]) -> std::io::Result<tempfile::NamedTempFile> {
    let mut file = tempfile::Builder::new()
        .prefix("payload-")
        .suffix(".json")
        .tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.flush()?;
    Ok(file)
}

/// Now as RFC 3339 UTC with milliseconds: `2026-11-21T23:34:16.092Z`.
pub(crate) fn rfc3339_now() -> String {
    let since = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    rfc3339(since.as_secs(), since.subsec_millis())
}

fn rfc3339(seconds: u64, millis: u32) -> String {
    let days = i64::try_from(seconds / 86_400).unwrap_or(0);
    let rest = seconds % 86_400;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn map(value: &Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    fn shaped(payload: &Value, shape: Shape, event: &str) -> Value {
        serde_json::from_slice(&render(
            &map(payload),
            shape,
            event,
            "2026-11-21T00:00:00.000Z",
        ))
        .unwrap()
    }

    #[test]
    fn hook_event_name_is_added_only_when_absent() {
        let payload = json!({"tool_name": "Bash"});
        assert_eq!(
            shaped(&payload, Shape::EventName, "PreToolUse"),
            json!({"tool_name": "Bash", "hook_event_name": "PreToolUse"})
        );
        let named = json!({"hook_event_name": "Mine"});
        assert_eq!(shaped(&named, Shape::EventName, "PreToolUse"), named);
        assert_eq!(
            shaped(&payload, Shape::Praison, "before_tool")["event_name"],
            "before_tool"
        );
    }

    #[test]
    fn payload_is_one_compact_line() {
        let bytes = render(
            &map(&json!({"a": {"b": [1, 2]}})),
            Shape::EventName,
            "E",
            "",
        );
        assert_eq!(bytes, b"{\"hook_event_name\":\"E\",\"a\":{\"b\":[1,2]}}\n");
    }

    #[test]
    fn prx_receives_the_envelope_unless_given_one() {
        let payload = json!({"session_id": "s1", "x": 1});
        let envelope = shaped(&payload, Shape::PrxEnvelope, "prx.lifecycle.Tool-Call");
        assert_eq!(
            envelope,
            json!({"event": "tool_call", "timestamp": "2026-11-21T00:00:00.000Z", "session_id": "s1", "payload": payload})
        );
        let already = json!({"event": "e", "timestamp": "t", "session_id": null, "payload": {}});
        assert_eq!(shaped(&already, Shape::PrxEnvelope, "e"), already);
    }

    #[test]
    fn promptkit_receives_hook_phase_and_request_or_response() {
        let payload = json!({"request": {"q": 1}, "response": {"a": 2}});
        assert_eq!(
            shaped(
                &payload,
                Shape::Promptkit(PromptkitHook::Tool),
                "tool.before_execution"
            ),
            json!({"hook": "tool", "phase": "before_execution", "request": {"q": 1}})
        );
        assert_eq!(
            shaped(
                &payload,
                Shape::Promptkit(PromptkitHook::Provider),
                "after_call"
            ),
            json!({"hook": "provider", "phase": "after_call", "request": {"q": 1}, "response": {"a": 2}})
        );
        let session = json!({"session_id": "s"});
        assert_eq!(
            shaped(
                &session,
                Shape::Promptkit(PromptkitHook::Session),
                "session_start"
            ),
            json!({"hook": "session", "phase": "session_start", "event": {"session_id": "s"}})
        );
        let own = json!({"hook": "tool", "phase": "x"});
        assert_eq!(
            shaped(
                &own,
                Shape::Promptkit(PromptkitHook::Tool),
                "before_execution"
            ),
            own
        );
    }

    #[test]
    fn timestamps_are_rfc3339_with_milliseconds() {
        assert_eq!(rfc3339(0, 0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339(1_795_304_056, 92), "2026-11-21T23:34:16.092Z");
        assert_eq!(rfc3339(951_782_400, 5), "2000-02-29T00:00:00.005Z");
    }
}
