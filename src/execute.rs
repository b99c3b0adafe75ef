//! Runs the planned hooks one after another (SPEC §4–§6): each gets the payload in its dialect's
//! shape, with rewritten tool input chained from the hooks before it, and ends in a verdict and a
//! record. Interrupts stop the run after the running hook's group is ended.

use std::path::Path;
use std::rc::Rc;
use std::time::Duration;

use serde_json::{Map, Value};

use crate::config::Config;
use crate::config::dialect_name::Dialect;
use crate::config::model::{CommandForm, EventSelector, Hook, Mode, PromptkitHook};
use crate::output::document::HookRecord;
use crate::plan::{Step, promptkit_phase};
use crate::runner::delivery::{self, Shape};
use crate::runner::spawn::{SpawnContext, command_for};
use crate::runner::{self, Exit, Finished, Job};
use crate::verdict::{Decision, Limits, Policy, Verdict, judge};

mod loop_limit;

/// Settings of one fire that apply to every hook.
pub(crate) struct Settings<'a> {
    pub(crate) event: &'a str,
    pub(crate) project_dir: &'a Path,
    pub(crate) strict: bool,
    /// `--timeout`: caps every hook's timeout.
    pub(crate) timeout_cap: Option<Duration>,
    /// `HOOKRUN_DEPTH` for the hooks.
    pub(crate) depth: u32,
    pub(crate) verbose: bool,
}

/// What running the plan produced.
pub(crate) struct Execution {
    pub(crate) records: Vec<HookRecord>,
    pub(crate) verdicts: Vec<Verdict>,
    /// The tool input after every chained rewrite, when some hook rewrote it.
    pub(crate) final_input: Option<Value>,
    /// hookrun received this signal: the caller must exit 128+signal without a document.
    pub(crate) interrupted: Option<i32>,
}

/// Runs every step of `plan` that is not skipped; notable skips get a record too.
pub(crate) fn execute(
    config: &Config,
    plan: &[Step],
    mut payload: Map<String, Value>,
    settings: &Settings<'_>,
) -> std::io::Result<Execution> {
    let mut execution = Execution {
        records: Vec::new(),
        verdicts: Vec::new(),
        final_input: None,
        interrupted: None,
    };
    let mut payloads = Payloads::default();
    let mut temp_dir: Option<tempfile::TempDir> = None;
    let mut promptkit_chain_denied = false;
    for step in plan {
        let hook = step.hook(config);
        let hook = &*hook;
        if let Some(skip) = &step.skip {
            if skip.is_notable() {
                trace(
                    settings,
                    format_args!("skipping hook `{}`: {}", hook.name, skip.describe(hook)),
                );
                execution
                    .records
                    .push(skipped_record(config, hook, skip.describe(hook)));
            }
            continue;
        }
        if promptkit_chain_denied && hook.dialect == Dialect::Promptkit {
            execution.records.push(skipped_record(
                config,
                hook,
                "chain: an earlier promptkit filter hook denied".to_owned(),
            ));
            continue;
        }
        if let Some(reached) = loop_limit::reached(hook, settings.event, &payload) {
            execution
                .records
                .push(skipped_record(config, hook, reached));
            continue;
        }
        if let Some(signal) = runner::signals::received() {
            execution.interrupted = Some(signal);
            return Ok(execution);
        }
        let Some(form) = hook.command() else { continue };
        let (finished, timeout) = launch(
            hook,
            form,
            &payload,
            settings,
            &mut payloads,
            &mut temp_dir,
            config,
        )?;
        let limits = Limits {
            timeout,
            grace: hook.kill_grace,
        };
        let verdict = judge(&finished, policy(hook, settings), limits, &hook.name);
        trace(
            settings,
            format_args!(
                "hook `{}`: {:?}, decision {:?}",
                hook.name, verdict.outcome, verdict.decision
            ),
        );
        if let Some(rewrite) = &verdict.said.updated_input {
            chain_input(
                &mut payload,
                rewrite,
                hook.dialect,
                &mut execution.final_input,
            );
            payloads.clear();
        }
        if hook.dialect == Dialect::Promptkit
            && verdict.decision == Decision::Deny
            && is_promptkit_pre_phase(hook, settings.event)
        {
            promptkit_chain_denied = true;
        }
        loop_limit::count(hook, settings.event, &payload);
        execution
            .records
            .push(record(config, hook, &finished, &verdict, limits));
        execution.verdicts.push(verdict);
        if finished.interrupted.is_some() {
            execution.interrupted = finished.interrupted;
            return Ok(execution);
        }
    }
    Ok(execution)
}

