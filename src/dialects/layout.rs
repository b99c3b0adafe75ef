//! Files at a dialect's path written in another layout: another agent's (a Claude settings file
//! at `.cursor/hooks.json`), hooks outside the key the dialect reads them from (events at the
//! top of a settings file, `[[hooks]]` in `hookrun.toml`). Such a file loads with errors or with
//! no hooks; this names the layout, as an error, so that it never passes as "0 hooks".
//!
//! Looked at only when a file gave errors or no hook: a file that loads hooks costs nothing.

use crate::config::diagnostics::{Diagnostic, Severity};
use crate::config::locate::Step;
use crate::model::load::DialectLoad;
use crate::model::{Dialect, Source};

use super::{ALL, CLAUDE, CODEX, GEMINI, HOOKRUN, OPENHANDS, by_content};

/// Adds an error naming the layout of `source` when it is not its dialect's and explains why
/// `loaded` has errors or no hooks.
pub(crate) fn check(source: &Source, loaded: &mut DialectLoad) {
    let failed = loaded.diagnostics.iter().any(Diagnostic::is_error);
    if !failed && !loaded.hooks.is_empty() {
        return;
    }
    if failed {
        if let Some(other) = foreign(source) {
            loaded.diagnostics.push(
                Diagnostic::whole_file(
                    Severity::Error,
                    &source.display,
                    format!(
                        "{} is written in {other}'s layout, not {}'s",
                        source.display, source.dialect
                    ),
                )
                .with_help(format!(
                    "move it to {other}'s file ({}), or rewrite it in {}'s layout",
                    other.discovery().first().copied().unwrap_or("-c FILE"),
                    source.dialect
                )),
            );
        }
        return;
    }
    if let Some(diagnostic) = hooks_outside_their_key(source) {
        loaded.diagnostics.push(diagnostic);
    }
}

/// Another dialect whose layout the file's content has. Gemini's, Codex's and OpenHands' files
/// share Claude's layout, so Claude's shape is no news there.
fn foreign(source: &Source) -> Option<Dialect> {
    let other = by_content(&source.text)?;
    let family = |d: Dialect| {
        if d == GEMINI || d == CODEX || d == OPENHANDS {
            CLAUDE
        } else {
            d
        }
    };
    (family(other) != family(source.dialect)).then_some(other)
}

/// Hooks written where the dialect does not read them: event names at the top level of a JSON
/// file (they belong under `hooks`), or `hooks` in `hookrun.toml` (whose tables are `[[hook]]`).
/// OpenHands reads events at the top level too (its file's bare form).
fn hooks_outside_their_key(source: &Source) -> Option<Diagnostic> {
    if source.dialect == OPENHANDS {
        return None;
    }
    let root = source
        .dialect
        .format_of(&source.path)
        .parse(&source.display, &source.text)?;
    let (key, message, help) = if source.dialect == HOOKRUN {
        root.get("hooks")?;
        (
            "hooks",
            "`[[hooks]]` (or `[hooks]`) is not read: hookrun.toml's hooks are `[[hook]]` tables"
                .to_owned(),
            "rename `[[hooks]]` to `[[hook]]`, each with `events` and `command`".to_owned(),
        )
    } else {
        let (event, _) = root.as_object()?.iter().find(|(key, value)| {
            value.as_array().is_some() && ALL.iter().any(|d| d.is_known_event(key))
        })?;
        (
            event,
            format!(
                "`{event}` is at the top level of {}: {} reads hooks only under `hooks`",
                source.display, source.dialect
            ),
            format!("move it into \"hooks\": {{\"{event}\": …}}"),
        )
    };
    let position = source.position(&[Step::Key(key.into())], true);
    Some(
        Diagnostic::at(
            Severity::Error,
            &source.display,
            &source.text,
            position,
            message,
        )
        .with_help(help),
    )
}
