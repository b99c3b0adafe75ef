//! The answer of an agent that reads only a hook's exit code (Windsurf, Kiro): nothing on
//! stdout; a deny or a stop is exit 2 with the reason on stderr, which the agent returns to the
//! model, and every other answer is exit 0.

use crate::model::answer::{Answer, Decision, Merged, block_reason};
use crate::model::dialect::AgentOutput;

/// `--output` for an agent whose hooks answer by exit code alone.
pub(crate) struct ExitCodeOutput;

fn quiet() -> Answer {
    Answer {
        json: None,
        stderr: None,
        code: crate::exit::OK,
    }
}

impl AgentOutput for ExitCodeOutput {
    fn answer(&self, _event: &str, merged: &Merged) -> Answer {
        if merged.decision == Decision::Deny || !merged.continue_ {
            quiet().blocking(&block_reason(merged))
        } else {
            quiet()
        }
    }

    /// hookrun failing blocks where the agent can block: any exit but 2 lets the action go on.
    fn failure(&self, message: &str) -> Answer {
        quiet().blocking(message)
    }
}
