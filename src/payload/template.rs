//! The design note's template values (the book, "Template values"): `$tool_input_<field>`,
//! `${tool_input.a.b}`, `$session_id`, `$timestamp` and `$event`, filled in from the event.
//! In a JSON template (an http hook's `payload_template`) a string that is one placeholder
//! becomes that value as it is — an object stays an object, a number a number — and a
//! placeholder inside other text is spliced in as text. In a command's argument each
//! placeholder's text is spliced in and the argument stays one argument; a shell command instead
//! gets the placeholders it names as environment variables ([`shell_variables`]), which it quotes
//! itself. Pure.

use serde_json::{Map, Value};

/// What the placeholders are filled from.
pub(crate) struct Values<'a> {
    pub(crate) payload: &'a Map<String, Value>,
    pub(crate) event: &'a str,
    pub(crate) timestamp: &'a str,
}

/// One placeholder, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Placeholder<'t> {
    /// `$tool_input_<field>`: one field of `tool_input`.
    ToolInputField(&'t str),
    /// `${tool_input.a.b}`: a path into `tool_input` (empty: `tool_input` itself).
    ToolInputPath(Vec<&'t str>),
    SessionId,
    Timestamp,
    Event,
}

/// A placeholder found in a text: its byte range and what it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found<'t> {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) placeholder: Placeholder<'t>,
}

/// Every placeholder in `text`, in order; `$` followed by anything else is left alone.
pub(crate) fn scan(text: &str) -> Vec<Found<'_>> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(offset) = text[at..].find('$') {
        let start = at + offset;
        at = start + 1;
        let (name, end, braced) = if bytes.get(start + 1) == Some(&b'{') {
            let Some(close) = text[start + 2..].find('}') else {
                continue;
            };
            (&text[start + 2..start + 2 + close], start + 3 + close, true)
        } else {
            let len = text[start + 1..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(text.len() - start - 1);
            (&text[start + 1..start + 1 + len], start + 1 + len, false)
        };
        let placeholder = match name {
            "session_id" => Placeholder::SessionId,
            "timestamp" => Placeholder::Timestamp,
            "event" => Placeholder::Event,
            "tool_input" if braced => Placeholder::ToolInputPath(Vec::new()),
            _ => {
                if let Some(path) = name.strip_prefix("tool_input.").filter(|_| braced) {
                    Placeholder::ToolInputPath(path.split('.').collect())
                } else if let Some(field) =
                    name.strip_prefix("tool_input_").filter(|f| !f.is_empty())
                {
                    Placeholder::ToolInputField(field)
                } else {
                    continue;
                }
            }
        };
        found.push(Found {
            start,
            end,
            placeholder,
        });
        at = end;
    }
    found
}

impl Values<'_> {
    /// The value a placeholder names; `None` when the payload lacks it.
    pub(crate) fn get(&self, placeholder: &Placeholder<'_>) -> Option<Value> {
        let input = self.payload.get("tool_input");
        match placeholder {
            Placeholder::ToolInputField(field) => input?.get(*field).cloned(),
            Placeholder::ToolInputPath(path) => {
                let mut value = input?;
                for step in path {
                    value = match value {
                        Value::Array(items) => items.get(step.parse::<usize>().ok()?)?,
                        other => other.get(*step)?,
                    };
                }
                Some(value.clone())
            }
            Placeholder::SessionId => self.payload.get("session_id").cloned(),
            Placeholder::Timestamp => Some(Value::String(self.timestamp.to_owned())),
            Placeholder::Event => Some(Value::String(self.event.to_owned())),
        }
    }

    /// A placeholder's text: a string as it is, a missing value or null as nothing, anything
    /// else as compact JSON.
    pub(crate) fn text(&self, placeholder: &Placeholder<'_>) -> String {
        match self.get(placeholder) {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(text)) => text,
            Some(other) => other.to_string(),
        }
    }
}

