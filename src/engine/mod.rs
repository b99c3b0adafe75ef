//! The one fire: a request — the event, its payload and the options — against a loaded
//! configuration, through plan → trust gate → execute → merge, to the fired result. `hookrun
//! fire` and `serve`'s `POST /api/fire` call it and do only their own I/O around it: how the
//! configuration is loaded (the cache or the files; the server's kept one), printing, logging.
//! `hookrun test` runs each test through `hookrun fire`, and an async hook's worker runs one hook
//! it was handed, so neither has a sequence of its own.
//!
//! Two calls, because a dry run and `-v` look at the plan before anything runs: [`plan()`] (which
//! hooks the event reaches, in order, and which of them the trust gate holds back) and [`run()`]
//! (the held-back hooks announced, the others run, their verdicts merged with the block that
//! stands for held-back hooks where they block).

mod trust_gate;

use std::path::Path;
use std::time::Duration;

use serde_json::Value;

use crate::config::diagnostics::Diagnostic;
use crate::execute::{self, Settings, record::HookRecord};
use crate::merge::{Merged, merge};
use crate::model::Dialect;
use crate::payload::Payload;
use crate::plan::{self, PlanInput, Step};
use crate::sources::Config;
use trust_gate::Held;

/// One fire's request, besides its payload.
pub(crate) struct Request<'a> {
    pub(crate) event: &'a str,
    pub(crate) project_dir: &'a Path,
    /// The agent hookrun answers as (`--output`), whose own files it skips.
    pub(crate) agent: Option<Dialect>,
    /// hookrun's own nesting depth (`HOOKRUN_DEPTH`); its hooks get one more.
    pub(crate) depth: u32,
    /// `--strict`: every failure blocks, and so do held-back hooks.
    pub(crate) strict: bool,
    /// `--timeout`: caps every hook's timeout.
    pub(crate) timeout_cap: Option<Duration>,
    pub(crate) verbose: bool,
    /// The fire log (`--log`), where async hooks' workers append their results.
    pub(crate) log: Option<&'a Path>,
    /// `--trust-project`: the project's files run without a trust record.
    pub(crate) trust_project: bool,
}

impl Request<'_> {
    /// What planning reads of this request and its payload.
    pub(crate) fn input<'p>(&'p self, payload: &'p Value) -> PlanInput<'p> {
        PlanInput {
            event: self.event,
            payload,
            project_dir: self.project_dir,
            own_dialect: self.agent,
            depth: self.depth,
        }
    }
}

/// The hooks the event reaches, in order, with the ones the trust gate held back marked.
pub(crate) struct Planned {
    pub(crate) steps: Vec<Step>,
    held: Option<Held>,
}

impl Planned {
    /// Whether any planned hook is to run (not skipped, not held back).
    pub(crate) fn runs_any(&self) -> bool {
        self.steps.iter().any(|step| step.skip.is_none())
    }
}

/// What a fire produced.
pub(crate) struct Fired {
    pub(crate) merged: Merged,
    pub(crate) records: Vec<HookRecord>,
    /// A signal hookrun received while the hooks ran: the caller answers nothing, unless the
    /// merged decision blocks (the book, "Exit codes").
    pub(crate) interrupted: Option<i32>,
}

/// Plans the event's hooks and passes them through the trust gate: hooks of project files not
/// trusted as they are now are held back (the book, "Trust").
pub(crate) fn plan(
    config: &Config,
    request: &Request<'_>,
    payload: &Value,
) -> Result<Planned, Vec<Diagnostic>> {
    let mut steps = plan::plan(config, &request.input(payload))?;
    let held = trust_gate::hold_back(config, request, &mut steps);
    Ok(Planned { steps, held })
}

/// Runs the planned hooks — the held-back ones announced on stderr first — and merges their
/// verdicts, with the deny that stands for the held-back hooks when they block. An error is the
/// runner's own (a pipe or a process that could not be made), not a hook's failure.
pub(crate) fn run(
    config: &Config,
    planned: &Planned,
    payload: Payload,
    request: &Request<'_>,
) -> std::io::Result<Fired> {
    if let Some(held) = &planned.held {
        held.announce();
    }
    let settings = Settings {
        event: request.event,
        project_dir: request.project_dir,
        strict: request.strict,
        timeout_cap: request.timeout_cap,
        depth: request.depth + 1,
        verbose: request.verbose,
        log: request.log,
        trust_project: request.trust_project,
    };
    let execution = execute::execute(config, &planned.steps, payload, &settings)?;
    let held_back = planned
        .held
        .as_ref()
        .filter(|held| held.blocks)
        .map(Held::verdict);
    let verdicts: Vec<_> = execution.verdicts.iter().chain(&held_back).collect();
    Ok(Fired {
        merged: merge(&verdicts, execution.final_input),
        records: execution.records,
        interrupted: execution.interrupted,
    })
}
