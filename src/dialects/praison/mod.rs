//! PraisonAI, in two files. `.praison/hooks.json` (`{"hooks": [{event, command, matcher?, …}]}`),
//! as praisonai's `HooksHandler.register_from_config` loads it and praisonaiagents' `HookRunner`
//! runs it. Events compare case-insensitively; matchers are Python `re.match` regexes (anchored
//! at the start; an invalid one is searched as a substring). Hooks get the payload as
//! `json.dumps` writes it with `event_name`, `PRAISON_*` variables, and `$PRAISON_CWD` /
//! `$PRAISON_PROJECT_DIR` replaced in the command text. Their results are read by PraisonAI's own
//! rules ([`answer`]), failing closed, and only the first deny's reason is reported.
//!
//! `.praisonai/hooks.json` (`{"hooks": {"pre_run_command": "./validate.sh", …}}`), as
//! `praisonai hooks init` writes it and praisonaiagents' `HooksManager` runs it: its own events,
//! commands without a shell, context in `PRAISON_HOOK_*` variables, a failure blocking only with
//! `block_on_failure` ([`manager`], [`manager_run`]).

mod answer;
mod install;
mod load;
mod manager;
mod manager_run;
mod payload;
mod shlex;

#[cfg(test)]
mod event_tests {
    #[test]
    fn all_events_are_both_files_events() {
        let both: Vec<&str> = super::EVENTS
            .iter()
            .chain(super::manager::EVENTS)
            .copied()
            .collect();
        assert_eq!(super::ALL_EVENTS, both.as_slice());
    }
}

use serde_json::Value;

use crate::matching::{Flavour, Syntax, Target};
use crate::model::Dialect;
use crate::model::answer::Policy;
use crate::model::dialect::{DialectSpec, EventContext, Shape, Sniff};
use crate::model::hook::{CommandForm, EventSelector, Hook};
use crate::model::load::{DialectLoad, LoadContext};

/// The PraisonAI dialect.
pub(crate) const PRAISON: Dialect = Dialect::new(&Praison);
/// PraisonAI matches with Python's `re.match`; an invalid regex is searched as a substring.
pub(crate) const FLAVOUR: Flavour = Flavour::StartRegexOrSubstring(Syntax::Python);

/// `json.dumps` of the payload with the lower-case `event_name`.
const PYTHON_JSON: Shape = Shape {
    key: "praison.json_dumps",
    render: |ctx| std::rc::Rc::new(payload::render(ctx)),
};

struct Praison;

/// praison events `.praison/hooks.json` may name (compared case-insensitively).
const EVENTS: &[&str] = &[
    "before_tool",
    "after_tool",
    "before_agent",
    "after_agent",
    "session_start",
    "session_end",
];

/// Every event name of both files: `.praison/hooks.json`'s, then `.praisonai/hooks.json`'s
/// (compared exactly), for `validate`.
const ALL_EVENTS: &[&str] = &[
    "before_tool",
    "after_tool",
    "before_agent",
    "after_agent",
    "session_start",
    "session_end",
    "pre_read_code",
    "post_read_code",
    "pre_write_code",
    "post_write_code",
    "pre_run_command",
    "post_run_command",
    "pre_user_prompt",
    "post_user_prompt",
    "pre_mcp_tool_use",
    "post_mcp_tool_use",
];

