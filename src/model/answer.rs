//! The one vocabulary of hook answers, shared by every stage and every dialect: what a hook said
//! ([`Said`], with its [`Decision`]), how its dialect lets that count ([`Policy`]), the merged
//! answer of every hook ([`Merged`]), and what hookrun prints back to an agent ([`Answer`]), with
//! the small helpers the agents' answer formats are built from.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::exit;
use crate::model::reading::HookRun;
pub(crate) use crate::model::steer::Steer;

/// A permission decision, ordered by precedence: `Deny` > `Ask` > `Allow` > `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Decision {
    #[default]
    None,
    Allow,
    Ask,
    Deny,
}

impl Decision {
    /// The word the decision document uses for it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Decision::None => "none",
            Decision::Allow => "allow",
            Decision::Ask => "ask",
            Decision::Deny => "deny",
        }
    }

    pub(crate) fn blocks(self) -> bool {
        matches!(self, Decision::Deny | Decision::Ask)
    }
}

/// What a hook's JSON said, read with the one vocabulary whatever the dialect.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Said {
    pub(crate) decision: Option<Decision>,
    pub(crate) reason: Option<String>,
    pub(crate) updated_input: Option<Value>,
    pub(crate) updated_output: Option<Value>,
    pub(crate) additional_context: Option<String>,
    pub(crate) system_message: Option<String>,
    pub(crate) user_message: Option<String>,
    pub(crate) agent_message: Option<String>,
    pub(crate) followup_message: Option<String>,
    /// `Some(false)` when the hook asked the agent to stop.
    pub(crate) continue_: Option<bool>,
    pub(crate) stop_reason: Option<String>,
    /// `enforced`, `metadata`, `suppressOutput`: kept in the hook's record.
    pub(crate) extra: Map<String, Value>,
    /// What it asked of the agent beyond the action (clear the context, a tail tool call, …).
    pub(crate) steer: Steer,
}

/// How the hook's dialect, mode and event let its result count.
#[derive(Debug, Clone, Copy, Default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches of how a hook's answer counts"
)]
pub(crate) struct Policy {
    /// Its deny can block (false for observe hooks, PRX, PromptKit eval hooks).
    pub(crate) can_block: bool,
    /// Exit 2 means "deny" (false for PRX and PromptKit, where every non-zero exit is a failure).
    pub(crate) exit2_blocks: bool,
    /// On exit 2, a JSON deny's own reason is the block's reason, ahead of stderr (Claude Code
    /// tells the model the JSON's reason; the other agents tell stderr).
    pub(crate) exit2_json_reason: bool,
    /// A failure blocks.
    pub(crate) fail_closed: bool,
    /// A filter: only an explicit allow allows; no answer, or any other, denies.
    pub(crate) require_allow: bool,
    /// The agent's own decoding of a filter's exit-0 answer (with `require_allow`), given the
    /// hook's name and trimmed stdout: `Some(reason)` when the agent cannot decode the answer and
    /// so denies with that reason. `None`: any JSON object is read with the shared vocabulary.
    pub(crate) decodes: Option<fn(&str, &str) -> Option<String>>,
    /// Plain stdout becomes context for the agent (claude UserPromptSubmit/SessionStart, …).
    pub(crate) text_is_context: bool,
    /// The hook's stdout is not read at all (PromptKit eval and session hooks).
    pub(crate) ignore_stdout: bool,
    /// Nothing the hook says reaches the decision, and a deny or ask it prints is a failure of the
    /// hook (PRX hooks are observe-only). Implies `can_block: false`.
    pub(crate) observe_only: bool,
    /// The agent's own check of the hook's trimmed stdout (exit codes other than a blocking 2):
    /// `Some(why)` when the agent refuses the answer, which then counts as a failure of the hook
    /// (Codex refuses any answer outside the event's schema). `None`: every answer is read.
    pub(crate) refuses: Option<fn(&str) -> Option<String>>,
    /// The dialect reads a finished hook's output itself (Gemini): `None` keeps the shared
    /// reading (the book, "Reading results and merging").
    pub(crate) read_output: Option<ReadOutput>,
    /// The dialect reads the run itself, by its agent's own rules (PraisonAI); the switches above
    /// other than `can_block` then do not apply to reading it.
    pub(crate) reads: Option<Reading>,
    /// How its agent joins this hook's reason and stop reason with other hooks'.
    pub(crate) reasons: Reasons,
}

