//! `hookrun install promptkit`: one filter hook per gating phase in the project's `runtime.yaml`
//! (`spec.hooks.hookrun-<type>-<phase>`), added to the file's block YAML line by line so every
//! other line stays as written. PromptKit runs a hook without a shell, in its own working
//! directory, and sets no project variable: the entry names the project with `-C` and its
//! absolute path. Eval hooks are left out: PromptKit ignores their answer. A missing file is
//! created as a minimal `RuntimeConfig` holding only these hooks.

use crate::install::json::Json;
use crate::install::yaml::{self, Entry};
use crate::install::{Action, Edit, Installer, Invocation, Unfit};

pub(crate) static INSTALL: Promptkit = Promptkit;

pub(crate) struct Promptkit;

/// The events installed: every phase of the types whose answer PromptKit reads or obeys.
const EVENTS: &[&str] = &[
    "provider.before_call",
    "provider.after_call",
    "tool.before_execution",
    "tool.after_execution",
    "session.session_start",
    "session.session_update",
    "session.session_end",
];

/// What a file install creates starts with.
const NEW_FILE: &str = "apiVersion: promptkit.altairalabs.ai/v1alpha1\nkind: RuntimeConfig\nmetadata:\n  name: hookrun\n";

impl Installer for Promptkit {
    fn project_file(&self) -> Option<&'static str> {
        Some("runtime.yaml")
    }

    fn edit(&self, text: Option<&str>, how: &Invocation, action: Action) -> Result<Edit, Unfit> {
        yaml::edit(text, NEW_FILE, &entries(how), action)
    }
}

fn quoted(text: &str) -> String {
    Json::str(text).render("").trim_end().to_owned()
}

fn entries(how: &Invocation) -> Vec<Entry> {
    let project = how.project_dir.to_string_lossy();
    EVENTS
        .iter()
        .map(|event| {
            let (kind, phase) = event.split_once('.').expect("typed events");
            let args = ["-C", &project, "fire", "--output", "promptkit", event]
                .map(quoted)
                .join(", ");
            Entry {
                key: format!("hookrun-{kind}-{phase}"),
                event: (*event).to_owned(),
                fields: vec![
                    format!("command: {}", quoted(&how.program)),
                    format!("args: [{args}]"),
                    format!("hook: {kind}"),
                    format!("phases: [{phase}]"),
                    "mode: filter".to_owned(),
                ],
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialects::promptkit::PromptkitHook;

    #[test]
    fn every_gating_phase_of_every_type_is_installed() {
        let expected: Vec<String> = PromptkitHook::ALL
            .into_iter()
            .filter(|hook| hook.gates())
            .flat_map(|hook| {
                hook.phases()
                    .iter()
                    .map(move |p| format!("{}.{p}", hook.name()))
            })
            .collect();
        assert_eq!(EVENTS, expected);
    }
}
