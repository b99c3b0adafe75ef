//! The plugin executor: a PRX WebAssembly plugin hook is run by the companion `hookrun-wasm`
//! (`hookrun-wasm run`), started under hookrun's own runner like any hook process (its process
//! group, its timeout and kill rules), with one JSON work order on stdin and one JSON answer on
//! stdout (the book, "Plugin hooks (PRX WASM)"). Plugin hooks observe, as PRX's hooks do: a plugin
//! that ran and failed (a trap, its fuel, memory or time, an `Err`) is a `non_blocking_error`
//! even under `--strict`; a plugin that could not run at all (no companion, a refused work order,
//! a companion killed or answering outside the protocol) fails closed under `--strict`, like any
//! hook hookrun cannot run.

use std::borrow::Cow;
use std::ffi::OsStr;

use serde::Serialize;
use serde_json::{Map, Value};

use super::job::SAFE_PATH;
use super::record::HookRecord;
use super::{Call, base_record, record_of};
use crate::companion::Companion;
use crate::model::plugin::WasmPlugin;
use crate::model::{Handler, Hook};
use crate::runner::{self, Exit, Finished, Job};
use crate::verdict::{Answer, Failure, Limits, Policy, Ran, Reply, Verdict, judge, not_run};

/// The work order's version (the protocol's).
const PROTOCOL_VERSION: u32 = 1;
/// `hookrun-wasm run`'s exit codes.
const EXIT_OK: i32 = 0;
const EXIT_PLUGIN_FAILED: i32 = 1;
const EXIT_ORDER_REFUSED: i32 = 3;
/// First bytes of the companion's stderr kept in a message.
const STDERR_SHOWN: usize = 1024;

/// What `hookrun-wasm run` reads on stdin.
#[derive(Serialize)]
struct WorkOrder<'a> {
    version: u32,
    event: &'a str,
    payload_json: &'a str,
    plugin: &'a WasmPlugin,
    plugins: &'a [&'a WasmPlugin],
    state_dir: &'a std::path::Path,
    cache_dir: &'a std::path::Path,
    depth: u32,
}

/// How a plugin hook ended: its record and verdict, and the signal hookrun received meanwhile.
pub(super) struct PluginRun {
    pub(super) record: HookRecord,
    pub(super) verdict: Verdict,
    pub(super) interrupted: Option<i32>,
}

/// Runs `plugin`'s `on-event` for the fired event. `plugins` is every plugin a nested publish may
/// reach (enabled, and trusted where trust is needed).
pub(super) fn run(call: &mut Call<'_>, plugin: &WasmPlugin, plugins: &[&WasmPlugin]) -> PluginRun {
    let (hook, settings) = (call.hook, call.settings);
    let strict = settings.strict;
    let base = base_record(call.config, hook);
    let delivered = hook
        .dialect
        .plugin_event(&plugin.events, settings.event)
        .unwrap_or_else(|own| own);
    let (_, bytes) = call.shaped();
    let envelope = String::from_utf8_lossy(bytes.strip_suffix(b"\n").unwrap_or(&bytes));
    let cache_dir = crate::cache::cache_dir().map_or_else(
        || settings.project_dir.join(".hookrun/wasm-cache"),
        |dir| dir.join("wasm"),
    );
    let order = WorkOrder {
        version: PROTOCOL_VERSION,
        event: &delivered,
        payload_json: &envelope,
        plugin,
        plugins,
        state_dir: &plugin.state_dir,
        cache_dir: &cache_dir,
        depth: 0,
    };
    let order = match serde_json::to_vec(&order) {
        Ok(bytes) => bytes,
        Err(error) => {
            return cannot_run(
                base,
                strict,
                format!("cannot write its work order: {error}"),
            );
        }
    };
    let companion = match Companion::Wasm.find() {
        Ok(path) => path,
        Err(not_found) => {
            let message = not_found.to_string();
            crate::stderr::say!(
                "hookrun: warning: plugin hook `{}` ({}): {message}",
                hook.name,
                call.display()
            );
            return cannot_run(base, strict, message);
        }
    };
    trace!(
        settings,
        "hook `{}` ({}): on-event({delivered}) in {} (timeout {})",
        hook.name,
        call.display(),
        plugin.wasm.display(),
        crate::config::duration::format_duration(call.timeout)
    );
    let finished = runner::run(job(hook, &companion, call, &order));
    judge_run(call, base, finished)
}