/// Spawns one hook with its payload, environment and payload file, and waits for its end.
fn launch(
    hook: &Hook,
    form: &CommandForm,
    payload: &Map<String, Value>,
    settings: &Settings<'_>,
    payloads: &mut Payloads,
    temp_dir: &mut Option<tempfile::TempDir>,
    config: &Config,
) -> std::io::Result<(Finished, Duration)> {
    let shape = delivery::shape_of(hook);
    let bytes = payloads.get(payload, shape, settings.event);
    let mut env = delivery::dialect_env(hook, settings.project_dir, settings.event, payload);
    let mut file = None;
    let wants_file = hook.payload_file || hook.dialect == Dialect::Prx;
    if wants_file {
        if temp_dir.is_none() {
            *temp_dir = Some(tempfile::Builder::new().prefix("hookrun-").tempdir()?);
        }
        let dir = temp_dir.as_ref().expect("created above").path();
        let created = delivery::payload_file(dir, &bytes)?;
        let key = if hook.dialect == Dialect::Prx {
            "ZERO_HOOK_PAYLOAD_FILE"
        } else {
            "HOOKRUN_PAYLOAD_FILE"
        };
        env.push((
            key.to_owned(),
            created.path().to_string_lossy().into_owned(),
        ));
        file = Some(created);
    }
    if hook.dialect == Dialect::Prx {
        prx_env(&mut env, &bytes, payloads.timestamp());
    }
    let timeout = settings
        .timeout_cap
        .map_or(hook.timeout, |cap| cap.min(hook.timeout));
    trace(
        settings,
        format_args!(
            "running hook `{}` ({}): {}",
            hook.name,
            config.sources[hook.source].display,
            form.display()
        ),
    );
    let stdin =
        matches!(hook.stdin, crate::config::model::StdinMode::Payload).then_some(&bytes[..]);
    let finished = runner::run(Job {
        command: command_for(
            hook,
            form,
            &SpawnContext {
                project_dir: settings.project_dir,
                event: settings.event,
                depth: settings.depth,
            },
            &env,
        ),
        cwd: &hook.cwd,
        stdin,
        timeout,
        grace: hook.kill_grace,
    });
    drop(file);
    Ok((finished, timeout))
}

/// The serialised payload per shape, made once and reused until the payload changes.
#[derive(Default)]
struct Payloads {
    cache: Vec<(Shape, Rc<Vec<u8>>)>,
    timestamp: Option<String>,
}

impl Payloads {
    fn get(&mut self, payload: &Map<String, Value>, shape: Shape, event: &str) -> Rc<Vec<u8>> {
        if let Some((_, bytes)) = self.cache.iter().find(|(s, _)| *s == shape) {
            return Rc::clone(bytes);
        }
        let timestamp = self.timestamp.get_or_insert_with(delivery::rfc3339_now);
        // Rc::new keeps the one buffer: `Vec -> Rc<[u8]>` would copy a 64 MiB payload.
        let bytes = Rc::new(delivery::render(payload, shape, event, timestamp));
        self.cache.push((shape, Rc::clone(&bytes)));
        bytes
    }

    /// The fire's one timestamp: the PRX envelope's and `ZERO_HOOK_TIMESTAMP`.
    fn timestamp(&mut self) -> &str {
        self.timestamp.get_or_insert_with(delivery::rfc3339_now)
    }

    fn clear(&mut self) {
        self.cache.clear();
    }
}

/// PRX's payload variables: the JSON itself only when it is at most 8 KiB.
fn prx_env(env: &mut Vec<(String, String)>, bytes: &[u8], timestamp: &str) {
    let json = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    env.push(("ZERO_HOOK_TIMESTAMP".to_owned(), timestamp.to_owned()));
    if json.len() <= delivery::PRX_ENV_PAYLOAD_MAX {
        env.push((
            "ZERO_HOOK_PAYLOAD".to_owned(),
            String::from_utf8_lossy(json).into_owned(),
        ));
    } else {
        env.push(("ZERO_HOOK_PAYLOAD_TRUNCATED".to_owned(), "1".to_owned()));
    }
}

