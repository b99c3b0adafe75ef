//! `fire --output cline`: hookrun answering as one Cline hook. Cline reads a hook's stdout only
//! when it exits 0 (`hook-factory.ts` `StdioHookRunner`, `HookProcess.run`), so every answer
//! exits 0:
//!
//! - a deny, an ask (Cline has no ask) or a stop is `{"cancel": true, "errorMessage": reason}`:
//!   Cline stops the task and shows the reason (`hooks-adapter.ts` `mapStopControl`);
//! - otherwise `{"cancel": false}`, with `contextModification` when hooks gave context, several
//!   joined with a blank line as Cline joins its own hooks' (`CombinedHookRunner`).
//!
//! hookrun's own failure cancels too: Cline would read a failing hook as "go on".

use serde_json::{Map, Value, json};

use crate::model::answer::{Answer, Merged, block_reason, object};
use crate::model::dialect::AgentOutput;

/// `--output cline`.
pub(super) struct ClineOutput;

impl AgentOutput for ClineOutput {
    fn answer(&self, _event: &str, merged: &Merged) -> Answer {
        Answer::ok(cline(merged))
    }

    fn failure(&self, message: &str) -> Answer {
        let mut answer = Answer::ok(object(json!({
            "cancel": true,
            "errorMessage": message,
        })));
        answer.stderr = Some(message.to_owned());
        answer
    }
}

fn cline(m: &Merged) -> Map<String, Value> {
    if m.decision.blocks() || !m.continue_ {
        return object(json!({"cancel": true, "errorMessage": block_reason(m)}));
    }
    let mut out = object(json!({"cancel": false}));
    let context = if m.contexts.is_empty() {
        m.additional_context.clone()
    } else {
        Some(m.contexts.join("\n\n"))
    };
    if let Some(context) = context {
        out.insert("contextModification".into(), context.into());
    }
    out
}
