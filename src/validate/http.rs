//! What `validate` says about an http hook: its URL under the outbound policy (a refused URL is
//! an error, as it is a failure in `fire`), and header values that reference variables the hook
//! does not allow (they would expand to nothing).

use crate::config::diagnostics::Severity;
use crate::config::reader::child;
use crate::execute::http::{Piece, references};
use crate::model::hook::HttpHook;
use crate::net;

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
