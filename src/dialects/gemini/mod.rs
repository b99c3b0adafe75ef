//! Gemini CLI: `.gemini/settings.json`, Claude's shape with timeouts in milliseconds and a few
//! fields of its own ([`load`]). Matchers are regexes on the trimmed text (an invalid one compares
//! as the exact string); the lifecycle events compare their matcher as an exact name. Hooks get
//! `GEMINI_*` variables (and `CLAUDE_PROJECT_DIR`; `GEMINI_PLANS_DIR`: [`plans`]), also replaced
//! in the command text as Gemini replaces them ([`vars`]), and run under `bash -c` as in Gemini
//! ([`shell`]); `--output gemini` answers with Gemini's `decision` /
//! `hookSpecificOutput`, steering fields included.

mod install;
pub(crate) mod load;
mod plans;
mod reading;
mod shell;
mod vars;

use crate::config::sources::{env_dir, home_path, system_path};
use crate::model::Level;
use crate::model::dialect::SourceFile;
use serde_json::{Map, Value};

use crate::config::locate::Step;
use crate::matching::{Flavour, Syntax, Target};
use crate::model::Dialect;
use crate::model::answer::{
    Answer, Decision, Merged, Policy, Reasons, Steer, decision_word, joined, put, stop_fields,
};
use crate::model::dialect::{AgentOutput, DialectSpec, EventContext, Shape, Sniff, TimeoutRule};
use crate::model::editing::{Editing, Fixed, Layout, Switch, TimeUnit, TimeoutKey};
use crate::model::hook::{CommandForm, Hook};
use crate::model::load::{DialectLoad, LoadContext};

/// The Gemini CLI dialect.
pub(crate) const GEMINI: Dialect = Dialect::new(&Gemini);
/// Gemini compiles the trimmed matcher as a regex; one that does not compile is compared as the
/// exact string.
pub(crate) const FLAVOUR: Flavour = Flavour::TrimmedRegexOrExact(Syntax::EcmaScript);

struct Gemini;

/// Gemini CLI hook events (`HookEventName` in gemini-cli `hooks/types.ts`).
const EVENTS: &[&str] = &[
    "BeforeTool",
    "AfterTool",
    "BeforeAgent",
    "AfterAgent",
    "BeforeModel",
    "AfterModel",
    "BeforeToolSelection",
    "SessionStart",
    "SessionEnd",
    "Notification",
    "PreCompress",
];

impl DialectSpec for Gemini {
    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    fn name(&self) -> &'static str {
        "gemini"
    }

    fn editing(&self, _path: &std::path::Path) -> Option<Editing> {
        Some(EDITING)
    }

    fn discovery(&self) -> &'static [&'static str] {
        &[".gemini/settings.json"]
    }

    /// gemini-cli reads settings as `JSON.parse(stripJsonComments(content))`
    /// (`packages/cli/src/config/settings.ts:785`).
    fn json_comments(&self) -> bool {
        true
    }

    /// The system defaults, the user's settings, then the system settings (each path as Gemini
    /// CLI finds it: its `GEMINI_CLI_SYSTEM_*_PATH` variables override the system ones).
    fn outside_files(&self) -> Vec<SourceFile> {
        let system = |var: &str, file: &str| {
            env_dir(var).unwrap_or_else(|| {
                system_path(
                    &format!("/etc/gemini-cli/{file}"),
                    &format!("/Library/Application Support/GeminiCli/{file}"),
                )
            })
        };
        let mut files = vec![SourceFile::at(
            system("GEMINI_CLI_SYSTEM_DEFAULTS_PATH", "system-defaults.json"),
            Level::Managed,
        )];
        if let Some(user) = home_path(".gemini/settings.json") {
            files.push(SourceFile::at(user, Level::User));
        }
        files.push(SourceFile::at(
            system("GEMINI_CLI_SYSTEM_SETTINGS_PATH", "settings.json"),
            Level::Managed,
        ));
        files
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        parent == ".gemini" && file == "settings.json"
    }

    fn recognises(&self, _sniff: Sniff) -> bool {
        // Its files are Claude's shape: told only by their path.
        false
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    fn target(&self, event: &str) -> Target {
        target(event)
    }

    fn runs_named_command_once(&self) -> bool {
        // `HookPlanner.deduplicateHooks`, keyed by `name:command`.
        true
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        crate::dialects::payload::EVENT_NAME
    }

    fn environment(&self, _: &Hook, ctx: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        let vars::Values {
            project,
            cwd,
            session,
            plans,
        } = vars::Values::of(ctx);
        let mut env = vec![
            ("GEMINI_PROJECT_DIR".to_owned(), project.clone()),
            ("GEMINI_CWD".to_owned(), cwd),
            ("GEMINI_SESSION_ID".to_owned(), session),
            ("CLAUDE_PROJECT_DIR".to_owned(), project),
        ];
        env.extend(plans.map(|dir| ("GEMINI_PLANS_DIR".to_owned(), dir)));
        env
    }

    fn expand_command(&self, form: &CommandForm, ctx: &EventContext<'_>) -> Option<CommandForm> {
        match form {
            CommandForm::Shell(text) => {
                vars::expand(text, &vars::Values::of(ctx)).map(CommandForm::Shell)
            }
            CommandForm::Exec { .. } => None,
        }
    }

    fn project_dir_vars(&self) -> &'static [&'static str] {
        &["GEMINI_PROJECT_DIR"]
    }

    fn shell(&self) -> &'static std::ffi::OsStr {
        shell::shell()
    }

    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        Policy {
            read_output: Some(reading::read),
            reasons: reasons(event),
            ..Policy::filter(hook)
        }
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&GeminiOutput)
    }

    fn timeout_rule(&self) -> TimeoutRule {
        TimeoutRule {
            unit: "milliseconds",
            ..crate::model::dialect::default_timeout_rule()
        }
    }

    fn matcher_path(&self, entry: &[Step]) -> Option<Vec<Step>> {
        crate::dialects::claude::group_matcher(entry)
    }
}

