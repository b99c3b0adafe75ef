//! What `validate` says about an http hook: its URL under the outbound policy (a refused URL is
//! an error, as it is a failure in `fire`), and header values that reference variables the hook
//! does not allow (they would expand to nothing), and `$words` of a `payload_template` that are
//! no template value (they would be sent as written).

use crate::config::diagnostics::Severity;
use crate::config::reader::child;
use crate::execute::http::{Piece, references};
use crate::model::hook::HttpHook;
use crate::net;
use crate::payload::template::scan;

use super::Finding;
use super::fields::Site;

pub(super) fn check(
    site: &Site<'_>,
    http: &HttpHook,
    policy: &net::Policy,
    findings: &mut Vec<Finding>,
) {
    let name = &site.hook.name;
    if let Err(refusal) = policy.check_url(&http.url) {
        let position = site.field("url", &[]);
        findings.push(
            site.report(
                Severity::Error,
                "url",
                position,
                format!("hook `{name}`: its request would be refused: {refusal}"),
            )
            .help("http hooks reach http:// or https:// URLs outside link-local and cloud-metadata addresses, within the user-level `[http] allow` when it lists patterns"),
        );
    }
    if let Some(template) = &http.payload_template {
        let mut unknown = Vec::new();
        for value in template.values() {
            unknown_placeholders(value, &mut unknown);
        }
        for word in unknown {
            let position = site.field("payload_template", &[]);
            findings.push(
                site.report(
                    Severity::Warning,
                    "placeholder",
                    position,
                    format!("hook `{name}`: `{word}` in `payload_template` is no template value: it is sent as written"),
                )
                .help("template values: $tool_input_<field>, ${tool_input.a.b}, $session_id, $timestamp, $event"),
            );
        }
    }
    let headers_key = if site.hook.dialect == crate::dialects::HOOKRUN {
        "allowed_env_vars"
    } else {
        "allowedEnvVars"
    };
    for (header, value) in &http.headers {
        for piece in references(value) {
            let Piece::Var { name: var, at } = piece else {
                continue;
            };
            if http.allowed_env_vars.iter().any(|allowed| allowed == var) {
                continue;
            }
            let position = if site.hook.entry.is_empty() {
                site.entry()
            } else {
                let path = child(&child(&site.hook.entry, "headers"), header);
                let (line, column) = site.locate(&path, false);
                // Past the opening quote, to the `$` (exact when the value has no escapes).
                (line, column + 1 + value[..at].chars().count())
            };
            findings.push(
                site.report(
                    Severity::Warning,
                    "headers",
                    position,
                    format!(
                        "hook `{name}`: header `{header}` references ${var}, which is not in `{headers_key}`: it expands to nothing"
                    ),
                )
                .help(format!("add \"{var}\" to `{headers_key}` if the hook should send it")),
            );
        }
    }
}

/// The `$name` and `${…}` words in the strings of `value` that are no template value.
fn unknown_placeholders(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(text) => {
            let known: Vec<usize> = scan(text).iter().map(|found| found.start).collect();
            for (at, _) in text.match_indices('$') {
                let rest = &text[at + 1..];
                let len = if rest.starts_with('{') {
                    rest.find('}').map_or(rest.len(), |end| end + 1)
                } else {
                    rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(rest.len())
                };
                let named =
                    rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '{');
                if named && len > 0 && !known.contains(&at) {
                    out.push(text[at..=at + len].to_owned());
                }
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                unknown_placeholders(item, out);
            }
        }
        serde_json::Value::Object(map) => {
            for item in map.values() {
                unknown_placeholders(item, out);
            }
        }
        _ => {}
    }
}