/// The companion's job: `hookrun-wasm run` in a clean environment (the plugin sees none of it).
fn job<'a>(
    hook: &'a Hook,
    companion: &std::path::Path,
    call: &Call<'a>,
    order: &'a [u8],
) -> Job<'a> {
    let settings = call.settings;
    let lend = |text: &'a str| Cow::Borrowed(OsStr::new(text));
    Job {
        program: companion.as_os_str().to_owned(),
        args: vec!["run".into()],
        clear_env: true,
        env: vec![
            (lend("PATH"), lend(SAFE_PATH)),
            (lend("HOOKRUN_EVENT"), lend(settings.event)),
            (
                lend("HOOKRUN_PROJECT_DIR"),
                Cow::Borrowed(settings.project_dir.as_os_str()),
            ),
            (lend("HOOKRUN_HOOK"), lend(&hook.name)),
            (
                lend("HOOKRUN_DEPTH"),
                Cow::Owned(settings.depth.to_string().into()),
            ),
        ],
        cwd: &hook.cwd,
        stdin: Some(order),
        remove_after: Vec::new(),
        timeout: call.timeout,
        grace: hook.kill_grace,
    }
}

/// Reads the companion's run by the protocol.
fn judge_run(call: &Call<'_>, base: HookRecord, finished: Finished) -> PluginRun {
    let (hook, settings) = (call.hook, call.settings);
    let limits = Limits {
        timeout: call.timeout,
        grace: hook.kill_grace,
    };
    let answer = parse_answer(&finished.stdout.bytes);
    let ran = Ran::Process(finished);
    let Ran::Process(finished) = &ran else {
        unreachable!("just made")
    };
    let failure = |message: String| -> PluginRun {
        let mut run = cannot_run(base.clone(), settings.strict, message);
        run.record = HookRecord {
            error: run.verdict.error.clone(),
            reason: run.verdict.reason.clone(),
            outcome: Some(run.verdict.outcome),
            decision: run.verdict.decision,
            ..record_of(base.clone(), &ran, &run.verdict, limits)
        };
        run.interrupted = finished.interrupted;
        run
    };
    // The verdict on what the companion answered, judged as any hook's reply is.
    let judged = |answer| {
        let reply = Reply {
            answer,
            duration: finished.duration,
            details: Map::new(),
        };
        judge(
            &Ran::Reply(reply),
            observe(hook, settings),
            limits,
            &hook.name,
        )
    };
    if let Some(signal) = finished.interrupted {
        let message = format!(
            "interrupted: hookrun received {}",
            runner::terminate::signal_name(signal)
        );
        return failure(message);
    }
    if finished.timed_out && !settings.strict {
        // Out of time under the runner (the plugin's own time limit is the companion's to
        // enforce, well within this): cancelled, as any hook that runs out of time.
        let verdict = judged(Err(Failure {
            message: format!(
                "hookrun-wasm did not answer within {}",
                crate::config::duration::format_duration(limits.timeout)
            ),
            timed_out: true,
        }));
        return done(record_of(base, &ran, &verdict, limits), verdict, None);
    }
    let answer = match by_protocol(finished, answer, limits) {
        Ok(answer) => answer,
        Err(message) => return failure(message),
    };
    let ok = finished.exit == Exit::Code(EXIT_OK);
    for log in &answer.logs {
        trace!(
            settings,
            "hook `{}` log [{}]: {}",
            hook.name,
            log.get("level").and_then(Value::as_str).unwrap_or("info"),
            log.get("message").and_then(Value::as_str).unwrap_or("")
        );
    }
    let verdict = judged(if ok {
        Ok(Answer::Nothing)
    } else {
        Err(Failure::new(
            answer
                .error
                .clone()
                .unwrap_or_else(|| "the plugin failed".to_owned()),
        ))
    });
    let mut record = record_of(base, &ran, &verdict, limits);
    record.details = answer.details(call);
    done(record, verdict, None)
}

/// The companion's answer when its run kept to the protocol (exit 0 with `ok`, exit 1 with
/// `error`), else why the plugin could not run.
fn by_protocol(
    finished: &Finished,
    answer: Result<PluginAnswer, String>,
    limits: Limits,
) -> Result<PluginAnswer, String> {
    let stderr = || {
        let shown = &finished.stderr.bytes[..finished.stderr.bytes.len().min(STDERR_SHOWN)];
        String::from_utf8_lossy(shown).trim().to_owned()
    };
    let answer = match (&finished.exit, answer) {
        (Exit::Code(EXIT_OK | EXIT_PLUGIN_FAILED), Ok(answer)) => answer,
        (Exit::Code(EXIT_ORDER_REFUSED), _) => {
            return Err(format!("hookrun-wasm refused the work order: {}", stderr()));
        }
        (Exit::Code(code @ (EXIT_OK | EXIT_PLUGIN_FAILED)), Err(why)) => {
            return Err(format!(
                "hookrun-wasm exited {code} without a valid answer ({why}): {}",
                stderr()
            ));
        }
        (Exit::SpawnFailed(why), _) => return Err(format!("hookrun-wasm did not start: {why}")),
        (Exit::Signal(_), _) if finished.timed_out => {
            return Err(format!(
                "hookrun-wasm did not answer within {}",
                crate::config::duration::format_duration(limits.timeout)
            ));
        }
        (Exit::Signal(signal), _) => {
            return Err(format!(
                "hookrun-wasm was killed by {}",
                runner::terminate::signal_name(*signal)
            ));
        }
        (Exit::Code(code), _) => return Err(format!("hookrun-wasm exited {code}: {}", stderr())),
    };
    let ok = finished.exit == Exit::Code(EXIT_OK);
    if ok != (answer.outcome == "ok") {
        return Err(format!(
            "hookrun-wasm exited {} with outcome `{}`",
            if ok { EXIT_OK } else { EXIT_PLUGIN_FAILED },
            answer.outcome
        ));
    }
    Ok(answer)
}

