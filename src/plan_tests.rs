//! Planning rules (the book, "Where hooks come from", "Matching"), tested on hand-built
//! configurations (no processes).

use std::path::PathBuf;
use std::time::Duration;

use serde_json::json;

use super::*;
use crate::dialects::promptkit::PromptkitHook;
use crate::dialects::{CLAUDE, CURSOR, GEMINI, HOOKRUN, PRAISON, PROMPTKIT, PRX};
use crate::matching::{Flavour, Matcher, Syntax};
use crate::model::{CommandForm, EventSelector, Handler, Mode, Source};

/// Whether `hook` is registered for `event`, as its dialect says.
fn fires_on(hook: &Hook, event: &str) -> bool {
    hook.dialect.fires_on(&hook.events, event)
}

fn source(display: &str, dialect: Dialect, explicit: bool) -> Source {
    let level = if explicit {
        crate::model::Level::Named
    } else {
        crate::model::Level::Project
    };
    Source::new(
        PathBuf::from(display),
        display.into(),
        dialect,
        String::new(),
        level,
    )
}

fn hook(name: &str, source: usize, dialect: Dialect, events: EventSelector, command: &str) -> Hook {
    let mut hook = Hook::new(
        dialect,
        source,
        events,
        Handler::Command(CommandForm::Shell(command.into())),
        PathBuf::from("/p"),
        Duration::from_secs(5),
        &[],
    );
    hook.name = name.into();
    hook
}

fn named(event: &str) -> EventSelector {
    EventSelector::Named(event.into())
}

fn plan_for(
    config: &Config,
    event: &str,
    payload: &serde_json::Value,
    own: Option<Dialect>,
) -> Vec<Option<Skip>> {
    let input = PlanInput {
        event,
        payload,
        project_dir: std::path::Path::new("/p"),
        own_dialect: own,
        depth: 0,
    };
    plan(config, &input)
        .expect("valid")
        .into_iter()
        .map(|s| s.skip)
        .collect()
}

fn config(sources: Vec<Source>, hooks: Vec<Hook>) -> Config {
    Config {
        sources,
        hooks,
        diagnostics: Vec::new(),
    }
}

#[test]
fn event_names_compare_by_dialect_rules() {
    let prx = hook("p", 0, PRX, named(" Tool-Call "), "x");
    assert!(fires_on(&prx, "tool_call"));
    assert!(fires_on(&prx, "prx.lifecycle.tool_call"));
    let praison = hook("r", 0, PRAISON, named("BEFORE_TOOL"), "x");
    assert!(fires_on(&praison, "before_tool"));
    let claude = hook("c", 0, CLAUDE, named("PreToolUse"), "x");
    assert!(fires_on(&claude, "PreToolUse"));
    assert!(!fires_on(&claude, "pretooluse"));
    assert!(
        !fires_on(&claude, "beforeToolUse"),
        "names are never translated between dialects"
    );
}

#[test]
fn hookrun_event_patterns_support_star_and_prefixes() {
    let patterns =
        |list: &[&str]| EventSelector::Patterns(list.iter().map(|s| (*s).to_owned()).collect());
    let all = hook("a", 0, HOOKRUN, patterns(&["*"]), "x");
    assert!(fires_on(&all, "anything"));
    let prefix = hook("b", 0, HOOKRUN, patterns(&["prx.lifecycle.*", "Stop"]), "x");
    assert!(fires_on(&prefix, "prx.lifecycle.tool_call"));
    assert!(fires_on(&prefix, "Stop"));
    assert!(!fires_on(&prefix, "prx.other"));
}