/// Applies a hook's rewritten input so that the next hook sees it (SPEC §6): Claude-shaped hooks
/// replace `tool_input` whole, other dialects shallow-merge into it.
fn chain_input(
    payload: &mut Map<String, Value>,
    rewrite: &Value,
    dialect: Dialect,
    final_input: &mut Option<Value>,
) {
    let replaces = matches!(dialect, Dialect::Claude | Dialect::Hookrun);
    match (payload.get_mut("tool_input"), rewrite) {
        (Some(Value::Object(current)), Value::Object(changes)) if !replaces => {
            for (key, value) in changes {
                current.insert(key.clone(), value.clone());
            }
        }
        (Some(current @ Value::Object(_)), _) => *current = rewrite.clone(),
        _ => {
            *final_input = Some(rewrite.clone());
            return;
        }
    }
    *final_input = payload.get("tool_input").cloned();
}

fn is_promptkit_pre_phase(hook: &Hook, event: &str) -> bool {
    matches!(
        &hook.events,
        EventSelector::Promptkit {
            hook: PromptkitHook::Provider | PromptkitHook::Tool,
            ..
        }
    ) && promptkit_phase(event).starts_with("before_")
}

/// How this hook's result may count (SPEC §5).
pub(crate) fn policy(hook: &Hook, settings: &Settings<'_>) -> Policy {
    let promptkit_can_block = match &hook.events {
        EventSelector::Promptkit { hook: kind, .. } => {
            matches!(kind, PromptkitHook::Provider | PromptkitHook::Tool)
                && promptkit_phase(settings.event).starts_with("before_")
        }
        _ => true,
    };
    let can_block =
        hook.mode == Mode::Filter && hook.dialect != Dialect::Prx && promptkit_can_block;
    let text_is_context = match hook.dialect {
        Dialect::Claude | Dialect::Hookrun => {
            matches!(settings.event, "UserPromptSubmit" | "SessionStart")
        }
        Dialect::Gemini => matches!(settings.event, "BeforeAgent" | "SessionStart"),
        _ => false,
    };
    Policy {
        can_block,
        exit2_blocks: !matches!(hook.dialect, Dialect::Prx | Dialect::Promptkit),
        fail_closed: hook.fail_closed || settings.strict,
        require_allow: hook.dialect == Dialect::Promptkit && can_block,
        text_is_context,
        ignore_stdout: matches!(
            &hook.events,
            EventSelector::Promptkit {
                hook: PromptkitHook::Eval,
                ..
            }
        ),
        observe_only: hook.dialect == Dialect::Prx,
    }
}

fn base_record(config: &Config, hook: &Hook) -> HookRecord {
    HookRecord {
        name: hook.name.clone(),
        source: config.sources[hook.source].display.clone(),
        dialect: hook.dialect.name(),
        ..HookRecord::default()
    }
}

/// The record of a hook that did not run.
pub(crate) fn skipped_record(config: &Config, hook: &Hook, reason: String) -> HookRecord {
    HookRecord {
        skipped_reason: Some(reason),
        ..base_record(config, hook)
    }
}

/// First 4 KiB of stderr kept in a record.
const RECORD_STDERR: usize = 4096;

fn record(
    config: &Config,
    hook: &Hook,
    finished: &Finished,
    verdict: &Verdict,
    limits: Limits,
) -> HookRecord {
    let stderr = &finished.stderr.bytes[..finished.stderr.bytes.len().min(RECORD_STDERR)];
    let stderr = String::from_utf8_lossy(stderr).trim_end().to_owned();
    HookRecord {
        outcome: Some(verdict.outcome),
        decision: verdict.decision,
        reason: verdict.reason.clone(),
        exit_code: match finished.exit {
            Exit::Code(code) => Some(code),
            _ => None,
        },
        signal: match finished.exit {
            Exit::Signal(signal) => Some(runner::terminate::signal_name(signal)),
            _ => None,
        },
        duration_ms: Some(u64::try_from(finished.duration.as_millis()).unwrap_or(u64::MAX)),
        error: verdict.error.clone(),
        timed_out_after_ms: finished
            .timed_out
            .then(|| u64::try_from(limits.timeout.as_millis()).unwrap_or(u64::MAX)),
        killed: finished.killed.map(runner::terminate::Kill::name),
        leaked: finished.leaked,
        truncated: finished.stdout.overflowed || finished.stderr.overflowed,
        stderr: (!stderr.is_empty()).then_some(stderr),
        ignored_decision: verdict.ignored_decision,
        extra: verdict.said.extra.clone(),
        ..base_record(config, hook)
    }
}

fn trace(settings: &Settings<'_>, message: std::fmt::Arguments<'_>) {
    if settings.verbose {
        eprintln!("hookrun: {message}");
    }
}
