//! A `[[hook]]` table's `events` checked against the events hookrun knows: every dialect's own
//! names (each knows its own: `known_events`), `*`, and prefix patterns such as
//! `prx.lifecycle.*` (`HOOKRUN.is_known_event`). A name close to a known event is reported where
//! it is written, with that event: a typo (`PreToolUze`) would make the hook never run, so a guard
//! would be missing without a word. A name close to none is the project's own event, fired by
//! `hookrun fire NAME` (a CI step, say), and is not reported. `fire` shows the warning and still runs the file; `validate`
//! reports it as an error (the [`UNKNOWN_EVENT`] code).

use crate::config::diagnostics::{Severity, UNKNOWN_EVENT, did_you_mean};
use crate::config::locate::Step;
use crate::config::reader::{Reader, child_index};
use crate::dialects::{ALL, HOOKRUN};

/// Reports each of `events` (the list at `path`) that no agent fires but is close to one that
/// does: a typo. A name close to none is the project's own event (`hookrun fire my-ci-step`),
/// which is not reported.
pub(super) fn check(reader: &mut Reader<'_>, events: &[String], path: &[Step]) {
    let mut known: Option<Vec<&str>> = None;
    for (index, event) in events.iter().enumerate() {
        if HOOKRUN.is_known_event(event) {
            continue;
        }
        let known = known.get_or_insert_with(every_known_event);
        let Some(close) = did_you_mean(event, known) else {
            continue;
        };
        let diagnostic = reader.report(
            Severity::Warning,
            &child_index(path, index),
            false,
            format!("no agent fires an event named `{event}`"),
        );
        diagnostic.help = Some(format!("did you mean `{close}`?"));
        diagnostic.code = Some(UNKNOWN_EVENT);
    }
}

/// Every dialect's event names, the candidates of a did-you-mean.
fn every_known_event() -> Vec<&'static str> {
    ALL.iter()
        .flat_map(|dialect| dialect.known_events())
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::diagnostics::Diagnostic;
    use crate::config::locate_toml::locate_toml;

    fn diagnostics(text: &str, events: &[&str]) -> Vec<Diagnostic> {
        let mut reader = Reader::new("hookrun.toml", text, locate_toml);
        let events: Vec<String> = events.iter().map(|e| (*e).to_owned()).collect();
        let path = [
            Step::Key("hook".into()),
            Step::Index(0),
            Step::Key("events".into()),
        ];
        check(&mut reader, &events, &path);
        reader.diagnostics
    }

    #[test]
    fn any_agents_event_a_star_and_a_prefix_pattern_are_known() {
        let events = [
            "PreToolUse",
            "beforeShellExecution",
            "BeforeTool",
            "*",
            "prx.lifecycle.*",
        ];
        let text = format!("[[hook]]\nevents = {events:?}\ncommand = \"true\"\n");
        assert!(diagnostics(&text, &events).is_empty());
    }

    #[test]
    fn a_misspelt_event_is_coded_and_suggests_the_closest_known_one() {
        let text = "[[hook]]\nevents = [\"Stop\", \"PreToolUze\"]\ncommand = \"true\"\n";
        let found = diagnostics(text, &["Stop", "PreToolUze"]);
        assert_eq!(found.len(), 1, "{found:#?}");
        let typo = &found[0];
        assert_eq!(typo.code, Some(UNKNOWN_EVENT));
        assert_eq!(typo.severity, Severity::Warning);
        assert_eq!(typo.help.as_deref(), Some("did you mean `PreToolUse`?"));
        assert_eq!(
            (typo.line, typo.column),
            (2, 19),
            "the caret is at the string"
        );
    }

    #[test]
    fn a_name_close_to_no_agents_event_is_the_projects_own_and_not_reported() {
        let text = "[[hook]]\nevents = [\"my-ci-step\"]\ncommand = \"true\"\n";
        assert!(diagnostics(text, &["my-ci-step"]).is_empty());
    }
}
