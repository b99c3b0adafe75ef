//! Compares what a test expects with what `fire` did: one [`Mismatch`] per field that differs,
//! every one of them (not just the first), each with both sides rendered for the report. Pure.

use serde::Serialize;
use serde_json::Value;

use super::run::Actual;
use super::{Expect, TextExpect};

/// One expected-vs-actual difference.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Mismatch {
    pub(crate) field: String,
    pub(crate) expected: String,
    pub(crate) actual: String,
}

impl Mismatch {
    fn new(
        field: impl Into<String>,
        expected: impl Into<String>,
        actual: impl Into<String>,
    ) -> Self {
        Mismatch {
            field: field.into(),
            expected: expected.into(),
            actual: actual.into(),
        }
    }
}

/// Every way `actual` differs from `expect`. Without `expect.exit_code`, an exit other than 0 or 2
/// (hookrun failed: a bad config, say) fails the test.
pub(crate) fn check(expect: &Expect, actual: &Actual) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let code = actual
        .exit_code
        .map_or_else(|| "killed by a signal".to_owned(), |c| c.to_string());
    match expect.exit_code {
        Some(want) if actual.exit_code != Some(want) => {
            out.push(Mismatch::new("exit_code", want.to_string(), code));
        }
        None if !matches!(actual.exit_code, Some(0 | 2)) => {
            out.push(Mismatch::new("exit_code", "0 or 2", code));
        }
        _ => {}
    }
    if let Some(want) = expect.requests
        && actual.requests != Some(want)
    {
        let got = actual.requests.map_or_else(
            || "no server (the test names none)".to_owned(),
            |n| n.to_string(),
        );
        out.push(Mismatch::new("requests", want.to_string(), got));
    }
    let needs_document = expect.decision.is_some()
        || expect.reason.is_some()
        || expect.updated_input.is_some()
        || expect.continue_.is_some()
        || expect.additional_context.is_some()
        || !expect.hooks.is_empty()
        || expect.document.is_some();
    let Some(document) = &actual.document else {
        if needs_document {
            let stdout = first_line(&actual.stdout);
            out.push(Mismatch::new("stdout", "a JSON document", stdout));
        }
        return out;
    };
    let field = |name: &str| document.get(name);
    if let Some(want) = &expect.decision {
        let got = field("decision").and_then(Value::as_str);
        if got != Some(want.as_str()) {
            out.push(Mismatch::new(
                "decision",
                quoted(want),
                show(field("decision")),
            ));
        }
    }
    text(&mut out, "reason", expect.reason.as_ref(), field("reason"));
    if let Some(want) = &expect.updated_input
        && field("updated_input") != Some(want)
    {
        out.push(Mismatch::new(
            "updated_input",
            want.to_string(),
            show(field("updated_input")),
        ));
    }
    if let Some(want) = expect.continue_
        && field("continue").and_then(Value::as_bool) != Some(want)
    {
        out.push(Mismatch::new(
            "continue",
            want.to_string(),
            show(field("continue")),
        ));
    }
    let context = field("additional_context");
    text(
        &mut out,
        "additional_context",
        expect.additional_context.as_ref(),
        context,
    );
    for (name, want) in &expect.hooks {
        let got = hook_outcome(document, name);
        if got != *want {
            out.push(Mismatch::new(format!("hooks.{name}"), want.clone(), got));
        }
    }
    if let Some(want) = &expect.document {
        subset(&mut out, "document", want, document);
    }
    out
}

fn text(out: &mut Vec<Mismatch>, name: &str, want: Option<&TextExpect>, got: Option<&Value>) {
    if let Some(want) = want
        && !want.accepts(got.and_then(Value::as_str))
    {
        out.push(Mismatch::new(name, want.describe(), show(got)));
    }
}

/// The outcome of hook `name` in the document: its `outcome`, `skipped` when it has a record
/// without one (a skipped hook) or no record at all.
pub(crate) fn hook_outcome(document: &Value, name: &str) -> String {
    let record = document
        .get("hooks")
        .and_then(Value::as_array)
        .and_then(|hooks| {
            hooks
                .iter()
                .find(|h| h.get("name").and_then(Value::as_str) == Some(name))
        });
    record
        .and_then(|r| r.get("outcome"))
        .and_then(Value::as_str)
        .unwrap_or("skipped")
        .to_owned()
}

/// Every field of `want` must appear in `got` with an equal value (objects compared the same way,
/// recursively; arrays and scalars exactly).
fn subset(out: &mut Vec<Mismatch>, path: &str, want: &Value, got: &Value) {
    match (want, got) {
        (Value::Object(want), Value::Object(got)) => {
            for (key, value) in want {
                let here = format!("{path}.{key}");
                match got.get(key) {
                    Some(actual) => subset(out, &here, value, actual),
                    None => out.push(Mismatch::new(here, value.to_string(), "(absent)")),
                }
            }
        }
        _ if want == got => {}
        _ => out.push(Mismatch::new(path, want.to_string(), got.to_string())),
    }
}

fn quoted(text: &str) -> String {
    Value::String(text.to_owned()).to_string()
}

fn show(value: Option<&Value>) -> String {
    value.map_or_else(|| "(absent)".to_owned(), Value::to_string)
}

fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or("").trim();
    if line.is_empty() {
        "(empty)".to_owned()
    } else {
        line.chars().take(200).collect()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use serde_json::json;

    use super::*;

    fn actual(code: i32, document: &Value) -> Actual {
        Actual {
            exit_code: Some(code),
            document: Some(document.clone()),
            stdout: document.to_string(),
            stderr: String::new(),
            duration: Duration::ZERO,
            requests: None,
        }
    }

    #[test]
    fn reports_every_differing_field_with_both_sides() {
        let expect = Expect {
            decision: Some("deny".into()),
            reason: Some(TextExpect::Contains("rm -rf".into())),
            exit_code: Some(2),
            hooks: vec![
                ("no-rm".into(), "blocking".into()),
                ("gone".into(), "skipped".into()),
            ],
            document: Some(json!({"continue": true, "event": "Stop"})),
            ..Expect::default()
        };
        let doc = json!({"event": "PreToolUse", "decision": "allow", "continue": true,
            "hooks": [{"name": "no-rm", "outcome": "success"}]});
        let fields: Vec<_> = check(&expect, &actual(0, &doc))
            .into_iter()
            .map(|m| format!("{}: {} | {}", m.field, m.expected, m.actual))
            .collect();
        assert_eq!(
            fields,
            [
                "exit_code: 2 | 0",
                "decision: \"deny\" | \"allow\"",
                "reason: contains \"rm -rf\" | (absent)",
                "hooks.no-rm: blocking | success",
                "document.event: \"Stop\" | \"PreToolUse\"",
            ]
        );
    }

    #[test]
    fn a_failed_hookrun_fails_the_test_unless_expected() {
        let doc = json!({});
        let failed = Actual {
            document: None,
            ..actual(1, &doc)
        };
        assert_eq!(check(&Expect::default(), &failed).len(), 1);
        let expect = Expect {
            exit_code: Some(1),
            ..Expect::default()
        };
        assert!(check(&expect, &failed).is_empty());
    }
}