/// How an agent joins the reasons and stop reasons of several hooks of one event. The decision
/// is merged the same way whatever the rule: a block stays a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Reasons {
    /// hookrun's own: the reasons of the hooks whose decision won, in run order, joined with
    /// `\n`; the first stop reason.
    #[default]
    Winning,
    /// Every hook's reason, whatever its decision, and the stop reason of every hook that asked
    /// to stop, each joined with `\n` (Gemini's `mergeWithOrDecision`).
    All,
    /// The last one given: the last reason among the hooks whose decision won, the last stop
    /// reason (Gemini's `mergeWithFieldReplacement` and `mergeSimple`, where a later hook's
    /// field replaces an earlier one's).
    Last,
}

/// A dialect's own reading of a hook that exited (`code`) or was ended by a signal (`None`), from
/// its trimmed stdout and stderr: the JSON object the agent acts on, read then with the shared
/// vocabulary, or `None` when the agent takes nothing from the run. The reading decides alone:
/// exit codes count only through what it returns.
pub(crate) type ReadOutput =
    fn(code: Option<i32>, stdout: &str, stderr: &str) -> Option<Map<String, Value>>;

/// A dialect's own reading of a run ([`Policy::reads`]). A deny it returns carries its reason as
/// the agent words it, or none: nothing is added.
pub(crate) type Reading = fn(&HookRun<'_>) -> Said;

/// The merged answer of every hook that ran.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Merged {
    pub(crate) decision: Decision,
    /// The reasons of the hooks whose decision won, in run order.
    pub(crate) reason: Option<String>,
    pub(crate) continue_: bool,
    pub(crate) stop_reason: Option<String>,
    pub(crate) updated_input: Option<Value>,
    pub(crate) updated_output: Option<Value>,
    /// Every hook's context joined with `\n`.
    pub(crate) additional_context: Option<String>,
    /// The same contexts one by one, in run order, for an agent that joins them its own way.
    pub(crate) contexts: Vec<String>,
    pub(crate) system_message: Option<String>,
    pub(crate) user_message: Option<String>,
    pub(crate) agent_message: Option<String>,
    pub(crate) followup_message: Option<String>,
    /// Every hook's [`Steer`] merged ([`Steer::fold`]).
    pub(crate) steer: Steer,
}

/// What hookrun prints and how it exits, in one agent's protocol.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Answer {
    /// The JSON for stdout; `None` prints nothing.
    pub(crate) json: Option<Value>,
    /// A message for stderr (agents read it as the block reason on exit 2).
    pub(crate) stderr: Option<String>,
    pub(crate) code: u8,
}

impl Answer {
    pub(crate) fn ok(json: Map<String, Value>) -> Answer {
        Answer {
            json: Some(Value::Object(json)),
            stderr: None,
            code: exit::OK,
        }
    }

    /// The same answer, exiting 2 with `reason` on stderr.
    pub(crate) fn blocking(mut self, reason: &str) -> Answer {
        self.code = exit::BLOCK;
        self.stderr = Some(reason.to_owned());
        self
    }
}

/// Used when a hook blocked without giving a reason, where the agent needs one.
pub(crate) const NO_REASON: &str = "blocked by a hook (no reason given)";

/// The reason an agent is given for a block: the winning reasons, else the stop reason.
pub(crate) fn block_reason(m: &Merged) -> String {
    m.reason
        .clone()
        .or_else(|| m.stop_reason.clone())
        .unwrap_or_else(|| NO_REASON.to_owned())
}

/// `continue: false` and its reason, under the agent's key names.
pub(crate) fn stop_fields(out: &mut Map<String, Value>, m: &Merged, key: &str, reason_key: &str) {
    if !m.continue_ {
        out.insert(key.into(), false.into());
        put(out, reason_key, m.stop_reason.clone());
    }
}

/// The decision as the agents spell it; `None` for no decision.
pub(crate) fn decision_word(decision: Decision) -> Option<&'static str> {
    match decision {
        Decision::None => None,
        Decision::Allow => Some("allow"),
        Decision::Ask => Some("ask"),
        Decision::Deny => Some("deny"),
    }
}

/// The present parts joined with `\n`, or `None`.
pub(crate) fn joined(parts: &[&Option<String>]) -> Option<String> {
    let present: Vec<&str> = parts.iter().filter_map(|p| p.as_deref()).collect();
    (!present.is_empty()).then(|| present.join("\n"))
}

/// Inserts `value` under `key` when it is present.
pub(crate) fn put(out: &mut Map<String, Value>, key: &str, value: Option<impl Into<Value>>) {
    if let Some(value) = value {
        out.insert(key.to_owned(), value.into());
    }
}

pub(crate) fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => unreachable!("built with json!({{…}})"),
    }
}
