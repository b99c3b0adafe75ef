//! What an executor hands to [`judge`](super::judge): a process's run, or the reply of a hook
//! that asks something over the network (http; prompt and agent hooks the same way). A reply is
//! read by the rules a command's exit-0 stdout is read by, so every kind of hook ends in the same
//! outcomes and decisions and obeys the same fail posture.

use std::time::Duration;

use serde_json::{Map, Value};

use super::{Outcome, Policy, Said, Verdict, fail, from_said, parse_object, read_answer, refusal};
use crate::runner::Finished;

/// One executor's plain result.
#[derive(Debug)]
pub(crate) enum Ran {
    /// A command hook's process ran: exit status, output, timing, how it was ended.
    Process(Finished),
    /// A hook that sends a request (http, prompt, agent) got an answer or failed.
    Reply(Reply),
}

impl Ran {
    /// How long the hook took.
    pub(crate) fn duration(&self) -> Duration {
        match self {
            Ran::Process(finished) => finished.duration,
            Ran::Reply(reply) => reply.duration,
        }
    }
}

/// What a request-shaped hook produced.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) answer: Result<Answer, Failure>,
    pub(crate) duration: Duration,
    /// Fields the hook's record carries beside the common ones (`http_status`, `http_body`,
    /// a model and its token counts, …), in the order given.
    pub(crate) details: Map<String, Value>,
}

/// What the hook answered.
#[derive(Debug)]
pub(crate) enum Answer {
    /// Nothing: success with no output (an http 2xx with an empty body).
    Nothing,
    /// Text read exactly as a command's exit-0 stdout (an http 2xx whose body is a JSON object):
    /// the same vocabulary, refusals and `{"allow": true}` rules.
    Stdout(String),
    /// What the hook said, already in the vocabulary: a prompt hook's `{"ok": false, "reason"}`
    /// is `Box::new(Said { decision: Some(Decision::Deny), reason: Some(…), ..Said::default() })`.
    Said(Box<Said>),
}

/// Why the hook got no usable answer: non-blocking, unless the hook fails closed (`onFailure:
/// "block"`, `on_error = "deny"`, `--strict`), then a blocking deny whose reason is `message`.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) message: String,
    /// It ran out of time: outcome `cancelled`, as a command's timeout.
    pub(crate) timed_out: bool,
}

impl Failure {
    pub(crate) fn new(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            timed_out: false,
        }
    }
}

/// Judges a reply by the rules of a command that exited 0 (its failures by the rules of a
/// command that failed). The caller applies the constraints every kind shares.
pub(super) fn judge_reply(reply: &Reply, policy: Policy, name: &str) -> Verdict {
    match &reply.answer {
        Err(failure) => {
            let outcome = if failure.timed_out {
                Outcome::Cancelled
            } else {
                Outcome::NonBlockingError
            };
            fail(policy, outcome, failure.message.clone())
        }
        Ok(Answer::Nothing) => read_answer(policy, "", None, name),
        Ok(Answer::Stdout(text)) => {
            let text = text.trim();
            let parsed = if policy.ignore_stdout {
                Ok(None)
            } else {
                parse_object(text)
            };
            match refusal(policy, text).map_or(parsed, Err) {
                Ok(said) => read_answer(policy, text, said, name),
                Err(error) => fail(policy, Outcome::NonBlockingError, error),
            }
        }
        Ok(Answer::Said(said)) => from_said((**said).clone(), name),
    }
}
