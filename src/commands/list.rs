//! `hookrun list [EVENT]`: every hook hookrun sees, grouped by source file, with its dialect,
//! events, matcher (and how it compares), `if`, command, normalised timeout, mode and whether it
//! is enabled — as aligned text or JSON. With EVENT, only the hooks registered for it. A file
//! that cannot be loaded, or any error `validate` would report, is shown on stderr and the command
//! exits 1, after listing the rest.

use std::fmt::Write as _;
use std::process::ExitCode;

use serde::Serialize;

use crate::cli::{Cli, ListArgs, ReportFormat};
use crate::commands::{load_config, project_dir};
use crate::config::duration::format_duration;
use crate::error::Error;
use crate::model::{EventSelector, Handler, Hook, Mode};
use crate::output::color::{self, Painter};
use crate::{exit, output};

#[derive(Debug, Serialize)]
struct ListedSource {
    source: String,
    dialect: &'static str,
    /// `managed`, `user`, `project`, `local`, `plugin`, or `named` (`-c`).
    level: &'static str,
    /// For a project file with hooks: `trusted`, `untrusted` or `changed` (`hookrun trust`).
    #[serde(skip_serializing_if = "Option::is_none")]
    trust: Option<&'static str>,
    hooks: Vec<ListedHook>,
}

#[derive(Debug, Serialize)]
pub(super) struct ListedHook {
    name: String,
    pub(super) events: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    matcher: Option<ListedMatcher>,
    #[serde(rename = "if", skip_serializing_if = "Option::is_none")]
    condition: Option<String>,
    /// `command`, or the handler type hookrun cannot run (`http`, `prompt`, …).
    handler: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    command: Option<String>,
    /// A built-in guard's name (`guard = "rm-rf"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    guard: Option<&'static str>,
    /// A prompt or agent hook's prompt.
    #[serde(skip_serializing_if = "Option::is_none")]
    prompt: Option<String>,
    /// The model a prompt or agent hook names.
    #[serde(skip_serializing_if = "Option::is_none")]
    model: Option<String>,
    /// The body an http hook sends instead of the payload, as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    payload_template: Option<serde_json::Map<String, serde_json::Value>>,
    /// A plugin hook's manifest, as `hookrun-wasm` is given it (name, version, component,
    /// resources with PRX's defaults, permissions, config, state directory).
    #[serde(skip_serializing_if = "Option::is_none")]
    plugin: Option<serde_json::Value>,
    timeout: String,
    timeout_ms: u128,
    mode: &'static str,
    enabled: bool,
    fail_closed: bool,
    /// Its program is hookrun itself (an entry `install` wrote): the text list shows these as one
    /// row per source (`list_own.rs`).
    #[serde(skip)]
    pub(super) runs_hookrun: bool,
}

#[derive(Debug, Serialize)]
struct ListedMatcher {
    pattern: String,
    /// How it compares: `all`, `exact`, `substring`, `prefix` or `regex`.
    kind: &'static str,
}

pub(crate) fn run(cli: &Cli, args: &ListArgs) -> Result<ExitCode, Error> {
    let project_dir = project_dir(cli)?;
    let config = load_config(cli, &project_dir);
    // The errors `validate` would report (an invalid regex, a handler hookrun cannot run), not
    // only the loaders': `list` fails exactly when `validate` does.
    let mut problems = config.diagnostics.clone();
    problems.extend(crate::validate::check(&config, &project_dir));
    for problem in &mut problems {
        if problem.code.is_some_and(crate::dialects::validate_error) {
            problem.severity = crate::config::diagnostics::Severity::Error;
        }
    }
    let errors: Vec<_> = problems.iter().filter(|d| d.is_error()).collect();
    if !errors.is_empty() {
        crate::stderr::say!("{}\n", crate::config::diagnostics::render_errors(&problems));
    }
    let store = crate::trust::Store::load();
    let trusts = crate::trust::assess(&config, &project_dir, &store, None);
    let listed: Vec<ListedSource> = config
        .sources
        .iter()
        .enumerate()
        .map(|(index, source)| ListedSource {
            source: source.display.clone(),
            dialect: source.dialect.name(),
            level: source.level.name(),
            trust: trusts.iter().find(|t| t.source == index).map(|t| {
                if cli.global.trust_project {
                    "trusted"
                } else {
                    t.state.word()
                }
            }),
            hooks: config
                .hooks
                .iter()
                .filter(|hook| hook.source == index)
                .filter(|hook| {
                    args.event
                        .as_deref()
                        .is_none_or(|e| hook.dialect.fires_on(&hook.events, e))
                })
                .map(listed)
                .collect(),
        })
        .filter(|source| args.event.is_none() || !source.hooks.is_empty())
        .collect();
    let written = match args.chosen_format() {
        ReportFormat::Json => output::write_json(&listed, false),
        ReportFormat::Human => {
            let painter = Painter::new(color::stdout_enabled(cli.global.color));
            output::write_stdout(human(&listed, args.event.as_deref(), painter).as_bytes())
        }
    };
    written.map_err(Error::output("the list"))?;
    Ok(ExitCode::from(if errors.is_empty() {
        exit::OK
    } else {
        exit::FAILURE
    }))
}

