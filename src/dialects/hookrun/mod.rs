//! hookrun's own `hookrun.toml` (and `.hookrun.toml`, and the user-level file): `[[hooks]]` tables
//! that may name any agent's events (`events`, with `*` and prefix patterns). A hook's matcher is
//! read as Claude reads one, against the target the event has in the first agent that gives it
//! one; hooks get the payload with `hook_event_name`; a rewrite replaces the tool input whole.
//! `--output hookrun` is hookrun's own decision document.

mod events;
pub(crate) mod http;
mod kinds;
mod load;

use std::path::Path;

use crate::config::format::Format;
use crate::dialects::{CLAUDE, CURSOR, GEMINI, PRAISON, PROXYAI};
use crate::matching::{Flavour, Syntax, Target};
use crate::model::Dialect;
use crate::model::Level;
use crate::model::answer::Policy;
use crate::model::dialect::{DialectSpec, EventContext, Shape, Sniff, SourceFile, TimeoutRule};
use crate::model::editing::{CommandKeys, Editing, Layout, Switch};
use crate::model::hook::{CommandForm, Hook};
use crate::model::load::{DialectLoad, LoadContext};
use crate::payload::template;

/// hookrun's own dialect.
pub(crate) const HOOKRUN: Dialect = Dialect::new(&Hookrun);
/// hookrun reads matchers as Claude does, in Rust's `regex` syntax.
pub(crate) const FLAVOUR: Flavour = Flavour::NamesOrRegex(Syntax::Rust);

struct Hookrun;

impl DialectSpec for Hookrun {
    fn name(&self) -> &'static str {
        "hookrun"
    }

    fn editing(&self, _path: &Path) -> Option<Editing> {
        Some(EDITING)
    }

    fn discovery(&self) -> &'static [&'static str] {
        &["hookrun.toml", ".hookrun.toml"]
    }

    fn outside_files(&self) -> Vec<SourceFile> {
        crate::config::sources::user_config_path()
            .into_iter()
            .map(|path| SourceFile::at(path, Level::User))
            .collect()
    }

    fn claims_path(&self, _parent: &str, file: &str) -> bool {
        Path::new(file)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    }

    fn recognises(&self, _sniff: Sniff) -> bool {
        // Told by the `.toml` extension.
        false
    }

    fn format(&self) -> Format {
        Format::Toml
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        // Every agent's names are hookrun's: see `is_known_event`.
        &[]
    }

    /// Any agent's event name, `*`, or a prefix pattern ending in `*` (`prx.lifecycle.*`).
    fn is_known_event(&self, event: &str) -> bool {
        event.ends_with('*')
            || crate::dialects::ALL
                .iter()
                .filter(|d| d.name() != self.name())
                .any(|d| d.is_known_event(event))
    }

    /// The event is looked up in the claude, cursor, proxyai, gemini and praison tables in that
    /// order, and the first that gives it a target wins (so `stop` gets proxyai's
    /// `status`/`reason` even though Cursor also has a target-less `stop`); hookrun always uses
    /// its own matcher semantics, so Gemini's exact lifecycle comparison becomes a normal name.
    fn target(&self, event: &str) -> Target {
        [CLAUDE, CURSOR, PROXYAI, GEMINI, PRAISON]
            .into_iter()
            .map(|dialect| dialect.target(event))
            .find(|target| *target != Target::None)
            .map_or(Target::None, |target| match target {
                Target::ExactName(field) => Target::Name(field),
                other => other,
            })
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        crate::dialects::payload::EVENT_NAME
    }

    /// The design note's placeholders a command names (`$tool_input_path`, `$session_id`,
    /// `$timestamp`, `$event`), as variables of those names: a shell command reads them as
    /// variables, quoted as it quotes any (the book, "Template values").
    fn environment(&self, hook: &Hook, ctx: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        let Some(form) = hook.command() else {
            return Vec::new();
        };
        let values = template_values(ctx);
        match form {
            CommandForm::Shell(text) if text.contains('$') => {
                template::shell_variables(text, &values)
            }
            CommandForm::Exec { args, .. } => args
                .iter()
                .filter(|arg| arg.contains('$'))
                .flat_map(|arg| template::shell_variables(arg, &values))
                .collect(),
            CommandForm::Shell(_) => Vec::new(),
        }
    }

    /// An exec-form command's arguments with the design note's placeholders filled in, each
    /// still one argument (the book, "Template values").
    fn expand_command(&self, form: &CommandForm, ctx: &EventContext<'_>) -> Option<CommandForm> {
        let CommandForm::Exec { program, args } = form else {
            return None;
        };
        if !args.iter().any(|arg| arg.contains('$')) {
            return None;
        }
        let values = template_values(ctx);
        Some(CommandForm::Exec {
            program: program.clone(),
            args: args
                .iter()
                .map(|arg| template::expand_text(arg, &values))
                .collect(),
        })
    }

    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        Policy {
            text_is_context: crate::dialects::claude::text_is_context(event),
            ..Policy::filter(hook)
        }
    }

    fn rewrite_replaces_input(&self) -> bool {
        true
    }

    fn timeout_rule(&self) -> TimeoutRule {
        TimeoutRule {
            unit: "a duration",
            ..crate::model::dialect::default_timeout_rule()
        }
    }
}

fn template_values<'a>(ctx: &EventContext<'a>) -> template::Values<'a> {
    template::Values {
        payload: ctx.payload,
        event: ctx.event,
        timestamp: ctx.timestamp,
    }
}

/// hookrun.toml as `hookrun hooks` edits it: `[[hook]]` tables (the edit layer's `toml_hooks`
/// knows their keys), with a switch per hook and one for the file.
const EDITING: Editing = Editing {
    layout: Layout::Tables,
    command: CommandKeys::Exec {
        program: "command",
        args: "args",
    },
    file_switch: Some(Switch::ENABLED),
    hook_switch: Some(Switch::ENABLED),
    env: Some("env"),
    ..Editing::shell_entries()
};
