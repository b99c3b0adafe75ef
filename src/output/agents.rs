//! Output modes for agents: the merged decision spoken back in the calling agent's own protocol —
//! its JSON keys and its exit-code convention — so hookrun can stand as that agent's single hook.
//! What each agent expects lives in its dialect's module ([`AgentOutput`]); here are the two
//! entry points and [`emit`], the one place that prints an answer.

use crate::model::Dialect;
use crate::model::answer::{Answer, Merged};
use crate::model::dialect::AgentOutput;

/// The agent's output of `dialect`; `--output` only accepts dialects that have one.
fn output_of(dialect: Dialect) -> &'static dyn AgentOutput {
    dialect
        .output()
        .expect("--output accepts only dialects with an agent output")
}

/// The merged decision of `event`, as `agent` expects it.
pub(crate) fn answer(agent: Dialect, event: &str, merged: &Merged) -> Answer {
    output_of(agent).answer(event, merged)
}

/// hookrun itself failed (configuration error, bad payload, internal error), said in `agent`'s
/// protocol. Where the agent reads unexpected exit codes as "proceed", the failure blocks
/// instead: a broken policy must not silently allow everything (the README's output-mode
/// table). The message also goes to stderr.
pub(crate) fn failure(agent: Dialect, message: &str) -> Answer {
    let mut answer = output_of(agent).failure(message);
    answer.stderr = Some(message.to_owned());
    answer
}

/// Prints `answer`: stderr first, then the JSON document on stdout.
pub(crate) fn emit(answer: &Answer, pretty: bool) -> std::io::Result<()> {
    if let Some(message) = &answer.stderr {
        crate::stderr::say!("{message}");
    }
    match &answer.json {
        Some(json) => crate::output::write_json(json, pretty),
        None => Ok(()),
    }
}
