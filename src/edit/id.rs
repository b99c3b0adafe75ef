//! Hook ids that survive edits of other hooks: an id is derived from what the hook is — its file,
//! event, matcher and entry (keys sorted, `enabled` left out) — never from its position, so
//! deleting or adding another hook changes no id, and switching a hook on or off keeps it. Nothing
//! is written into the agent's file for it. Identical hooks of one file and event get `-2`, `-3`
//! in file order. Editing a hook's own content gives it a new id (the edit reports it), which also
//! makes a stale id fail instead of hitting a hook that has since changed.

use sha2::{Digest, Sha256};

use crate::install::json::Json;

/// Hex digits kept of the digest: 32 bits, ample for the hooks of one project.
const DIGITS: usize = 8;

/// The ids of hooks given as `(event, matcher, entry)` in file order.
pub(crate) fn assign<'j>(
    file: &str,
    hooks: impl IntoIterator<Item = (&'j str, Option<&'j str>, &'j Json)>,
) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for (event, matcher, entry) in hooks {
        let base = digest(file, event, matcher, entry);
        let copies = seen.iter().filter(|s| **s == base).count();
        out.push(if copies == 0 {
            base.clone()
        } else {
            format!("{base}-{}", copies + 1)
        });
        seen.push(base);
    }
    out
}

fn digest(file: &str, event: &str, matcher: Option<&str>, entry: &Json) -> String {
    let mut hasher = Sha256::new();
    for part in [file, event, matcher.unwrap_or("\u{0}none")] {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    hasher.update(canonical(entry, true).to_string().as_bytes());
    let hex = super::store::hex(&hasher.finalize());
    hex[..DIGITS].to_owned()
}

/// The value with sorted keys (`serde_json`'s map), `enabled` left out at the top.
fn canonical(value: &Json, top: bool) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => Value::Number(n.clone()),
        Json::String(s) => Value::String(s.clone()),
        Json::Array(items) => Value::Array(items.iter().map(|i| canonical(i, false)).collect()),
        Json::Object(entries) => Value::Object(
            entries
                .iter()
                .filter(|(k, _)| !(top && k == "enabled"))
                .map(|(k, v)| (k.clone(), canonical(v, false)))
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(text: &str) -> Json {
        Json::parse(text).unwrap()
    }

    #[test]
    fn key_order_and_the_switch_do_not_change_an_id() {
        let a = entry(r#"{"command": "x", "args": ["1"]}"#);
        let b = entry(r#"{"args": ["1"], "enabled": false, "command": "x"}"#);
        assert_eq!(
            assign("hooks.json", [("tool_call", None, &a)]),
            assign("hooks.json", [("tool_call", None, &b)])
        );
    }

    #[test]
    fn identical_hooks_are_numbered_and_others_differ() {
        let a = entry(r#"{"command": "x"}"#);
        let c = entry(r#"{"command": "y"}"#);
        let ids = assign(
            "f",
            [
                ("e", None, &a),
                ("e", None, &c),
                ("e", None, &a),
                ("e", Some("m"), &a),
            ],
        );
        assert_eq!(ids[2], format!("{}-2", ids[0]));
        assert_ne!(ids[0], ids[1]);
        assert_ne!(ids[0], ids[3]);
        assert_eq!(ids[0].len(), DIGITS);
    }
}