/// A plugin hook's policy: its dialect's (observe-only), which no `--strict` makes block.
fn observe(hook: &Hook, settings: &super::Settings<'_>) -> Policy {
    hook.dialect.policy(hook, settings.event)
}

/// A plugin hookrun could not run: a failure that blocks under `--strict`.
fn cannot_run(base: HookRecord, strict: bool, message: String) -> PluginRun {
    let policy = Policy {
        can_block: true,
        fail_closed: strict,
        ..Policy::default()
    };
    let verdict = not_run(policy, message);
    let record = HookRecord {
        outcome: Some(verdict.outcome),
        decision: verdict.decision,
        reason: verdict.reason.clone(),
        error: verdict.error.clone(),
        ..base
    };
    done(record, verdict, None)
}

fn done(record: HookRecord, verdict: Verdict, interrupted: Option<i32>) -> PluginRun {
    PluginRun {
        record,
        verdict,
        interrupted,
    }
}

/// `hookrun-wasm run`'s answer.
#[derive(Debug, serde::Deserialize)]
struct PluginAnswer {
    outcome: String,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    logs: Vec<Map<String, Value>>,
    #[serde(default)]
    published: Vec<Value>,
    #[serde(default)]
    compiled: Option<String>,
    #[serde(default)]
    fuel_used: Option<u64>,
    #[serde(default)]
    duration_ms: Option<u64>,
}

impl PluginAnswer {
    /// What the record carries beside the common fields.
    fn details(&self, call: &Call<'_>) -> Map<String, Value> {
        let mut details = Map::new();
        if let Handler::Plugin(plugin) = &call.hook.handler
            && let Ok(delivered) = call
                .hook
                .dialect
                .plugin_event(&plugin.events, call.settings.event)
        {
            details.insert("plugin_event".into(), Value::from(delivered));
        }
        if let Some(kind) = &self.kind {
            details.insert("plugin_error_kind".into(), Value::from(kind.clone()));
        }
        details.insert(
            "logs".into(),
            Value::Array(self.logs.iter().cloned().map(Value::Object).collect()),
        );
        details.insert("published".into(), Value::Array(self.published.clone()));
        if let Some(compiled) = &self.compiled {
            details.insert("compiled".into(), Value::from(compiled.clone()));
        }
        if let Some(fuel) = self.fuel_used {
            details.insert("fuel_used".into(), Value::from(fuel));
        }
        if let Some(ms) = self.duration_ms {
            details.insert("plugin_duration_ms".into(), Value::from(ms));
        }
        details
    }
}

fn parse_answer(stdout: &[u8]) -> Result<PluginAnswer, String> {
    let answer: PluginAnswer = serde_json::from_slice(stdout.trim_ascii())
        .map_err(|error| format!("its answer is not the protocol's JSON: {error}"))?;
    if answer.outcome != "ok" && answer.outcome != "error" {
        return Err(format!("unknown outcome `{}`", answer.outcome));
    }
    Ok(answer)
}

/// The plugins a nested publish may reach: every enabled plugin hook whose file needs no trust or
/// is trusted (`--trust-project`: all of them).
pub(super) fn reachable<'c>(
    config: &'c crate::sources::Config,
    project_dir: &std::path::Path,
    trust_project: bool,
) -> Vec<&'c WasmPlugin> {
    let plugin_hooks = || {
        config.hooks.iter().filter_map(|hook| match &hook.handler {
            Handler::Plugin(plugin) if hook.enabled => Some((hook.source, &**plugin)),
            _ => None,
        })
    };
    let mut needing: Vec<usize> = plugin_hooks()
        .map(|(source, _)| source)
        .filter(|&source| !trust_project && crate::trust::needs_trust(config.sources[source].level))
        .collect();
    needing.sort_unstable();
    needing.dedup();
    let untrusted: Vec<usize> = if needing.is_empty() {
        Vec::new()
    } else {
        let store = crate::trust::Store::load();
        crate::trust::assess(config, project_dir, &store, Some(&needing))
            .into_iter()
            .filter(|source| source.state != crate::trust::State::Trusted)
            .map(|source| source.source)
            .collect()
    };
    plugin_hooks()
        .filter(|(source, _)| !untrusted.contains(source))
        .map(|(_, plugin)| plugin)
        .collect()
}
