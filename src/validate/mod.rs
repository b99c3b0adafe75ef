//! `hookrun validate`'s own checks (the book, "Validating configuration"): the ones that compile or
//! resolve something — matcher regexes, `if` rules, programs on disk — plus timeouts against each
//! dialect's maximum, event names the loaders leave unchecked, hook names used twice, and handler
//! types hookrun cannot run.
//! Syntax, types, unknown keys, a dialect's event names and its security rules are the loaders'
//! diagnostics (`Config::diagnostics`); none of this runs on `fire`'s start-up path.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use crate::config::diagnostics::{Diagnostic, Severity, did_you_mean};
use crate::config::duration::format_duration;
use crate::config::locate::Step;
use crate::config::locate_index::PositionIndex;
use crate::dialects::HOOKRUN;
use crate::matching::{MatcherError, Rule};
use crate::model::dialect::TimeoutRule;
use crate::model::{EventSelector, Handler};
use crate::sources::Config;

mod fields;
mod http;
mod names;
mod plugin;
mod program;
mod variables;

use fields::Site;

/// One finding, with the word that tells whether a loader already reported it at that position.
struct Finding {
    diagnostic: Diagnostic,
    topic: &'static str,
}

impl Finding {
    fn help(mut self, help: impl Into<String>) -> Finding {
        self.diagnostic.help = Some(help.into());
        self
    }
}

impl Site<'_> {
    /// A finding about this hook at `position` of its file.
    fn report(
        &self,
        severity: Severity,
        topic: &'static str,
        position: (usize, usize),
        message: String,
    ) -> Finding {
        let line = self.positions.lines.line(position.0);
        let diagnostic =
            Diagnostic::at_line(severity, &self.source.display, line, position, message);
        Finding { diagnostic, topic }
    }
}

/// Runs every check on the loaded hooks; returns the problems the loaders did not already report.
pub(crate) fn check(config: &Config, project_dir: &Path) -> Vec<Diagnostic> {
    let docs: Vec<_> = config.sources.iter().map(fields::document).collect();
    let positions: Vec<_> = config
        .sources
        .iter()
        .map(|source| PositionIndex::new(&source.text, source.dialect.format_of(&source.path)))
        .collect();
    let sites: Vec<Site<'_>> = config
        .hooks
        .iter()
        .map(|hook| Site {
            hook,
            source: &config.sources[hook.source],
            doc: docs[hook.source].as_ref(),
            positions: &positions[hook.source],
        })
        .collect();
    let llm = crate::execute::prompt::llm_table(&config.sources);
    let mut findings = Vec::new();
    let policy = crate::execute::http::outbound_policy(config);
    for site in &sites {
        check_events(site, &mut findings);
        check_matcher(site, &mut findings);
        check_condition(site, &mut findings);
        check_timeout(site, &mut findings);
        check_handler(site, project_dir, &policy, &llm, &mut findings);
    }
    names::check(&sites, &mut findings);
    plugin::duplicates(&sites, &mut findings);
    // The loaders' diagnostics by place, so that each finding is looked up, not searched for.
    let mut loaders: HashMap<(&str, usize, usize), Vec<&str>> = HashMap::new();
    for d in &config.diagnostics {
        loaders
            .entry((d.file.as_str(), d.line, d.column))
            .or_default()
            .push(&d.message);
    }
    let mut out: Vec<Diagnostic> = Vec::new();
    let mut seen: HashSet<(String, usize, usize, String)> = HashSet::new();
    for Finding { diagnostic, topic } in findings {
        let place = (diagnostic.file.as_str(), diagnostic.line, diagnostic.column);
        let reported = loaders
            .get(&place)
            .is_some_and(|messages| messages.iter().any(|m| m.contains(topic)));
        if reported {
            continue;
        }
        let key = (
            diagnostic.file.clone(),
            diagnostic.line,
            diagnostic.column,
            diagnostic.message.clone(),
        );
        if seen.insert(key) {
            out.push(diagnostic);
        }
    }
    out
}

/// Event names the hook's dialect does not know. (`hookrun.toml`'s event patterns are checked by
/// its loader, so that `fire` warns about them too.)
fn check_events(site: &Site<'_>, findings: &mut Vec<Finding>) {
    let hook = site.hook;
    if matches!(hook.handler, Handler::Plugin(_)) {
        // A plugin's patterns are bus topics of any name: its loader checks their spelling.
        return;
    }
    match &hook.events {
        EventSelector::Named(event) if !hook.dialect.is_known_event(event) => {
            let known = hook.dialect.known_events();
            let help = did_you_mean(event, known).map_or_else(
                || format!("{} events: {}", hook.dialect, known.join(", ")),
                |close| format!("did you mean `{close}`?"),
            );
            let position = match hook
                .entry
                .iter()
                .position(|s| *s == Step::Key(event.as_str().into()))
            {
                Some(at) => site.locate(&hook.entry[..=at], true),
                None => site.field("event", &[]),
            };
            let message = format!("unknown {} event `{event}`", hook.dialect);
            findings.push(
                site.report(Severity::Warning, "event", position, message)
                    .help(help),
            );
        }
        _ => {}
    }
}