#[test]
fn promptkit_hooks_run_in_the_phases_their_type_owns() {
    let selector = |kind: PromptkitHook, phases: &[&str]| EventSelector::Typed {
        kind: kind.name(),
        phases: phases.iter().map(|s| (*s).to_owned()).collect(),
    };
    let tool = hook(
        "t",
        0,
        PROMPTKIT,
        selector(PromptkitHook::Tool, &["before_execution"]),
        "x",
    );
    assert!(fires_on(&tool, "before_execution"));
    assert!(fires_on(&tool, "tool.before_execution"));
    assert!(!fires_on(&tool, "provider.before_execution"));
    assert!(!fires_on(&tool, "after_execution"), "not in its phases");
    let no_phases = hook(
        "n",
        0,
        PROMPTKIT,
        selector(PromptkitHook::Provider, &[]),
        "x",
    );
    assert!(
        !fires_on(&no_phases, "before_call"),
        "a hook without phases never runs"
    );
    let wrong = hook(
        "w",
        0,
        PROMPTKIT,
        selector(PromptkitHook::Provider, &["before_execution"]),
        "x",
    );
    assert!(
        !fires_on(&wrong, "before_execution"),
        "a phase its type does not own"
    );
    let eval = hook("e", 0, PROMPTKIT, selector(PromptkitHook::Eval, &[]), "x");
    assert!(fires_on(&eval, "eval"));
}

#[test]
fn same_command_from_two_files_runs_once() {
    let config = config(
        vec![
            source("a.json", CURSOR, false),
            source("b.json", CURSOR, false),
        ],
        vec![
            hook("first", 0, CURSOR, named("stop"), "./same.sh"),
            hook("again-same-file", 0, CURSOR, named("stop"), "./same.sh"),
            hook("second", 1, CURSOR, named("stop"), "./same.sh"),
        ],
    );
    let skips = plan_for(&config, "stop", &json!({}), None);
    assert_eq!(skips[0], None);
    assert_eq!(
        skips[1], None,
        "dedup is across files only, unless the dialect runs a command once per event"
    );
    assert_eq!(skips[2], Some(Skip::Duplicate { of: "first".into() }));
}

#[test]
fn claude_runs_one_command_once_per_event_within_a_file_too() {
    let config = config(
        vec![source("a.json", CLAUDE, false)],
        vec![
            hook("first", 0, CLAUDE, named("Stop"), "./same.sh"),
            hook("again", 0, CLAUDE, named("Stop"), "./same.sh"),
        ],
    );
    let skips = plan_for(&config, "Stop", &json!({}), None);
    assert_eq!(skips[0], None);
    assert_eq!(skips[1], Some(Skip::Duplicate { of: "first".into() }));
}

#[test]
fn gemini_runs_a_name_and_command_once_within_one_file() {
    let written = |name: &str, written: Option<&str>| {
        let mut hook = hook(name, 0, GEMINI, named("BeforeTool"), "./same.sh");
        hook.written_name = written.map(str::to_owned);
        hook
    };
    let config = config(
        vec![source(".gemini/settings.json", GEMINI, false)],
        vec![
            written("guard", Some("guard")),
            // Names are made unique after loading; the written one decides.
            written("guard-2", Some("guard")),
            written("audit", Some("audit")),
            written("same", None),
            written("same-2", None),
        ],
    );
    let skips = plan_for(&config, "BeforeTool", &json!({}), None);
    assert_eq!(skips[0], None);
    assert_eq!(skips[1], Some(Skip::Duplicate { of: "guard".into() }));
    assert_eq!(skips[2], None, "Gemini's key is name:command");
    assert_eq!(skips[3], None);
    assert_eq!(skips[4], Some(Skip::Duplicate { of: "same".into() }));
}

