//! What `fire` says on stderr besides the hooks' own warnings: the `-v` trace (what was loaded,
//! planned and merged) and the notes that keep a fire from doing nothing silently — an event no
//! agent fires, a project without configuration, a terminal stdin, an agent's own files skipped.
//! Each note is computed only when it applies: a fire that runs hooks pays one comparison.

use std::io::IsTerminal as _;
use std::path::Path;

use crate::cli::{Cli, FireArgs};
use crate::config::diagnostics::did_you_mean;
use crate::dialects;
use crate::merge::Merged;
use crate::model::Dialect;
use crate::plan::{Skip, Step};
use crate::sources::Config;

/// After loading: the `-v` trace of each file, and the note when there is none at all.
pub(super) fn loaded(cli: &Cli, args: &FireArgs, config: &Config, project_dir: &Path) {
    if cli.global.verbose {
        trace_loaded(config);
    }
    if !args.quiet && config.sources.is_empty() {
        no_configuration(cli, project_dir);
    }
}

/// After planning: the `-v` trace of the plan, and the notes when nothing runs.
pub(super) fn planned(
    cli: &Cli,
    args: &FireArgs,
    config: &Config,
    steps: &[Step],
    agent: Option<Dialect>,
    screened: usize,
) {
    if cli.global.verbose {
        trace_plan(config, steps, &args.event);
    }
    if !args.quiet {
        after_planning(config, steps, &args.event, agent, screened);
    }
}

/// After the merge: the `-v` trace of the decision.
pub(super) fn merged(cli: &Cli, merged: &Merged) {
    if cli.global.verbose {
        trace_merged(merged);
    }
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// `-v`: each file loaded, with its dialect and hook count.
fn trace_loaded(config: &Config) {
    if config.sources.is_empty() {
        crate::stderr::say!("hookrun: loaded no configuration file");
    }
    for (index, source) in config.sources.iter().enumerate() {
        let count = config.hooks.iter().filter(|h| h.source == index).count();
        crate::stderr::say!(
            "hookrun: loaded {} ({}): {count} hook{}",
            source.display,
            source.dialect,
            plural(count)
        );
    }
}

/// `-v`: how many of the hooks registered for the event run, and why each other one does not.
fn trace_plan(config: &Config, steps: &[Step], event: &str) {
    let registered: Vec<&Step> = steps
        .iter()
        .filter(|step| !matches!(step.skip, Some(Skip::Event)))
        .collect();
    let running = registered.iter().filter(|step| step.skip.is_none()).count();
    crate::stderr::say!(
        "hookrun: planned {event}: {running} of {} hook{} to run",
        registered.len(),
        plural(registered.len())
    );
    for step in registered {
        if let Some(skip) = step.skip.as_ref().filter(|skip| !skip.is_notable()) {
            let hook = step.hook(config);
            crate::stderr::say!(
                "hookrun: hook `{}` not run: {}",
                hook.name,
                skip.describe(&hook)
            );
        }
    }
}

/// `-v`: the merged decision.
fn trace_merged(merged: &Merged) {
    let mut line = format!("hookrun: decision: {}", merged.decision.name());
    if let Some(reason) = &merged.reason {
        line.push_str(" (");
        line.push_str(reason.lines().next().unwrap_or_default());
        line.push(')');
    }
    if !merged.continue_ {
        line.push_str(", stop");
    }
    crate::stderr::say!("{line}");
}

/// No file of any dialect exists: the fire runs nothing, and says where it looked.
fn no_configuration(cli: &Cli, project_dir: &Path) {
    let looked: Vec<&str> = dialects::ALL
        .iter()
        .flat_map(|dialect| dialect.discovery().iter().copied())
        .collect();
    let user = if cli.global.no_user_config {
        ""
    } else {
        " or at the user level"
    };
    crate::stderr::say!(
        "hookrun: note: no hook configuration found in {}{user} (looked for {} and {} more); \
         no hook runs",
        project_dir.display(),
        looked[..3.min(looked.len())].join(", "),
        looked.len().saturating_sub(3)
    );
}

/// A person at a terminal who typed `hookrun fire EVENT` is told what hookrun waits for.
pub(super) fn terminal_stdin(args: &FireArgs) {
    let event = &args.event;
    if !args.quiet
        && args.payload.is_none()
        && args.set.is_empty()
        && std::io::stdin().is_terminal()
    {
        crate::stderr::say!(
            "hookrun: reading the {event} payload (a JSON object) from the terminal; end it with \
             Ctrl-D, or give --payload FILE or --set key=value"
        );
    }
}

/// After planning: an event no agent fires and no hook is registered for (did you mean…?), and an
/// agent's own files skipped by `--output` when nothing else runs. `screened`: hooks registered
/// for the event that the cache left out (their matcher or `if` rule ruled them out).
fn after_planning(
    config: &Config,
    steps: &[Step],
    event: &str,
    agent: Option<Dialect>,
    screened: usize,
) {
    if steps.iter().any(|step| step.skip.is_none()) {
        return;
    }
    if screened == 0
        && steps
            .iter()
            .all(|step| matches!(step.skip, Some(Skip::Event)))
    {
        unknown_event(event);
    }
    let Some(agent) = agent else { return };
    let mut own: Vec<&str> = Vec::new();
    for step in steps {
        if matches!(step.skip, Some(Skip::OwnDialect(_))) {
            let source = config.sources[config.hooks[step.hook].source]
                .display
                .as_str();
            if !own.contains(&source) {
                own.push(source);
            }
        }
    }
    if !own.is_empty() {
        crate::stderr::say!(
            "hookrun: note: --output {agent} skips {} ({agent} runs its own hooks) and no other \
             hook is registered for {event}; name a file with -c to run it here",
            own.join(", ")
        );
    }
}

fn unknown_event(event: &str) {
    if dialects::ALL.iter().any(|d| d.is_known_event(event)) {
        return;
    }
    let known: Vec<&str> = dialects::ALL
        .iter()
        .flat_map(|d| d.known_events().iter().copied())
        .collect();
    let hint = did_you_mean(event, &known).map_or_else(
        || " (`hookrun list` shows the events hooks are registered for)".to_owned(),
        |close| format!("; did you mean `{close}`?"),
    );
    crate::stderr::say!(
        "hookrun: warning: no agent fires an event named `{event}` and no hook is registered for it{hint}"
    );
}
