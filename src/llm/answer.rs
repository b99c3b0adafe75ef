//! How the text of a model's final answer counts (the book, "What a prompt hook's answer means"):
//! `{"ok": true}` allows, `{"ok": false, "reason": "…"}` blocks with that reason, and so do the
//! design note's bare `YES` and `NO`; anything else is unreadable, a failure of the hook. Pure.

use serde_json::Value;

/// What the model's answer says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Answer {
    /// The action may proceed.
    Ok,
    /// The action is stopped, with the model's reason when it gave one.
    Block(Option<String>),
    /// Neither shape: why, for the record.
    Unreadable(String),
}

/// Reads the model's whole answer `text`.
pub(crate) fn read(text: &str) -> Answer {
    let text = unfenced(text.trim());
    if text.starts_with('{') {
        return read_object(text);
    }
    let word_end = text
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (word, rest) = text.split_at(word_end);
    let rest = rest
        .trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, '.' | ',' | ':' | ';' | '-' | '!')
        })
        .trim();
    if word.eq_ignore_ascii_case("yes") {
        Answer::Ok
    } else if word.eq_ignore_ascii_case("no") {
        Answer::Block((!rest.is_empty()).then(|| rest.to_owned()))
    } else {
        Answer::Unreadable(format!(
            "the model's answer is neither {{\"ok\": …}} nor YES/NO: {}",
            excerpt(text)
        ))
    }
}

fn read_object(text: &str) -> Answer {
    let map = match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => map,
        Ok(_) => unreachable!("text starting with `{{` parses to an object or not at all"),
        Err(error) => {
            return Answer::Unreadable(format!(
                "the model's answer is not valid JSON ({error}): {}",
                excerpt(text)
            ));
        }
    };
    let reason = map
        .get("reason")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|reason| !reason.is_empty())
        .map(str::to_owned);
    match map.get("ok") {
        Some(Value::Bool(true)) => Answer::Ok,
        Some(Value::Bool(false)) => Answer::Block(reason),
        Some(other) => Answer::Unreadable(format!(
            "the model's `ok` must be true or false, found {other}"
        )),
        None => Answer::Unreadable(format!("the model's answer has no `ok`: {}", excerpt(text))),
    }
}

/// The text inside one Markdown code fence (```` ```json … ``` ````), which models add unasked.
fn unfenced(text: &str) -> &str {
    let Some(inner) = text.strip_prefix("```").and_then(|t| t.strip_suffix("```")) else {
        return text;
    };
    // The info string (`json`) runs to the first line break.
    inner
        .split_once('\n')
        .map_or(inner, |(_, body)| body)
        .trim()
}

/// The first 200 characters, for messages.
fn excerpt(text: &str) -> String {
    let mut out: String = text.chars().take(200).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ok_object_allows_or_blocks() {
        assert_eq!(read(r#"{"ok": true}"#), Answer::Ok);
        assert_eq!(
            read(r#" {"ok": false, "reason": "rm -rf on /"} "#),
            Answer::Block(Some("rm -rf on /".into()))
        );
        assert_eq!(read(r#"{"ok": false}"#), Answer::Block(None));
        assert_eq!(
            read("```json\n{\"ok\": false, \"reason\": \"no\"}\n```"),
            Answer::Block(Some("no".into()))
        );
    }

    #[test]
    fn yes_allows_and_no_blocks_with_the_rest_as_reason() {
        assert_eq!(read("YES"), Answer::Ok);
        assert_eq!(read("yes, it is safe"), Answer::Ok);
        assert_eq!(read("NO"), Answer::Block(None));
        assert_eq!(
            read("No. It deletes the home directory."),
            Answer::Block(Some("It deletes the home directory.".into()))
        );
        assert_eq!(
            read("no - force push"),
            Answer::Block(Some("force push".into()))
        );
    }

    #[test]
    fn anything_else_is_unreadable() {
        for text in [
            "",
            "Maybe",
            "NOT SURE",
            "Yesterday",
            "I think YES",
            r#"{"ok": "true"}"#,
            r#"{"allow": true}"#,
            r#"{"ok": true"#,
            "[true]",
        ] {
            assert!(matches!(read(text), Answer::Unreadable(_)), "{text:?}");
        }
    }
}