#[test]
fn dedup_merges_only_into_a_run_that_blocks_all_the_copy_could() {
    let sources = || {
        vec![
            source("a", HOOKRUN, false),
            source("b", CLAUDE, false),
            source("c", PRX, false),
            source("d", PROMPTKIT, false),
        ]
    };
    let mut observe = hook("observe", 0, HOOKRUN, named("tool_call"), "./x");
    observe.mode = Mode::Observe;
    let prx = hook("prx", 2, PRX, named("tool_call"), "./x");
    let claude = hook("claude", 1, CLAUDE, named("tool_call"), "./x");
    // PRX hooks never block: a blocking copy after one runs too; an observe copy merges.
    let skips = plan_for(
        &config(sources(), vec![prx.clone(), claude.clone(), observe]),
        "tool_call",
        &json!({}),
        None,
    );
    assert_eq!(
        skips,
        [None, None, Some(Skip::Duplicate { of: "prx".into() })]
    );
    // A PromptKit filter copy (only `{"allow": true}` allows) is stricter than a Claude one.
    let mut filter = hook(
        "filter",
        3,
        PROMPTKIT,
        EventSelector::Typed {
            kind: PromptkitHook::Tool.name(),
            phases: vec!["before_execution".into(), "after_execution".into()],
        },
        "./x",
    );
    filter.fail_closed = true;
    let mut any = hook(
        "any",
        0,
        HOOKRUN,
        EventSelector::Patterns(vec!["*".into()]),
        "./x",
    );
    let event = "tool.before_execution";
    let skips = plan_for(
        &config(sources(), vec![any.clone(), filter.clone()]),
        event,
        &json!({}),
        None,
    );
    assert_eq!(skips, [None, None]);
    // The other way round the filter run covers the hookrun copy. The filter blocks in the
    // after phase too, so there both run; an observe copy cannot block, so it merges.
    let skips = plan_for(
        &config(sources(), vec![filter.clone(), any.clone()]),
        event,
        &json!({}),
        None,
    );
    assert_eq!(
        skips,
        [
            None,
            Some(Skip::Duplicate {
                of: "filter".into()
            })
        ]
    );
    let skips = plan_for(
        &config(sources(), vec![any.clone(), filter.clone()]),
        "tool.after_execution",
        &json!({}),
        None,
    );
    assert_eq!(skips, [None, None]);
    let mut watcher = filter;
    watcher.mode = Mode::Observe;
    watcher.fail_closed = false;
    let skips = plan_for(
        &config(sources(), vec![any.clone(), watcher]),
        "tool.after_execution",
        &json!({}),
        None,
    );
    assert_eq!(skips, [None, Some(Skip::Duplicate { of: "any".into() })]);
    // A fail-closed copy with a shorter timeout strengthens the run it merges into.
    let mut strict = hook("strict", 1, CLAUDE, named("Stop"), "./x");
    strict.fail_closed = true;
    strict.timeout = Duration::from_secs(1);
    any.timeout = Duration::from_secs(30);
    let config = config(sources(), vec![any, strict]);
    let input = PlanInput {
        event: "Stop",
        payload: &json!({}),
        project_dir: std::path::Path::new("/p"),
        own_dialect: None,
        depth: 0,
    };
    let steps = plan(&config, &input).expect("valid");
    let run = steps[0].hook(&config);
    assert!(run.fail_closed && run.timeout == Duration::from_secs(1));
    assert!(
        !config.hooks[0].fail_closed,
        "the configuration is left as loaded"
    );
    assert_eq!(steps[1].skip, Some(Skip::Duplicate { of: "any".into() }));
}

#[test]
fn a_hook_skipped_by_its_matcher_does_not_shadow_a_later_duplicate() {
    let mut narrow = hook("narrow", 0, CLAUDE, named("PreToolUse"), "./same.sh");
    narrow.matcher = Matcher::new(Some("Write"), Flavour::NamesOrRegex(Syntax::Rust));
    let config = config(
        vec![
            source("a.json", CLAUDE, false),
            source("b.json", CLAUDE, false),
        ],
        vec![
            narrow,
            hook("broad", 1, CLAUDE, named("PreToolUse"), "./same.sh"),
        ],
    );
    let skips = plan_for(&config, "PreToolUse", &json!({"tool_name": "Bash"}), None);
    assert_eq!(skips, vec![Some(Skip::Matcher), None]);
}

