//! The decision document of SPEC §6: the merged answer plus one record per hook.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::merge::Merged;
use crate::verdict::{Decision, Outcome};

/// One hook's line in the document.
#[derive(Debug, Clone, Serialize, Default)]
pub(crate) struct HookRecord {
    pub(crate) name: String,
    pub(crate) source: String,
    pub(crate) dialect: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) outcome: Option<Outcome>,
    pub(crate) decision: Decision,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) exit_code: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) signal: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) duration_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) timed_out_after_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) killed: Option<&'static str>,
    /// How many processes the hook left running when it ended; hookrun ended them.
    #[serde(skip_serializing_if = "is_zero")]
    pub(crate) leaked: u32,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) stderr: Option<String>,
    /// A deny or ask from a hook that cannot block (observe mode, PRX, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ignored_decision: Option<Decision>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) skipped_reason: Option<String>,
    /// `enforced`, `metadata`, `suppressOutput` as the hook printed them.
    #[serde(flatten)]
    pub(crate) extra: Map<String, Value>,
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_zero(count: &u32) -> bool {
    *count == 0
}

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
            hooks,
        }
    }
}