/// How Gemini's `HookAggregator.mergeOutputs` joins several hooks' reasons on `event`: the
/// decision events (`mergeWithOrDecision`) join every reason and every stop reason; on the
/// others a later hook's field replaces an earlier one's (`mergeWithFieldReplacement`,
/// `mergeSimple`).
fn reasons(event: &str) -> Reasons {
    match event {
        "BeforeTool" | "AfterTool" | "BeforeAgent" | "AfterAgent" | "SessionStart" => Reasons::All,
        _ => Reasons::Last,
    }
}

/// What a Gemini matcher is tested against, by event.
pub(crate) fn target(event: &str) -> Target {
    match event {
        "BeforeTool" | "AfterTool" => Target::Name("tool_name"),
        "SessionStart" => Target::ExactName("source"),
        "SessionEnd" => Target::ExactName("reason"),
        "PreCompress" => Target::ExactName("trigger"),
        // Gemini passes no matcher context for Notification and the agent/model events.
        _ => Target::None,
    }
}

/// `--output gemini`.
struct GeminiOutput;

impl AgentOutput for GeminiOutput {
    fn answer(&self, event: &str, merged: &Merged) -> Answer {
        gemini(event, merged)
    }

    fn failure(&self, message: &str) -> Answer {
        // Gemini reads exit codes as Claude does: only exit 2 blocks, with stderr as the reason.
        crate::dialects::claude::output::exit_two(message)
    }
}

fn gemini(event: &str, m: &Merged) -> Answer {
    let mut out = Map::new();
    // Gemini knows `ask` only on BeforeTool; elsewhere its consumers ignore an ask, so hookrun
    // sends the deny it means.
    let ask = m.decision == Decision::Ask;
    let decision = if ask && event != "BeforeTool" {
        Decision::Deny
    } else {
        m.decision
    };
    put(&mut out, "decision", decision_word(decision));
    put(&mut out, "reason", m.reason.clone());
    put(
        &mut out,
        "systemMessage",
        system_message(ask && event == "BeforeTool", m),
    );
    stop_fields(&mut out, m, "continue", "stopReason");
    let mut specific = Map::new();
    put(
        &mut specific,
        "additionalContext",
        joined(&[&m.additional_context, &m.agent_message]),
    );
    put(&mut specific, "tool_input", m.updated_input.clone());
    steer(&mut specific, event, &m.steer);
    if !specific.is_empty() {
        specific.insert("hookEventName".into(), event.into());
        out.insert("hookSpecificOutput".into(), Value::Object(specific));
    }
    Answer::ok(out)
}

/// The `systemMessage`. On a `BeforeTool` ask (`asks`) it is all Gemini's confirmation shows
/// (gemini-cli-core 0.61.0: `details.systemMessage = deps.systemMessage` in
/// `dist/src/scheduler/confirmation.js` lines 81-82, from `beforeOutput.systemMessage` in
/// `scheduler/hook-utils.js` line 40), never the reason, so hookrun adds the reason after the
/// messages, joined with `\n` as Gemini's `HookAggregator` joins several hooks' `systemMessage`s
/// and reasons (`hooks/hookAggregator.js` lines 145-150), unless the messages already hold it.
fn system_message(asks: bool, m: &Merged) -> Option<String> {
    let messages = joined(&[&m.system_message, &m.user_message]);
    let said = |reason: &String| {
        messages
            .as_ref()
            .is_some_and(|t| t.contains(reason.as_str()))
    };
    let reason = m.reason.clone().filter(|reason| asks && !said(reason));
    joined(&[&messages, &reason])
}

/// The [`Steer`] fields under the `hookSpecificOutput` keys of the event whose consumer reads
/// them (`AfterAgentHookOutput.shouldClearContext`, `getTailToolCallRequest` after a tool,
/// `BeforeModelHookOutput`, `AfterModelHookOutput`, `BeforeToolSelectionHookOutput`).
fn steer(specific: &mut Map<String, Value>, event: &str, steer: &Steer) {
    let keys: &[(&str, &Option<Value>)] = match event {
        "AfterTool" => &[("tailToolCallRequest", &steer.tail_tool_call)],
        "BeforeModel" => &[
            ("llm_request", &steer.updated_model_request),
            ("llm_response", &steer.model_response),
        ],
        "AfterModel" => &[("llm_response", &steer.model_response)],
        "BeforeToolSelection" => &[("toolConfig", &steer.tool_config)],
        _ => &[],
    };
    for (key, value) in keys {
        put(specific, key, (*value).clone());
    }
    if event == "AfterAgent" && steer.clear_context {
        specific.insert("clearContext".into(), true.into());
    }
}

#[cfg(test)]
#[path = "output_tests.rs"]
mod tests;

/// Gemini's settings as `hookrun hooks` edits them: command handlers in matcher groups, timeouts
/// in milliseconds, and `hooksConfig.enabled` for the whole file.
const EDITING: Editing = Editing {
    layout: Layout::Groups,
    timeout: TimeoutKey {
        key: "timeout",
        unit: TimeUnit::Milliseconds,
        aliases: &[],
    },
    file_switch: Some(Switch {
        path: &["hooksConfig", "enabled"],
        off: false,
    }),
    entry_keys: &[("type", Fixed::Str("command"))],
    ..Editing::shell_entries()
};