fn listed(hook: &Hook) -> ListedHook {
    let events = match &hook.events {
        EventSelector::Named(name) => vec![name.clone()],
        EventSelector::Patterns(patterns) => patterns.clone(),
        EventSelector::Typed { kind, phases } => phases
            .iter()
            .map(|phase| format!("{kind}.{phase}"))
            .collect(),
    };
    let (handler, command, ask) = match &hook.handler {
        Handler::Command(form) => ("command".to_owned(), Some(form.display()), None),
        Handler::Http(http) => ("http".to_owned(), Some(http.url.clone()), None),
        Handler::Prompt(ask) => ("prompt".to_owned(), None, Some(ask)),
        Handler::Agent(ask) => ("agent".to_owned(), None, Some(ask)),
        Handler::Plugin(plugin) => (
            "plugin".to_owned(),
            Some(plugin.wasm.display().to_string()),
            None,
        ),
        Handler::Guard(_) => ("guard".to_owned(), None, None),
        Handler::Unsupported { kind } => (kind.clone(), None, None),
    };
    ListedHook {
        name: hook.name.clone(),
        events,
        matcher: hook.matcher.pattern().map(|pattern| ListedMatcher {
            pattern: pattern.to_owned(),
            kind: hook.matcher.kind_name(),
        }),
        condition: hook.condition.clone(),
        handler,
        command,
        guard: match &hook.handler {
            Handler::Guard(guard) => Some(guard.name()),
            _ => None,
        },
        prompt: ask.map(|ask| ask.prompt.clone()),
        model: ask.and_then(|ask| ask.model.clone()),
        payload_template: match &hook.handler {
            Handler::Http(http) => http.payload_template.as_deref().cloned(),
            _ => None,
        },
        plugin: match &hook.handler {
            Handler::Plugin(plugin) => serde_json::to_value(plugin).ok(),
            _ => None,
        },
        timeout: format_duration(hook.timeout),
        timeout_ms: hook.timeout.as_millis(),
        mode: match hook.mode {
            Mode::Filter => "filter",
            Mode::Observe => "observe",
        },
        enabled: hook.enabled,
        fail_closed: hook.fail_closed,
        runs_hookrun: match &hook.handler {
            Handler::Command(form) => crate::plan::runs_hookrun(form),
            _ => false,
        },
    }
}

const COLUMNS: [&str; 8] = [
    "NAME", "EVENTS", "MATCHER", "IF", "TIMEOUT", "MODE", "ENABLED", "COMMAND",
];

/// One block per source: a header line, then an aligned table of its hooks.
fn human(sources: &[ListedSource], event: Option<&str>, painter: Painter) -> String {
    let mut out = String::new();
    if sources.is_empty() {
        let _ = match event {
            Some(event) => writeln!(out, "no hook is registered for {event}"),
            None => writeln!(out, "no hook configuration found"),
        };
        return out;
    }
    for source in sources {
        let count = match source.hooks.len() {
            1 => "1 hook".to_owned(),
            n => format!("{n} hooks"),
        };
        let trust = source
            .trust
            .map(|word| format!(", {word}"))
            .unwrap_or_default();
        let header = format!(
            "{} ({}, {} level{trust}, {count})",
            source.source, source.dialect, source.level
        );
        let _ = writeln!(out, "{}", painter.paint(color::HEADER, &header));
        let rows = super::list_own::rows(&source.hooks, row);
        let mut widths = COLUMNS.map(str::len);
        for row in &rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let heading = COLUMNS.map(str::to_owned);
        let _ = writeln!(
            out,
            "{}",
            painter.paint(color::DIM, &line(&heading, &widths))
        );
        for row in &rows {
            let _ = writeln!(out, "{}", line(row, &widths));
        }
        out.push('\n');
    }
    out
}

fn row(hook: &ListedHook) -> [String; 8] {
    let or_dash = |text: Option<String>| text.unwrap_or_else(|| "-".to_owned());
    [
        hook.name.clone(),
        hook.events.join(","),
        or_dash(
            hook.matcher
                .as_ref()
                .map(|m| format!("{} ({})", m.pattern, m.kind)),
        ),
        or_dash(hook.condition.clone()),
        hook.timeout.clone(),
        hook.mode.to_owned(),
        if hook.enabled { "yes" } else { "no" }.to_owned(),
        hook.command
            .clone()
            .or_else(|| hook.guard.map(|guard| format!("(guard) {guard}")))
            .or_else(|| {
                let prompt = hook.prompt.as_deref()?;
                let line = prompt.lines().next().unwrap_or_default();
                Some(format!("({}) {line}", hook.handler))
            })
            .unwrap_or_else(|| format!("({} handler: not run)", hook.handler)),
    ]
}

fn line(cells: &[String; 8], widths: &[usize; 8]) -> String {
    let mut out = String::from("  ");
    for (index, (cell, width)) in cells.iter().zip(widths).enumerate() {
        if index + 1 == cells.len() {
            out.push_str(cell);
        } else {
            let _ = write!(out, "{cell:<width$}  ");
        }
    }
    out
}
