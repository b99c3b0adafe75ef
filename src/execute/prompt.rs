//! The prompt and agent executors (README, "Prompt and agent hooks"): the hook's prompt, with
//! the payload for `$ARGUMENTS`, goes to the provider `[llm]` and the environment choose; an
//! agent hook's model may read the project with the read-only tools for at most 50 turns. The
//! model's final answer becomes a reply that `judge` reads as it reads every hook's: `{"ok":
//! false}` (or `NO`) is a blocking deny with the model's reason, `{"ok": true}` (or `YES`)
//! lets the action proceed, and anything else — no provider, no key, a provider error, a
//! timeout, an unreadable answer — is a failure of the hook, blocking only when it fails closed.

use crate::llm::{Endpoint, LlmTable};
use crate::model::hook::Ask;
use crate::model::{Level, Source};

/// Every loaded file's `[llm]` overlaid: user-level (and `-c`) files first, then the project's,
/// whose tables hold a `model` at most (their loader dropped the rest).
pub(crate) fn llm_table(sources: &[Source]) -> LlmTable {
    let project = |source: &&Source| matches!(source.level, Level::Project | Level::Local);
    let tables = |want_project: bool| {
        sources
            .iter()
            .filter(move |source| project(source) == want_project)
            .filter_map(|source| source.switches.llm.as_ref())
    };
    tables(false)
        .chain(tables(true))
        .fold(LlmTable::default(), |merged, table| merged.overlaid(table))
}

/// Where `ask` goes under `llm` and hookrun's environment, or what to set.
pub(crate) fn endpoint(llm: &LlmTable, ask: &Ask) -> Result<Endpoint, String> {
    crate::llm::settings::endpoint(llm, ask.model.as_deref(), &|name| std::env::var(name).ok())
}