#[test]
fn own_dialect_sources_are_skipped_unless_named_with_c() {
    let config = config(
        vec![
            source(".claude/settings.json", CLAUDE, false),
            source("x.json", CLAUDE, true),
        ],
        vec![
            hook("found", 0, CLAUDE, named("Stop"), "a"),
            hook("named", 1, CLAUDE, named("Stop"), "b"),
        ],
    );
    let skips = plan_for(&config, "Stop", &json!({}), Some(CLAUDE));
    assert_eq!(skips, vec![Some(Skip::OwnDialect(CLAUDE)), None]);
}

#[test]
fn hooks_that_run_hookrun_are_never_run_from_discovery() {
    let config = config(
        vec![source("hookrun.toml", HOOKRUN, false)],
        vec![
            hook(
                "self",
                0,
                HOOKRUN,
                EventSelector::Patterns(vec!["*".into()]),
                "hookrun fire Stop",
            ),
            hook(
                "path",
                0,
                HOOKRUN,
                EventSelector::Patterns(vec!["*".into()]),
                "FOO=1 /usr/local/bin/hookrun fire X",
            ),
            hook(
                "other",
                0,
                HOOKRUN,
                EventSelector::Patterns(vec!["*".into()]),
                "echo hookrun",
            ),
        ],
    );
    assert_eq!(
        plan_for(&config, "Stop", &json!({}), None),
        vec![Some(Skip::Recursion), Some(Skip::Recursion), None]
    );
}

#[test]
fn disabled_unsupported_and_conditions_are_reported() {
    let mut disabled = hook("off", 0, CLAUDE, named("PreToolUse"), "a");
    disabled.enabled = false;
    let mut http = hook("web", 0, CLAUDE, named("PreToolUse"), "b");
    http.handler = Handler::Unsupported {
        kind: "http".into(),
    };
    let mut push_only = hook("push", 0, CLAUDE, named("PreToolUse"), "c");
    push_only.condition = Some("Bash(git push *)".into());
    let config = config(
        vec![source("s.json", CLAUDE, false)],
        vec![disabled, http, push_only],
    );
    let payload = json!({"tool_name": "Bash", "tool_input": {"command": "git status"}});
    let skips = plan_for(&config, "PreToolUse", &payload, None);
    assert_eq!(
        skips,
        vec![
            Some(Skip::Disabled),
            Some(Skip::Unsupported("http".into())),
            Some(Skip::Condition)
        ]
    );
}

#[test]
fn invalid_regex_and_if_rule_are_configuration_errors() {
    let mut bad_regex = hook("bad", 0, CLAUDE, named("PreToolUse"), "a");
    bad_regex.matcher = Matcher::new(Some("Bash("), Flavour::NamesOrRegex(Syntax::Rust));
    let mut bad_rule = hook("rule", 0, CLAUDE, named("PreToolUse"), "b");
    bad_rule.condition = Some("Bash(unclosed".into());
    let config = config(
        vec![source("s.json", CLAUDE, false)],
        vec![bad_regex, bad_rule],
    );
    let payload = json!({"tool_name": "Bash"});
    let input = PlanInput {
        event: "PreToolUse",
        payload: &payload,
        project_dir: std::path::Path::new("/p"),
        own_dialect: None,
        depth: 0,
    };
    let errors = plan(&config, &input).expect_err("both are errors");
    assert_eq!(errors.len(), 2);
    assert!(
        errors[0].message.contains("hook `bad`"),
        "{}",
        errors[0].message
    );
    assert!(
        errors[1].message.contains("invalid `if` rule"),
        "{}",
        errors[1].message
    );
}

#[test]
fn depth_limit_runs_nothing() {
    let config = config(
        vec![source("s.json", CLAUDE, false)],
        vec![hook("a", 0, CLAUDE, named("Stop"), "a")],
    );
    let payload = json!({});
    let input = PlanInput {
        event: "Stop",
        payload: &payload,
        project_dir: std::path::Path::new("/p"),
        own_dialect: None,
        depth: MAX_DEPTH,
    };
    assert_eq!(
        plan(&config, &input).unwrap()[0].skip,
        Some(Skip::Depth(MAX_DEPTH))
    );
}

