//! What a hook asks of the agent beyond the action itself: clear the conversation, run one more
//! tool call after this one, rewrite the model request or its response, limit the tools the
//! model may call, or rewrite the user's prompt ([`Steer`]). Gemini CLI has the first five
//! (`clearContext`, `tailToolCallRequest`, `llm_request`, `llm_response`, `toolConfig` in
//! `hookSpecificOutput`), Copilot the prompt rewrite (`modifiedPrompt`); the decision document carries them under neutral names (docs/decision-document.md), in the
//! agent's own shapes, and each agent's output mode passes on those its agent acts on.

use serde::Serialize;
use serde_json::{Map, Value};

/// The agent-steering fields of one hook's answer, or of all of them merged.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub(crate) struct Steer {
    /// Clear the conversation context (Gemini: with a block or stop after the agent's turn).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) clear_context: bool,
    /// One more tool call (`{"name", "args"}`) to run right after this one; its result replaces
    /// this one's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) tail_tool_call: Option<Value>,
    /// The model request as the hook rewrote it (the fields it gives replace the request's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) updated_model_request: Option<Value>,
    /// A model response to use: after the model, in place of its answer; with a block before
    /// the model, as the answer given without calling it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) model_response: Option<Value>,
    /// Which tools the model may call: `mode` (`AUTO`, `ANY`, `NONE`) and
    /// `allowedFunctionNames`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) tool_config: Option<Value>,
    /// The user's prompt as a hook rewrote it, in place of what the user typed (Copilot's
    /// `modifiedPrompt`, or its `modifiedTransformedPrompt` on `userPromptTransformed`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) updated_prompt: Option<String>,
}

impl Steer {
    /// Reads the fields from a hook's JSON object, in hookrun's spelling or under Gemini's
    /// `hookSpecificOutput` keys. Values of the wrong type are not requests (Gemini's getters
    /// ignore them too).
    pub(crate) fn read(map: &Map<String, Value>) -> Steer {
        let specific = map.get("hookSpecificOutput").and_then(Value::as_object);
        let pick = |key: &str, specific_key: &str| {
            map.get(key)
                .or_else(|| specific.and_then(|s| s.get(specific_key)))
                .filter(|value| value.is_object())
                .cloned()
        };
        let clear = |value: Option<&Value>| value == Some(&Value::Bool(true));
        Steer {
            clear_context: clear(map.get("clear_context"))
                || clear(specific.and_then(|s| s.get("clearContext"))),
            tail_tool_call: pick("tail_tool_call", "tailToolCallRequest"),
            updated_model_request: pick("updated_model_request", "llm_request"),
            model_response: pick("model_response", "llm_response"),
            tool_config: pick("tool_config", "toolConfig"),
            updated_prompt: map
                .get("updated_prompt")
                .and_then(Value::as_str)
                .map(str::to_owned),
        }
    }

    /// Merges the hooks' fields in run order, as Gemini's `HookAggregator` does: any hook may
    /// clear the context; a later request, response or tail call replaces an earlier one; the
    /// tool configs join ([`join_tool_configs`]).
    pub(crate) fn fold<'a>(steers: impl Iterator<Item = &'a Steer>) -> Steer {
        let mut merged = Steer::default();
        let mut configs = Vec::new();
        for steer in steers {
            merged.clear_context |= steer.clear_context;
            let later = |mine: &mut Option<Value>, theirs: &Option<Value>| {
                if theirs.is_some() {
                    mine.clone_from(theirs);
                }
            };
            later(&mut merged.tail_tool_call, &steer.tail_tool_call);
            later(
                &mut merged.updated_model_request,
                &steer.updated_model_request,
            );
            later(&mut merged.model_response, &steer.model_response);
            if steer.updated_prompt.is_some() {
                merged.updated_prompt.clone_from(&steer.updated_prompt);
            }
            configs.extend(steer.tool_config.as_ref());
        }
        merged.tool_config = join_tool_configs(&configs);
        merged
    }
}

