//! What one hook did in one fire, as the decision document, `--dry-run` and the fire log show
//! it.

use serde::Serialize;
use serde_json::{Map, Value};

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
    /// What a request-shaped hook's executor adds (`http_status`, `http_body`, …).
    #[serde(flatten)]
    pub(crate) details: Map<String, Value>,
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
