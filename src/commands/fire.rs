//! `hookrun fire EVENT`: payload in, hooks run, one decision document out.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::Value;

use crate::cache::Pending;
use crate::cli::{Cli, FireArgs};
use crate::commands::{dry_run, fire_log, load_options, project_dir};
use crate::engine;
use crate::error::Error;
use crate::merge::{Merged, merge};
use crate::model::Dialect;
use crate::model::answer::{Decision, Said};
use crate::output::agents;
use crate::output::document::Document;
use crate::plan::{self, MAX_DEPTH, PlanInput};
use crate::sources::LoadOptions;
use crate::verdict::{Outcome, Verdict};
use crate::{exit, payload, runner};

#[path = "fire_notes.rs"]
mod notes;

pub(crate) fn run(cli: &Cli, args: &FireArgs) -> Result<ExitCode, Error> {
    let started = Instant::now();
    // The agent hookrun answers as; `None` for its own document.
    let agent: Option<Dialect> = args.output.output().map(|_| args.output);
    // A dry run is not a fire: it is never logged.
    let log = args.log.as_deref().filter(|_| !args.dry_run);
    let result = fire(cli, args, agent, log, started).or_else(|error| match error {
        Error::Config(errors) if args.strict && agent.is_none() && !args.dry_run => {
            strict_config_block(cli, args, errors, log, started)
        }
        error => Err(error),
    });
    let result = result.map_err(|error| match (agent, error) {
        (Some(agent), error) if !matches!(error, Error::Interrupted(_)) => Error::Agent {
            agent,
            error: Box::new(error),
        },
        (_, error) => error,
    });
    if let (Some(path), Err(error)) = (log, &result) {
        fire_log::append_failure(path, &args.event, error, started);
    }
    result
}

/// `--strict` fails closed on a configuration error, as on any other failure: the errors go to
/// stderr, and the answer is a deny naming them (exit 2) instead of hookrun's own failure (exit
/// 1), which an agent may read as "proceed". No hook runs. (With `--output <agent>` a failure is
/// already that agent's block.)
fn strict_config_block(
    cli: &Cli,
    args: &FireArgs,
    errors: Vec<crate::config::diagnostics::Diagnostic>,
    log: Option<&Path>,
    started: Instant,
) -> Result<ExitCode, Error> {
    let count = errors.iter().filter(|d| d.is_error()).count();
    crate::stderr::say!(
        "hookrun: {}\nhookrun: --strict: blocking, as the configuration has {count} error{}",
        crate::config::diagnostics::render_errors(&errors),
        if count == 1 { "" } else { "s" }
    );
    let first = errors
        .iter()
        .find(|d| d.is_error())
        .map_or_else(String::new, |d| {
            let at = match (d.line, d.column) {
                (0, _) => d.file.clone(),
                (line, 0) => format!("{}:{line}", d.file),
                (line, column) => format!("{}:{line}:{column}", d.file),
            };
            format!(": {at}: {}", d.message)
        });
    let more = match count {
        0 | 1 => String::new(),
        n => format!(" (and {} more)", n - 1),
    };
    let verdict = Verdict {
        outcome: Outcome::Blocking,
        decision: Decision::Deny,
        reason: Some(format!(
            "hookrun --strict: the configuration has errors, so no hook ran{first}{more}"
        )),
        error: None,
        said: Said::default(),
        ignored_decision: None,
        reasons: crate::model::answer::Reasons::Winning,
    };
    let document = Document::new(&args.event, merge(&[&verdict], None), Vec::new());
    crate::output::write_json(&document, args.pretty).map_err(Error::output("the decision"))?;
    // The project dir was found: a configuration error comes after it.
    if let (Some(path), Ok(dir)) = (log, project_dir(cli)) {
        let error = Error::Config(errors);
        fire_log::append_failed_closed(path, &document, (exit::BLOCK, &error), &dir, started);
    }
    Ok(ExitCode::from(exit::BLOCK))
}

/// Warnings about what fire itself changes (a blocked PRX variable it skips) always show; the
/// others with `-v`.
fn show_warnings(cli: &Cli, config: &crate::sources::Config) {
    for warning in &config.diagnostics {
        if cli.global.verbose || warning.code.is_some() {
            crate::stderr::say!("{warning}");
        }
    }
}