fn check_matcher(site: &Site<'_>, findings: &mut Vec<Finding>) {
    let hook = site.hook;
    // Where the dialect writes a hook's matcher when not in its own entry (Claude's groups).
    let group = hook.dialect.matcher_path(&hook.entry);
    let position = || site.field("matcher", group.as_slice());
    if let Err(error) = hook.matcher.check() {
        let help = "escape regex characters with \\, or list exact names separated by |";
        findings.push(
            site.report(
                Severity::Error,
                "matcher",
                position(),
                regex_message(&error),
            )
            .help(help),
        );
    } else if let Some(error) = hook.matcher.fallback_reason() {
        let compared = hook.matcher.fallback_compares();
        let message = format!(
            "{}; {} compares it as {compared}",
            regex_message(&error),
            hook.dialect
        );
        let help = "fix the regex, or escape it if the text is meant literally";
        findings.push(
            site.report(Severity::Warning, "matcher", position(), message)
                .help(help),
        );
    }
}

/// The regex engine explains on several lines (pattern, caret, error); a diagnostic's message is
/// one line: the pattern and the engine's last line.
fn regex_message(error: &MatcherError) -> String {
    let reason = error
        .message
        .lines()
        .rev()
        .find(|line| !line.trim().is_empty())
        .unwrap_or_default()
        .trim()
        .trim_start_matches("error: ");
    format!("invalid matcher regex `{}`: {reason}", error.pattern)
}

fn check_condition(site: &Site<'_>, findings: &mut Vec<Finding>) {
    let Some(text) = &site.hook.condition else {
        return;
    };
    if let Err(error) = Rule::parse(text).and_then(|rule| rule.check()) {
        let help = "write `Tool` or `Tool(spec)`, e.g. `Bash(rm *)` or `Edit(src/**)`";
        let position = site.field("if", &[]);
        findings.push(
            site.report(Severity::Error, "`if`", position, error.to_string())
                .help(help),
        );
    }
}

fn check_timeout(site: &Site<'_>, findings: &mut Vec<Finding>) {
    let hook = site.hook;
    let TimeoutRule {
        max,
        severity,
        key,
        unit,
    } = hook.dialect.timeout_rule();
    // A plugin's time is `max_execution_time_ms`, which the companion enforces.
    if hook.timeout <= max || matches!(hook.handler, Handler::Plugin(_)) {
        return;
    }
    let position = site.field(key, &[vec![Step::Key(key.into())]]);
    let message = format!(
        "hook `{}`: timeout {} is over the {} maximum of {}",
        hook.name,
        format_duration(hook.timeout),
        hook.dialect,
        format_duration(max)
    );
    let help = format!("`{key}` counts {unit}; a hook should answer in seconds, not hours");
    findings.push(
        site.report(severity, "timeout", position, message)
            .help(help),
    );
}

fn check_handler(
    site: &Site<'_>,
    project_dir: &Path,
    policy: &crate::net::Policy,
    llm: &crate::llm::LlmTable,
    findings: &mut Vec<Finding>,
) {
    let hook = site.hook;
    match &hook.handler {
        Handler::Unsupported { kind } => {
            let message = format!(
                "hook `{}`: handler type `{kind}` is not supported by hookrun: it never runs, so its guard is missing",
                hook.name
            );
            let help = "use a \"command\" hook, or run this one from the agent itself";
            let position = site.field("type", &[]);
            findings.push(
                site.report(Severity::Error, "type", position, message)
                    .help(help),
            );
        }
        Handler::Prompt(ask) | Handler::Agent(ask) => {
            if ask.prompt.trim().is_empty() {
                let message = format!("hook `{}`: its `prompt` is empty", hook.name);
                let position = site.field("prompt", &[]);
                findings.push(
                    site.report(Severity::Error, "prompt", position, message)
                        .help(
                            "say what the model should check; `$ARGUMENTS` stands for the payload",
                        ),
                );
            }
            if let Err(problem) = crate::execute::prompt::endpoint(llm, ask) {
                let message = format!("hook `{}`: it cannot ask a model: {problem}", hook.name);
                let position = site.field("prompt", &[]);
                findings.push(
                    site.report(Severity::Error, "provider", position, message)
                        .help("docs/reference/hook-kinds.md, \"Providers\": ANTHROPIC_API_KEY, or [llm] in the user-level hookrun.toml"),
                );
            }
        }
        Handler::Http(http) => http::check(site, http, policy, findings),
        // Its name was checked when the file was read; nothing else can be wrong with it.
        Handler::Guard(_) => {}
        Handler::Plugin(wasm) => plugin::check(site, wasm, findings),
        Handler::Command(form) => {
            if let crate::model::CommandForm::Shell(text) = form
                && hook.dialect == HOOKRUN
                && let Some(placeholder) = crate::payload::template::shell_unsupported(text)
            {
                let message = format!(
                    "hook `{}`: `{placeholder}` is no shell variable: a nested path works in exec form only",
                    hook.name
                );
                let position = site.field("command", &[]);
                findings.push(
                    site.report(Severity::Error, "placeholder", position, message)
                        .help(
                            "give the arguments in `args` (exec form), or use $tool_input_<field>",
                        ),
                );
            }
            let unset = variables::unset(hook, project_dir);
            if !unset.is_empty() {
                let names: Vec<String> = unset.iter().map(|name| format!("${name}")).collect();
                let message = format!(
                    "hook `{}`: its command needs {} which will be unset when it runs",
                    hook.name,
                    names.join(", ")
                );
                let position = site.field("command", &[]);
                findings.push(
                    site.report(Severity::Error, "unset", position, message).help(
                        "set it in the hook's `env`, export it where the agent starts, or give a default (`${VAR:-…}`)",
                    ),
                );
            }
            if let Some(problem) = program::check(hook, project_dir) {
                let message = format!("hook `{}`: {}", hook.name, problem.message);
                let position = site.field("command", &[]);
                findings.push(
                    site.report(Severity::Warning, "command", position, message)
                        .help(problem.help),
                );
            }
        }
    }
}