#[test]
fn the_recursion_check_reads_shell_text_as_the_shell_splits_it() {
    let runs = |text: &str| super::runs_hookrun(&CommandForm::Shell(text.to_owned()));
    for text in [
        "hookrun fire Stop",
        "FOO=1 hookrun fire Stop",
        "hook\\run fire Stop",
        "\"hookrun\" fire Stop",
        "'hook'run fire",
        "/usr/local/bin/hookrun fire",
    ] {
        assert!(runs(text), "{text}");
    }
    for text in [
        "true 0",
        "jq .x",
        "echo hookrun",
        "x=hookrun true",
        "",
        "hookrunner",
    ] {
        assert!(!runs(text), "{text}");
    }
}

#[test]
fn the_screen_rules_out_only_what_the_plan_skips_silently_for_its_matcher_or_rule() {
    let claude_names = Flavour::NamesOrRegex(Syntax::EcmaScript);
    let mut hooks = Vec::new();
    for (matcher, condition, command) in [
        (Some("Write"), None, "true"),
        (Some("Bash"), None, "true"),
        (Some("B.*"), None, "true"),
        (Some("Bash("), None, "true"),
        (Some("Write"), Some("Bash("), "true"),
        (Some("Bash"), Some("Bash("), "true"),
        (None, Some("Edit(src/**)"), "true"),
        (None, Some("Bash(ls *)"), "true"),
        (Some("Write"), None, "hookrun fire X"),
        (Some("Write"), None, "/usr/local/bin/guard"),
        (Some("Write"), None, "true hookrun-1"),
    ] {
        for (source, dialect) in [(0, CLAUDE), (1, HOOKRUN), (2, CLAUDE)] {
            let mut hook = hook("h", source, dialect, named("PreToolUse"), command);
            hook.matcher = Matcher::new(matcher, claude_names);
            hook.condition = condition.map(str::to_owned);
            hooks.push(hook);
        }
    }
    let config = config(
        vec![
            source("a.json", CLAUDE, false),
            source("hookrun.toml", HOOKRUN, false),
            source("named.json", CLAUDE, true),
        ],
        hooks,
    );
    let payloads = [
        json!({"tool_name": "Bash", "tool_input": {"command": "ls -la"}}),
        json!({"tool_name": "Write", "tool_input": {"file_path": "src/a"}}),
        json!({}),
    ];
    for payload in &payloads {
        for (own, depth) in [(None, 0), (Some(CLAUDE), 0), (None, MAX_DEPTH)] {
            let input = PlanInput {
                event: "PreToolUse",
                payload,
                project_dir: std::path::Path::new("/p"),
                own_dialect: own,
                depth,
            };
            let rules = rule_context(&input);
            for hook in &config.hooks {
                let explicit = config.sources[hook.source].explicit();
                let planned = skip_reason(hook, explicit, &input, &rules);
                let candidate = crate::cache::Candidate {
                    dialect: hook.dialect,
                    source: &config.sources[hook.source],
                    matcher: &hook.matcher,
                    condition: hook.condition.as_deref(),
                    may_run_hookrun: hook.command().unwrap().hookrun_candidate().is_some(),
                };
                // A program that may be hookrun is kept for the plan to look at (a path that is not
                // hookrun is then skipped for its matcher after all).
                let silent = matches!(planned, Ok(Some(Skip::Matcher | Skip::Condition)))
                    && (explicit || !candidate.may_run_hookrun);
                assert_eq!(
                    rules_out(&candidate, &input),
                    silent,
                    "{:?} if {:?} `{:?}` in {} for {payload} (own {own:?}, depth {depth})",
                    hook.matcher.pattern(),
                    hook.condition,
                    hook.handler,
                    config.sources[hook.source].display,
                );
            }
        }
    }
}