/// Several hooks' tool configs as one (`HookAggregator.mergeToolSelectionOutputs`): `NONE` if
/// any says `NONE` (no tools at all), else `ANY` if any says `ANY`, else `AUTO`; the allowed
/// names are the union of every hook's, sorted. `None` when no hook gave one.
pub(crate) fn join_tool_configs(configs: &[&Value]) -> Option<Value> {
    if configs.is_empty() {
        return None;
    }
    let mode = |wanted: &str| {
        configs
            .iter()
            .any(|c| c.get("mode").and_then(Value::as_str) == Some(wanted))
    };
    let mut names: Vec<&str> = configs
        .iter()
        .filter_map(|c| c.get("allowedFunctionNames").and_then(Value::as_array))
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    names.sort_unstable();
    names.dedup();
    let (mode, names) = if mode("NONE") {
        ("NONE", Vec::new())
    } else if mode("ANY") {
        ("ANY", names)
    } else {
        ("AUTO", names)
    };
    Some(serde_json::json!({"mode": mode, "allowedFunctionNames": names}))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn read(value: &Value) -> Steer {
        Steer::read(value.as_object().expect("an object"))
    }

    #[test]
    fn hook_specific_keys_and_hookrun_keys_read_alike() {
        let specific = read(&json!({"hookSpecificOutput": {
            "clearContext": true,
            "tailToolCallRequest": {"name": "read_file", "args": {"path": "x"}},
            "llm_request": {"model": "m-1"},
            "llm_response": {"candidates": []},
            "toolConfig": {"mode": "ANY"}
        }}));
        let hookrun = read(&json!({
            "clear_context": true,
            "tail_tool_call": {"name": "read_file", "args": {"path": "x"}},
            "updated_model_request": {"model": "m-1"},
            "model_response": {"candidates": []},
            "tool_config": {"mode": "ANY"}
        }));
        assert_eq!(specific, hookrun);
        assert!(specific.clear_context);
        assert_eq!(specific.tool_config, Some(json!({"mode": "ANY"})));
    }

    #[test]
    fn values_of_the_wrong_type_are_no_request() {
        let steer = read(&json!({"hookSpecificOutput": {
            "clearContext": "yes", "tailToolCallRequest": ["read_file"], "llm_request": null
        }}));
        assert_eq!(steer, Steer::default());
    }

    #[test]
    fn later_hooks_replace_and_any_hook_clears() {
        let a = read(&json!({"hookSpecificOutput": {"clearContext": true,
            "llm_request": {"model": "a"}, "tailToolCallRequest": {"name": "a"}}}));
        let b = read(&json!({"hookSpecificOutput": {"clearContext": false,
            "llm_request": {"model": "b"}}}));
        let merged = Steer::fold([&a, &b].into_iter());
        assert!(merged.clear_context);
        assert_eq!(merged.updated_model_request, Some(json!({"model": "b"})));
        assert_eq!(merged.tail_tool_call, Some(json!({"name": "a"})));
    }

    #[test]
    fn tool_configs_join_none_over_any_over_auto_with_the_names_united() {
        let any = json!({"mode": "ANY", "allowedFunctionNames": ["write_file", "read_file"]});
        let auto = json!({"mode": "AUTO", "allowedFunctionNames": ["glob", "read_file"]});
        let none = json!({"mode": "NONE", "allowedFunctionNames": ["glob"]});
        assert_eq!(join_tool_configs(&[]), None);
        assert_eq!(
            join_tool_configs(&[&any, &auto]),
            Some(
                json!({"mode": "ANY", "allowedFunctionNames": ["glob", "read_file", "write_file"]})
            )
        );
        assert_eq!(
            join_tool_configs(&[&auto]),
            Some(json!({"mode": "AUTO", "allowedFunctionNames": ["glob", "read_file"]}))
        );
        assert_eq!(
            join_tool_configs(&[&any, &none]),
            Some(json!({"mode": "NONE", "allowedFunctionNames": []}))
        );
    }
}