/// An answer of nothing, with the reason on stderr, when the agent that started this run also
/// runs hookrun through its own entry for the event
/// ([`DialectSpec::answered_by_own_entry`](crate::model::dialect::DialectSpec::answered_by_own_entry)).
fn stepped_aside(
    args: &FireArgs,
    agent: Option<Dialect>,
    project_dir: &Path,
) -> Result<Option<ExitCode>, Error> {
    let Some(agent) = agent else {
        return Ok(None);
    };
    let Some(why) = crate::dialects::ALL
        .iter()
        .find_map(|dialect| dialect.answered_by_own_entry(agent, &args.event, project_dir))
    else {
        return Ok(None);
    };
    crate::stderr::say!("hookrun: {why}");
    let nothing = crate::model::answer::Merged {
        continue_: true,
        ..crate::model::answer::Merged::default()
    };
    let answer = agents::answer(agent, &args.event, &nothing);
    agents::emit(&answer, args.pretty).map_err(Error::output("the decision"))?;
    Ok(Some(ExitCode::from(answer.code)))
}

/// `HOOKRUN_DEPTH`, said on stderr when it is too deep for any hook to run.
fn depth_said() -> u32 {
    let depth = current_depth();
    if depth >= MAX_DEPTH {
        crate::stderr::say!(
            "hookrun: warning: HOOKRUN_DEPTH is {depth} (limit {MAX_DEPTH}): running no hooks"
        );
    }
    depth
}

fn fire(
    cli: &Cli,
    args: &FireArgs,
    agent: Option<Dialect>,
    log: Option<&Path>,
    started: Instant,
) -> Result<ExitCode, Error> {
    let project_dir = project_dir(cli)?;
    if let Some(code) = stepped_aside(args, agent, &project_dir)? {
        return Ok(code);
    }
    let options = load_options(cli, &project_dir);
    let (mut config, pending) = load(cli, args, &options);
    notes::loaded(cli, args, &config, &project_dir);
    checked(cli, &mut config)?;
    notes::terminal_stdin(args);
    let payload = payload::read(args.payload.as_deref(), &args.set, args.max_payload)?;
    let request = engine::Request {
        event: &args.event,
        project_dir: &project_dir,
        agent,
        depth: depth_said(),
        strict: args.strict,
        timeout_cap: args.timeout,
        verbose: cli.global.verbose,
        log,
        trust_project: cli.global.trust_project,
    };
    let (screened, partial) = cached_hooks(&mut config, pending, &request.input(payload.value()))?;
    let planned = plan_steps(&options, &mut config, partial, &request, payload.value())?;
    notes::planned(cli, args, &config, &planned.steps, agent, screened);
    if args.dry_run {
        return dry_run::print(&config, &planned.steps, &args.event, args.pretty);
    }
    let recorded_payload = args.record.as_ref().map(|_| payload.map().clone());
    if planned.runs_any() {
        runner::signals::install().map_err(Error::system("install signal handlers"))?;
    }
    let fired = engine::run(&config, &planned, payload, &request).map_err(Error::Runner)?;
    let merged = fired.merged;
    notes::merged(cli, &merged);
    let interrupted = after_the_hooks(fired.interrupted, &merged)?;
    // An interrupted fire ran only some of its hooks: it is not recorded as a test.
    let recorded_payload = recorded_payload.filter(|_| !interrupted);
    let write_error = |e: std::io::Error| Error::output("the decision")(e);
    let (code, document) = if let Some(agent) = agent {
        let answer = agents::answer(agent, &args.event, &merged);
        if let (Some(file), Some(payload)) = (&args.record, &recorded_payload) {
            let printed = answer.json.clone().unwrap_or(Value::Null);
            let output = Some(agent.name());
            record(
                cli,
                args,
                file,
                (&project_dir, output),
                payload,
                &printed,
                answer.code,
            )?;
        }
        agents::emit(&answer, args.pretty).map_err(write_error)?;
        let document = Document::new(&args.event, merged, fired.records);
        (answer.code, document)
    } else {
        let code = if merged.blocks() {
            exit::BLOCK
        } else {
            exit::OK
        };
        let document = Document::new(&args.event, merged, fired.records);
        if let (Some(file), Some(payload)) = (&args.record, &recorded_payload) {
            let printed = serde_json::to_value(&document).map_err(|source| Error::Encode {
                what: "the decision",
                source,
            })?;
            record(
                cli,
                args,
                file,
                (&project_dir, None),
                payload,
                &printed,
                code,
            )?;
        }
        crate::output::write_json(&document, args.pretty).map_err(write_error)?;
        (code, document)
    };
    if let Some(path) = log {
        fire_log::append(path, &document, code, &project_dir, started);
    }
    // hookrun ends with this fire: freeing each loaded hook's strings one by one gives nothing
    // back (~10 % of the instructions of a fire that reads 500 hooks from the cache).
    std::mem::forget(config);
    Ok(ExitCode::from(code))
}

