//! PromptKit RuntimeConfig YAML (docs/dialects/promptkit.md): `spec.hooks.<name>` exec hooks of
//! four types (provider, tool, session, eval), each running in the phases it lists. Hooks keep the
//! file's order — PromptKit itself iterates a Go map, so its order is random; hookrun's is the
//! file's. Filter hooks fail closed; a hook without `phases` never runs (a warning says so).

use crate::model::hook::Switches;
use std::time::Duration;

use crate::config::tree::{Node, Object};

use super::PromptkitHook;
use crate::config::diagnostics::{Severity, did_you_mean};
use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::locate_yaml::locate_yaml;
use crate::config::reader::{Reader, child, child_index, kind_of};
use crate::config::yaml;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Mode, StdinMode};
use crate::model::load::{DialectLoad, LoadContext, resolve_program, source_dir};

const HOOK_KEYS: &[&str] = &[
    "command",
    "args",
    "env",
    "hook",
    "phases",
    "mode",
    "timeout_ms",
    "sandbox",
];
const HOOK_TYPES: &[&str] = &["provider", "tool", "session", "eval"];
/// Every PromptKit hook, eval included, defaults to ten seconds.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let source = ctx.source;
    let root = match yaml::parse(&source.display, &source.text) {
        Ok(root) => root,
        Err(diagnostic) => return DialectLoad::failed(*diagnostic),
    };
    let mut reader = Reader::new(&source.display, &source.text, locate_yaml);
    let mut hooks = Vec::new();
    let document = if root.is_null() {
        None
    } else {
        reader.object(&root, &[], "a RuntimeConfig")
    };
    if let Some(map) = document {
        match map.get("kind") {
            Some(Node::String(kind)) if kind == "RuntimeConfig" => {}
            None => {}
            Some(other) => {
                reader
                    .report(
                        Severity::Warning,
                        &[Step::Key("kind".into())],
                        false,
                        format!("`kind` is {}, not RuntimeConfig", kind_of(other)),
                    )
                    .help = Some("hookrun reads `spec.hooks` as a PromptKit RuntimeConfig".into());
            }
        }
        if let Some(entries) = hooks_map(&mut reader, map) {
            let path = vec![Step::Key("spec".into()), Step::Key("hooks".into())];
            // A YAML mapping reads in file order: the order the hooks run in.
            for (name, entry) in entries {
                let hook_path = child(&path, name);
                let Some(entry) = reader.object(entry, &hook_path, "a PromptKit hook") else {
                    continue;
                };
                if let Some(hook) = read_hook(ctx, &mut reader, name, entry, &hook_path) {
                    hooks.push(hook);
                }
            }
        }
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

/// `spec.hooks`, when the file has it.
fn hooks_map<'v, 'a>(reader: &mut Reader<'_>, root: &'v Object<'a>) -> Option<&'v Object<'a>> {
    let spec_path = [Step::Key("spec".into())];
    let spec = reader.object(root.get("spec")?, &spec_path, "spec")?;
    let path = child(&spec_path, "hooks");
    match spec.get("hooks")? {
        Node::Null => None,
        hooks => reader.object(hooks, &path, "spec.hooks (hook name → hook)"),
    }
}

fn read_hook(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    name: &str,
    entry: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(entry, HOOK_KEYS, path, "a PromptKit hook");
    let command = reader.req_str(entry, "command", path, "the hook")?;
    let kind = hook_type(reader, entry, path)?;
    let args = reader.opt_str_list(entry, "args", path).unwrap_or_default();
    let form = CommandForm::Exec {
        program: resolve_program(command, || source_dir(ctx.source)),
        args,
    };
    let phases = phases(reader, entry, path, kind);
    let mut hook = Hook::new(
        crate::dialects::PROMPTKIT,
        ctx.index,
        EventSelector::Typed {
            kind: kind.name(),
            phases,
        },
        Handler::Command(form),
        ctx.project_dir.to_path_buf(),
        DEFAULT_TIMEOUT,
        path,
    );
    name.clone_into(&mut hook.name);
    hook.stdin = StdinMode::Payload;
    if let Some(timeout) = reader.opt_number(entry, "timeout_ms", path) {
        // The rule every dialect's durations share: positive, finite, under a billion seconds (a
        // number too large for a duration, the config fuzz target's 3.0e66, panicked before).
        match seconds_to_duration(timeout / 1000.0) {
            Some(duration) => hook.timeout = duration,
            None => {
                reader
                    .error(
                        &child(path, "timeout_ms"),
                        format!(
                            "`timeout_ms` must be greater than 0 and under a billion seconds \
                             (it is in milliseconds), found {timeout}"
                        ),
                    )
                    .help =
                    Some("PromptKit timeouts are milliseconds: 5000 is five seconds".into());
            }
        }
    }
    hook.mode = match reader.opt_str(entry, "mode", path) {
        None | Some("filter") => Mode::Filter,
        Some("observe") => Mode::Observe,
        Some(other) => {
            reader
                .report(
                    Severity::Warning,
                    &child(path, "mode"),
                    false,
                    format!("`mode` {other:?} is neither \"filter\" nor \"observe\": PromptKit runs it as a filter"),
                )
                .help = Some("write mode: filter or mode: observe".into());
            Mode::Filter
        }
    };
    hook.fail_closed = hook.mode == Mode::Filter;
    read_env(reader, entry, path, &mut hook);
    if let Some(sandbox) = reader.opt_str(entry, "sandbox", path)
        && sandbox != "direct"
    {
        reader.report(
            Severity::Warning,
            &child(path, "sandbox"),
            false,
            format!("sandbox {sandbox:?} is not supported: hookrun runs the hook directly"),
        );
    }
    Some(hook)
}

/// `hook`: which PromptKit hook type this is (required).
fn hook_type(reader: &mut Reader<'_>, entry: &Object<'_>, path: &[Step]) -> Option<PromptkitHook> {
    let text = reader.req_str(entry, "hook", path, "the hook")?;
    let kind = match text {
        "provider" => PromptkitHook::Provider,
        "tool" => PromptkitHook::Tool,
        "session" => PromptkitHook::Session,
        "eval" => PromptkitHook::Eval,
        other => {
            let help = did_you_mean(other, HOOK_TYPES).map_or_else(
                || format!("one of: {}", HOOK_TYPES.join(", ")),
                |t| format!("did you mean `{t}`?"),
            );
            reader
                .error(
                    &child(path, "hook"),
                    format!("`hook` must be provider, tool, session or eval, found {other:?}"),
                )
                .help = Some(help);
            return None;
        }
    };
    Some(kind)
}

/// `phases`, with a warning for a hook that would never run and for phases its type never has.
fn phases(
    reader: &mut Reader<'_>,
    entry: &Object<'_>,
    path: &[Step],
    kind: PromptkitHook,
) -> Vec<String> {
    let phases = reader
        .opt_str_list(entry, "phases", path)
        .unwrap_or_default();
    let owned = kind.phases();
    if kind == PromptkitHook::Eval {
        return phases;
    }
    if phases.is_empty() {
        reader
            .report(
                Severity::Warning,
                path,
                true,
                "this hook has no `phases`: it never runs",
            )
            .help = Some(format!("add phases: [{}]", owned.join(", ")));
    }
    let phases_path = child(path, "phases");
    for (index, phase) in phases.iter().enumerate() {
        if !owned.contains(&phase.as_str()) {
            let help = did_you_mean(phase, owned).map_or_else(
                || format!("its phases: {}", owned.join(", ")),
                |p| format!("did you mean `{p}`?"),
            );
            reader
                .report(
                    Severity::Warning,
                    &child_index(&phases_path, index),
                    false,
                    format!("phase `{phase}` is not a phase of this hook type: it never fires"),
                )
                .help = Some(help);
        }
    }
    phases
}

/// `env`: `KEY=value` sets a variable, a bare `NAME` passes hookrun's own value through.
fn read_env(reader: &mut Reader<'_>, entry: &Object<'_>, path: &[Step], hook: &mut Hook) {
    let Some(items) = reader.opt_str_list(entry, "env", path) else {
        return;
    };
    for item in items {
        match item.split_once('=') {
            Some((key, value)) => hook.env.push((key.to_owned(), value.to_owned())),
            None => hook.env_forward.push(item),
        }
    }
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod tests;