impl DialectSpec for Praison {
    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    fn name(&self) -> &'static str {
        "praison"
    }

    fn discovery(&self) -> &'static [&'static str] {
        &[".praison/hooks.json", ".praisonai/hooks.json"]
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        (parent == ".praison" || parent == ".praisonai") && file == "hooks.json"
    }

    fn recognises(&self, sniff: Sniff) -> bool {
        sniff.hooks_array
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        if manager::is_manager_file(&ctx.source.path) {
            manager::load(ctx)
        } else {
            load::load(ctx)
        }
    }

    fn known_events(&self) -> &'static [&'static str] {
        ALL_EVENTS
    }

    fn folds_event_case(&self) -> bool {
        true
    }

    fn fires_on(&self, selector: &EventSelector, event: &str) -> bool {
        match selector {
            EventSelector::Named(name) => name.eq_ignore_ascii_case(event),
            // `.praisonai/hooks.json`: its `_hooks[event]`, an exact key.
            typed => manager::fires_on(typed, event),
        }
    }

    fn target(&self, event: &str) -> Target {
        target(event)
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        PYTHON_JSON
    }

    fn environment(&self, hook: &Hook, ctx: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        if manager::is_manager_hook(hook) {
            return match &hook.events {
                EventSelector::Typed { kind, .. } if *kind == manager::KIND => {
                    manager_run::environment(ctx.payload)
                }
                _ => Vec::new(),
            };
        }
        vec![
            crate::dialects::claude::project_dir("PRAISON_PROJECT_DIR", ctx),
            // `HookEvent.value`: the lower-case name.
            ("PRAISON_EVENT".to_owned(), ctx.event.to_ascii_lowercase()),
        ]
    }

    fn expand_command(&self, form: &CommandForm, ctx: &EventContext<'_>) -> Option<CommandForm> {
        match form {
            CommandForm::Shell(text) if text.contains("$PRAISON_") => {
                Some(CommandForm::Shell(expand(text, ctx)))
            }
            _ => None,
        }
    }

    fn project_dir_vars(&self) -> &'static [&'static str] {
        &["PRAISON_PROJECT_DIR"]
    }

    fn policy(&self, hook: &Hook, _event: &str) -> Policy {
        if manager::is_manager_hook(hook) {
            // `HooksManager`: a failure blocks only with `block_on_failure` (`fail_closed`).
            return Policy {
                can_block: true,
                fail_closed: hook.fail_closed,
                reads: Some(if hook.fail_closed {
                    manager_run::read_blocking
                } else {
                    manager_run::read
                }),
                ..Policy::default()
            };
        }
        Policy {
            // PraisonAI fails closed: a timeout, a crash or an unexpected exit code denies.
            fail_closed: true,
            text_is_context: true,
            reads: Some(answer::read),
            ..Policy::filter(hook)
        }
    }

    fn deny_ends_chain(&self, hook: &Hook, _event: &str) -> bool {
        // `HooksManager.execute` breaks out of its loop at the first blocking failure.
        manager::is_manager_hook(hook)
    }

    fn first_deny_reason_only(&self) -> bool {
        // `HookRunner.get_blocking_reason`: the first denying result's reason.
        true
    }
}

/// `HookRunner._expand_command`: `$PRAISON_PROJECT_DIR` becomes the project directory, then
/// `$PRAISON_CWD` the payload's `cwd` (the project directory when the payload has none), as
/// plain text replacements before the shell reads the command.
fn expand(command: &str, ctx: &EventContext<'_>) -> String {
    let project = ctx.project_dir.to_string_lossy();
    let cwd = match ctx.payload.get("cwd") {
        Some(Value::String(cwd)) => cwd.as_str(),
        _ => &project,
    };
    command
        .replace("$PRAISON_PROJECT_DIR", &project)
        .replace("$PRAISON_CWD", cwd)
}

/// What a PraisonAI matcher is tested against, by event.
pub(crate) fn target(event: &str) -> Target {
    // praison passes a target (the tool name) only for tool events; elsewhere it ignores
    // matchers (PraisonAI's `re.match`).
    if event.eq_ignore_ascii_case("before_tool") || event.eq_ignore_ascii_case("after_tool") {
        Target::Name("tool_name")
    } else {
        Target::None
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn expanded(command: &str, payload: &Value) -> Option<CommandForm> {
        let ctx = EventContext {
            event: "before_tool",
            project_dir: std::path::Path::new("/proj"),
            payload: payload.as_object().unwrap(),
            raw: None,
            timestamp: "",
        };
        Praison.expand_command(&CommandForm::Shell(command.into()), &ctx)
    }

    #[test]
    fn praison_variables_are_replaced_in_the_command_text() {
        let payload = json!({"cwd": "/work dir"});
        assert_eq!(
            expanded("sh $PRAISON_CWD/h.sh '$PRAISON_PROJECT_DIR'", &payload),
            Some(CommandForm::Shell("sh /work dir/h.sh '/proj'".into()))
        );
        assert_eq!(
            expanded("sh $PRAISON_CWD/h.sh", &json!({})),
            Some(CommandForm::Shell("sh /proj/h.sh".into()))
        );
        assert_eq!(expanded("sh ./h.sh $HOME", &payload), None);
    }

    #[test]
    fn praison_event_is_the_lower_case_name() {
        let payload = json!({});
        let ctx = EventContext {
            event: "BEFORE_TOOL",
            project_dir: std::path::Path::new("/proj"),
            payload: payload.as_object().unwrap(),
            raw: None,
            timestamp: "",
        };
        let hook = crate::model::hook::Hook::new(
            PRAISON,
            0,
            crate::model::EventSelector::Named("before_tool".into()),
            crate::model::Handler::Command(CommandForm::Shell("x".into())),
            "/proj".into(),
            std::time::Duration::from_secs(1),
            &[],
        );
        let env = Praison.environment(&hook, &ctx, b"");
        assert!(
            env.contains(&("PRAISON_EVENT".into(), "before_tool".into())),
            "{env:?}"
        );
    }
}
