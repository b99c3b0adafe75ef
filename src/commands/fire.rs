//! `hookrun fire EVENT`: payload in, hooks run, one decision document out (SPEC §1–§6).

use std::process::ExitCode;

use serde_json::Value;

use crate::cli::{Cli, FireArgs};
use crate::commands::{load_config, project_dir};
use crate::execute::{self, Settings};
use crate::merge::merge;
use crate::output::document::Document;
use crate::plan::{self, MAX_DEPTH, PlanInput};
use crate::{Error, exit, payload, runner};

pub(crate) fn run(cli: &Cli, args: &FireArgs) -> Result<ExitCode, Error> {
    let project_dir = project_dir(cli)?;
    let config = load_config(cli, &project_dir);
    if config.has_errors() {
        return Err(Error::Config(config.diagnostics));
    }
    if cli.verbose {
        for warning in &config.diagnostics {
            eprintln!("{warning}");
        }
    }
    let payload = payload::read(args.payload.as_deref(), &args.set, args.max_payload)?;
    let depth = current_depth();
    if depth >= MAX_DEPTH {
        eprintln!("hookrun: warning: HOOKRUN_DEPTH is {depth} (limit {MAX_DEPTH}): running no hooks");
    }
    let payload = Value::Object(payload);
    let steps = plan::plan(
        &config,
        &PlanInput { event: &args.event, payload: &payload, project_dir: &project_dir, own_dialect: None, depth },
    )
    .map_err(Error::Config)?;
    let Value::Object(payload) = payload else { unreachable!("built from an object above") };
    if steps.iter().any(|step| step.skip.is_none()) {
        runner::signals::install().map_err(|e| Error::Io(format!("cannot install signal handlers: {e}")))?;
    }
    let settings = Settings {
        event: &args.event,
        project_dir: &project_dir,
        strict: args.strict,
        timeout_cap: args.timeout,
        depth: depth + 1,
        verbose: cli.verbose,
    };
    let execution = execute::execute(&config, &steps, payload, &settings).map_err(|e| Error::Io(e.to_string()))?;
    if let Some(signal) = execution.interrupted.or_else(runner::signals::received) {
        return Err(Error::Interrupted(signal));
    }
    let verdicts: Vec<_> = execution.verdicts.iter().collect();
    let merged = merge(&verdicts, execution.final_input);
    let code = if merged.blocks() { exit::BLOCK } else { exit::OK };
    let document = Document::new(&args.event, merged, execution.records);
    crate::output::write_json(&document, args.pretty).map_err(|e| Error::Io(format!("cannot write the decision: {e}")))?;
    Ok(ExitCode::from(code))
}

/// hookrun's own nesting depth, from `HOOKRUN_DEPTH` (0 when unset or unreadable).
fn current_depth() -> u32 {
    std::env::var("HOOKRUN_DEPTH").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(0)
}
