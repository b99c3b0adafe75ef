//! How PromptKit decodes an exec filter hook's answer: `json.Unmarshal` into its typed response
//! (`runtime/hooks/exec_hooks.go`, `execHookResponse`: `allow`, `enforced`, `ack` booleans,
//! `reason` a string, `metadata` an object). A known field of another type fails the decoding,
//! and PromptKit denies with "invalid response JSON".

use serde_json::Value;

/// The deny reason for a filter answer PromptKit cannot decode (`{"allow": "yes"}`,
/// `{"allow": true, "reason": 5}`), or `None` when it decodes (or is no JSON object, which the
/// shared reading judges).
pub(crate) fn undecodable(name: &str, stdout: &str) -> Option<String> {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(stdout) else {
        return None;
    };
    let expected = |key: &str, value: &Value| match key {
        "allow" | "enforced" | "ack" => (!value.is_boolean()).then_some("true or false"),
        "reason" => (!value.is_string()).then_some("a string"),
        "metadata" => (!value.is_object()).then_some("an object"),
        _ => None,
    };
    // `null` decodes into any Go field as its zero value.
    let problem = map
        .iter()
        .filter(|(_, value)| !value.is_null())
        .find_map(|(key, value)| {
            let wanted = expected(key, value)?;
            Some(format!("`{key}` must be {wanted}, found {value}"))
        })?;
    Some(format!(
        "exec hook {name}: invalid response JSON: {problem}"
    ))
}

#[cfg(test)]
mod tests {
    use super::undecodable;

    #[test]
    fn a_known_field_of_the_wrong_type_is_undecodable() {
        assert_eq!(
            undecodable("pii", r#"{"allow": "yes"}"#).as_deref(),
            Some(
                r#"exec hook pii: invalid response JSON: `allow` must be true or false, found "yes""#
            )
        );
        assert!(
            undecodable("pii", r#"{"allow": true, "reason": 5}"#)
                .is_some_and(|reason| reason.ends_with("`reason` must be a string, found 5"))
        );
        assert!(undecodable("pii", r#"{"allow": true, "metadata": []}"#).is_some());
    }

    #[test]
    fn typed_nulls_unknown_fields_and_non_objects_decode() {
        for stdout in [
            r#"{"allow": true}"#,
            r#"{"allow": true, "reason": null}"#,
            r#"{"allow": false, "extra": 5}"#,
            "null",
            "{bad",
            "",
        ] {
            assert_eq!(undecodable("pii", stdout), None, "{stdout}");
        }
    }
}