/// The configuration: from the cache when it holds (its hooks read once the payload is known,
/// `Some`), else from the files. `-v` and `--dry-run` show every hook, so they read the files.
fn load<'a>(
    cli: &Cli,
    args: &'a FireArgs,
    options: &LoadOptions<'a>,
) -> (crate::sources::Config, Option<Pending<'a>>) {
    if args.no_cache || args.dry_run || cli.global.verbose {
        return (crate::sources::load(options), None);
    }
    crate::cache::load_for_event(options, &args.event)
}

/// A cached configuration gets its hooks once the payload is known, without those the payload
/// rules out by their matcher or `if` rule alone (a skip a plain fire does not list). Returns how
/// many those were, and whether the configuration holds only the event's hooks.
fn cached_hooks(
    config: &mut crate::sources::Config,
    pending: Option<Pending<'_>>,
    input: &PlanInput<'_>,
) -> Result<(usize, bool), Error> {
    let Some(pending) = pending else {
        return Ok((0, false));
    };
    if let Some(screened) = pending.read_hooks(config, |hook| plan::rules_out(hook, input)) {
        return Ok((screened, true));
    }
    // A damaged cache: the files were loaded instead. Its warnings were shown from the cache's
    // index, which held: the files it checked are those just loaded.
    if config.has_errors() {
        return Err(Error::Config(std::mem::take(&mut config.diagnostics)));
    }
    Ok((0, false))
}

/// A configuration with errors ends the fire; its warnings are shown.
fn checked(cli: &Cli, config: &mut crate::sources::Config) -> Result<(), Error> {
    if config.has_errors() {
        return Err(Error::Config(std::mem::take(&mut config.diagnostics)));
    }
    show_warnings(cli, config);
    Ok(())
}

/// The plan and its trust gate. A cached configuration has no file text for an error to point
/// into: on an error the files are loaded and planned again, so the report is the one they give.
fn plan_steps(
    options: &LoadOptions<'_>,
    config: &mut crate::sources::Config,
    partial: bool,
    request: &engine::Request<'_>,
    payload: &Value,
) -> Result<engine::Planned, Error> {
    match engine::plan(config, request, payload) {
        Ok(planned) => Ok(planned),
        Err(_) if partial => {
            *config = crate::sources::load(options);
            engine::plan(config, request, payload).map_err(Error::Config)
        }
        Err(errors) => Err(Error::Config(errors)),
    }
}

/// Once the hooks have run, a signal ends hookrun at once (128+signal). One received while they
/// ran ends the fire with no document, unless a blocking decision (deny, ask, stop) was reached
/// before it: that still stands, as answering nothing would read as "proceed" to most agents.
/// Returns whether hookrun was interrupted.
fn after_the_hooks(interrupted: Option<i32>, merged: &Merged) -> Result<bool, Error> {
    runner::signals::exit_at_once();
    let Some(signal) = interrupted.or_else(runner::signals::received) else {
        return Ok(false);
    };
    if !merged.blocks() {
        return Err(Error::Interrupted(signal));
    }
    crate::stderr::say!(
        "hookrun: interrupted by {}: answering the blocking decision reached before it",
        runner::terminate::signal_name(signal)
    );
    Ok(true)
}

/// `--record FILE`: appends this fire as a test, before the document is printed (so a failure to
/// record is an error, not a silent loss).
fn record(
    cli: &Cli,
    args: &FireArgs,
    file: &std::path::Path,
    (project_dir, output): (&std::path::Path, Option<&str>),
    payload: &serde_json::Map<String, Value>,
    printed: &Value,
    code: u8,
) -> Result<(), Error> {
    let context = crate::testfile::record::Context {
        project_dir,
        config: &cli.global.config,
        strict: args.strict,
        output,
    };
    let name = crate::testfile::record::append(file, &context, &args.event, payload, printed, code)
        .map_err(Error::file("record to", file))?;
    if cli.global.verbose {
        crate::stderr::say!("hookrun: recorded test {name:?} in {}", file.display());
    }
    Ok(())
}

/// hookrun's own nesting depth, from `HOOKRUN_DEPTH` (0 when unset or unreadable).
fn current_depth() -> u32 {
    std::env::var("HOOKRUN_DEPTH")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}