/// `text` with every placeholder replaced by its text.
pub(crate) fn expand_text(text: &str, values: &Values<'_>) -> String {
    let found = scan(text);
    if found.is_empty() {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for placeholder in found {
        out.push_str(&text[at..placeholder.start]);
        out.push_str(&values.text(&placeholder.placeholder));
        at = placeholder.end;
    }
    out.push_str(&text[at..]);
    out
}

/// `template` with its strings expanded: a string that is exactly one placeholder becomes that
/// value (null when the payload lacks it), any other string is expanded as text. Keys are left
/// as written.
pub(crate) fn expand_json(template: &Value, values: &Values<'_>) -> Value {
    match template {
        Value::String(text) => {
            let found = scan(text);
            match found.as_slice() {
                [] => template.clone(),
                [one] if one.start == 0 && one.end == text.len() => {
                    values.get(&one.placeholder).unwrap_or(Value::Null)
                }
                _ => Value::String(expand_text(text, values)),
            }
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| expand_json(v, values)).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, value)| (key.clone(), expand_json(value, values)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The environment variables a shell command's placeholders read: `$tool_input_path` (or
/// `${tool_input_path}`) gets `tool_input_path=<its text>`, and so for `$session_id`,
/// `$timestamp` and `$event`. A nested `${tool_input.a.b}` is no shell variable name: it is
/// reported by `validate` instead ([`shell_unsupported`]).
pub(crate) fn shell_variables(command: &str, values: &Values<'_>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for found in scan(command) {
        let name = match &found.placeholder {
            Placeholder::ToolInputField(field) => format!("tool_input_{field}"),
            Placeholder::SessionId => "session_id".to_owned(),
            Placeholder::Timestamp => "timestamp".to_owned(),
            Placeholder::Event => "event".to_owned(),
            Placeholder::ToolInputPath(_) => continue,
        };
        if !out.iter().any(|(known, _)| *known == name) {
            out.push((name, values.text(&found.placeholder)));
        }
    }
    out
}

/// The first placeholder of `command` a shell cannot read as a variable (`${tool_input.a.b}`).
pub(crate) fn shell_unsupported(command: &str) -> Option<&str> {
    scan(command)
        .into_iter()
        .find(|found| matches!(found.placeholder, Placeholder::ToolInputPath(_)))
        .map(|found| &command[found.start..found.end])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn payload() -> Map<String, Value> {
        let Value::Object(map) = json!({
            "session_id": "s-1",
            "tool_input": {"path": "src/a b.ts", "file_path": "/p/x", "n": 3,
                           "edits": [{"old": "x"}], "meta": {"a": {"b": true}}}
        }) else {
            unreachable!()
        };
        map
    }

    fn values(payload: &Map<String, Value>) -> Values<'_> {
        Values {
            payload,
            event: "PostToolUse",
            timestamp: "2026-01-01T00:00:00Z",
        }
    }

    #[test]
    fn placeholders_are_found_at_word_ends_only() {
        let found = scan("a $tool_input_file_path ${tool_input.meta.a} $session_idx $HOME $event.");
        let names: Vec<_> = found.into_iter().map(|f| f.placeholder).collect();
        assert_eq!(
            names,
            [
                Placeholder::ToolInputField("file_path"),
                Placeholder::ToolInputPath(vec!["meta", "a"]),
                Placeholder::Event,
            ]
        );
        assert!(scan("$ ${ $tool_input_ ${HOOKRUN_PROJECT_DIR} ${unclosed").is_empty());
    }

    #[test]
    fn a_json_template_keeps_each_value_one_json_value() {
        let payload = payload();
        let template = json!({
            "event": "file_written",
            "path": "$tool_input_path",
            "count": "$tool_input_n",
            "flag": "${tool_input.meta.a.b}",
            "first": "${tool_input.edits.0}",
            "missing": "$tool_input_nope",
            "agent_session": "$session_id",
            "timestamp": "$timestamp",
            "what": "$event on $tool_input_path",
            "list": ["$tool_input_n"],
        });
        let out = expand_json(&template, &values(&payload));
        assert_eq!(
            out,
            json!({
                "event": "file_written",
                "path": "src/a b.ts",
                "count": 3,
                "flag": true,
                "first": {"old": "x"},
                "missing": null,
                "agent_session": "s-1",
                "timestamp": "2026-01-01T00:00:00Z",
                "what": "PostToolUse on src/a b.ts",
                "list": [3],
            })
        );
    }

    #[test]
    fn text_and_shell_forms() {
        let payload = payload();
        let values = values(&payload);
        assert_eq!(
            expand_text("--file=$tool_input_path", &values),
            "--file=src/a b.ts"
        );
        assert_eq!(
            expand_text("${tool_input.meta}", &values),
            r#"{"a":{"b":true}}"#
        );
        assert_eq!(
            shell_variables(
                "lint --file \"$tool_input_path\" $event $tool_input_path",
                &values
            ),
            [
                ("tool_input_path".to_owned(), "src/a b.ts".to_owned()),
                ("event".to_owned(), "PostToolUse".to_owned()),
            ]
        );
        assert_eq!(
            shell_unsupported("x ${tool_input.a.b}"),
            Some("${tool_input.a.b}")
        );
        assert_eq!(shell_unsupported("x $tool_input_a"), None);
    }
}
