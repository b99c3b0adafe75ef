//! The decision document (docs/decision-document.md): the merged answer plus one record per hook.

use serde::Serialize;
use serde_json::Value;

pub(crate) use crate::execute::record::HookRecord;
use crate::merge::Merged;
use crate::model::steer::Steer;
use crate::verdict::Decision;

/// The whole answer of one `fire`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Document {
    pub(crate) event: String,
    pub(crate) decision: Decision,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    #[serde(rename = "continue")]
    pub(crate) continue_: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) stop_reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) updated_input: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) updated_output: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) additional_context: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) system_message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) user_message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) agent_message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) followup_message: Option<String>,
    /// `clear_context`, `tail_tool_call`, `updated_model_request`, `model_response`,
    /// `tool_config`, `updated_prompt`, when a hook asked for them.
    #[serde(flatten)]
    pub(crate) steer: Steer,
    pub(crate) hooks: Vec<HookRecord>,
}

impl Document {
    pub(crate) fn new(event: &str, merged: Merged, hooks: Vec<HookRecord>) -> Document {
        Document {
            event: event.to_owned(),
            decision: merged.decision,
            reason: merged.reason,
            continue_: merged.continue_,
            stop_reason: merged.stop_reason,
            updated_input: merged.updated_input,
            updated_output: merged.updated_output,
            additional_context: merged.additional_context,
            system_message: merged.system_message,
            user_message: merged.user_message,
            agent_message: merged.agent_message,
            followup_message: merged.followup_message,
            steer: merged.steer,
            hooks,
        }
    }
}
