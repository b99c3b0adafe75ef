//! Runs the planned hooks one after another (the book, "How a hook runs"): each gets the payload in
//! the shape its dialect says, with rewritten tool input chained from the hooks before it, is run
//! as a plain job by the runner, and ends in a verdict and a record. Interrupts stop the run after
//! the running hook's group is ended.

use std::path::Path;
use std::rc::Rc;
use std::time::Duration;

use serde_json::{Map, Value};

use crate::model::dialect::{EventContext, Shape};
use crate::model::hook::HttpHook;
use crate::model::{CommandForm, Dialect, Handler, Hook};
use crate::payload::Payload;
use crate::plan::{Skip, Step};
use crate::runner::{self, Exit, Finished};
use crate::sources::Config;
use crate::verdict::{Decision, Limits, Outcome, Policy, Ran, Reply, Verdict, judge};
use job::FireContext;
use record::HookRecord;

/// A `-v` line on stderr. A macro, so that nothing of the message (a `format_duration`, a
/// hook's ending) is computed unless `--verbose` asked for it: that cost ~4 000 instructions per
/// hook.
macro_rules! trace {
    ($settings:expr, $($message:tt)*) => {
        if $settings.verbose {
            crate::stderr::say!("hookrun: {}", format_args!($($message)*));
        }
    };
}

pub(crate) mod detach;
mod guard;
pub(crate) mod http;
pub(crate) mod job;
mod loop_limit;
mod plugin;
pub(crate) mod prompt;
pub(crate) mod record;

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
    /// The fire log (`--log`), where async hooks' workers append their results.
    pub(crate) log: Option<&'a Path>,
    /// `--trust-project`: every project file counts as trusted (the plugins a nested publish
    /// may reach, too).
    pub(crate) trust_project: bool,
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
    mut payload: Payload,
    settings: &Settings<'_>,
) -> std::io::Result<Execution> {
    let mut execution = Execution {
        records: Vec::with_capacity(plan.len()),
        verdicts: Vec::with_capacity(plan.len()),
        final_input: None,
        interrupted: None,
    };
    let mut payloads = Payloads::default();
    let mut kit = Kit::default();
    // Dialects whose chain a deny ended: their later hooks do not run. A handful at most, so a
    // list: a `HashSet` seeds its hasher from the kernel (a `getrandom` call) at every fire.
    let mut chains_ended: Vec<Dialect> = Vec::new();
    // Dialects that report only their first deny's reason, once it is given.
    let mut reason_given: Vec<Dialect> = Vec::new();
    // The plugins a plugin hook's nested publish may reach, found when the first one runs.
    let mut reachable = None;
    for step in plan {
        let hook = step.hook(config);
        let hook = &*hook;
        if let Some(crate::plan::Skip::Unsupported(kind)) = &step.skip {
            let (record, verdict) = unsupported(config, hook, kind, settings);
            execution.records.push(record);
            execution.verdicts.push(verdict);
            continue;
        }
        let ended_by_deny = chains_ended.contains(&hook.dialect);
        if let Some(record) = held_back(config, hook, step, settings, ended_by_deny, &payload) {
            execution.records.extend(record);
            continue;
        }
        if let Some(signal) = runner::signals::received() {
            execution.interrupted = Some(signal);
            return Ok(execution);
        }
        let timeout = settings
            .timeout_cap
            .map_or(hook.timeout, |cap| cap.min(hook.timeout));
        let mut call = Call {
            hook,
            payload: &payload,
            settings,
            config,
            timeout,
            payloads: &mut payloads,
        };
        if hook.run_async && hook.handler.can_detach() {
            detach(&mut call, &mut kit.detached, &mut kit.outbound)?;
            execution.records.push(HookRecord {
                outcome: Some(Outcome::Started),
                ..base_record(config, hook)
            });
            continue;
        }
        if let Handler::Plugin(plugin) = &hook.handler {
            if run_plugin(&mut call, config, plugin, &mut reachable, &mut execution) {
                return Ok(execution);
            }
            continue;
        }
        let Some(ran) = run(&mut call, &mut kit)? else {
            continue;
        };
        let limits = Limits {
            timeout,
            grace: hook.kill_grace,
        };
        let mut verdict = judge(&ran, policy(hook, settings), limits, &hook.name);
        let name = &hook.name;
        trace!(settings, "hook `{name}` ended: {}", ending(&ran, &verdict));
        if let Some(rewrite) = &verdict.said.updated_input {
            // The hooks after it get the payload serialised anew: its bytes changed.
            chain_input(
                payload.map_mut(),
                rewrite,
                hook.dialect.rewrite_replaces_input(),
                &mut execution.final_input,
            );
            payloads.clear();
        }
        if verdict.decision == Decision::Deny && hook.dialect.deny_ends_chain(hook, settings.event)
        {
            add_once(&mut chains_ended, hook.dialect);
        }
        loop_limit::count(hook, settings.event, payload.map());
        execution
            .records
            .push(record(config, hook, &ran, &verdict, limits));
        if verdict.decision == Decision::Deny
            && hook.dialect.first_deny_reason_only()
            && !add_once(&mut reason_given, hook.dialect)
        {
            // Its record keeps the reason; the decision's reason is the first deny's alone.
            verdict.reason = None;
        }
        execution.verdicts.push(verdict);
        if let Ran::Process(finished) = &ran
            && finished.interrupted.is_some()
        {
            execution.interrupted = finished.interrupted;
            return Ok(execution);
        }
    }
    kit.detached.start();
    Ok(execution)
}

/// Adds `dialect` to `set` unless it is there already; says whether it was added.
fn add_once(set: &mut Vec<Dialect>, dialect: Dialect) -> bool {
    let added = !set.contains(&dialect);
    if added {
        set.push(dialect);
    }
    added
}

/// Runs a plugin hook and keeps its record and verdict; `true` when hookrun was interrupted
/// meanwhile (the run stops there).
fn run_plugin<'c>(
    call: &mut Call<'_>,
    config: &'c Config,
    plugin: &crate::model::plugin::WasmPlugin,
    reachable: &mut Option<Vec<&'c crate::model::plugin::WasmPlugin>>,
    execution: &mut Execution,
) -> bool {
    let settings = call.settings;
    let reachable = reachable.get_or_insert_with(|| {
        plugin::reachable(config, settings.project_dir, settings.trust_project)
    });
    let run = plugin::run(call, plugin, reachable);
    trace!(
        call.settings,
        "hook `{}` ended: {}",
        call.hook.name,
        plugin_ending(&run.verdict)
    );
    execution.records.push(run.record);
    execution.verdicts.push(run.verdict);
    execution.interrupted = run.interrupted;
    run.interrupted.is_some()
}

/// One planned hook on its way to its executor, with what every executor may need.
struct Call<'a> {
    hook: &'a Hook,
    payload: &'a Payload,
    settings: &'a Settings<'a>,
    config: &'a Config,
    /// Its timeout, capped by `--timeout`.
    timeout: Duration,
    payloads: &'a mut Payloads,
}

impl Call<'_> {
    /// The fire's event context and the payload in the shape the hook's dialect gives it (what a
    /// command hook reads on stdin).
    fn shaped(&mut self) -> (Rc<str>, Rc<Vec<u8>>) {
        let timestamp = self.payloads.timestamp();
        let ctx = EventContext {
            event: self.settings.event,
            project_dir: self.settings.project_dir,
            payload: self.payload.map(),
            raw: self.payload.raw(),
            timestamp: &timestamp,
        };
        let bytes = self.payloads.get(self.hook.dialect.shape(self.hook), &ctx);
        (timestamp, bytes)
    }

    fn context<'t>(&'t self, timestamp: &'t str) -> EventContext<'t> {
        EventContext {
            event: self.settings.event,
            project_dir: self.settings.project_dir,
            payload: self.payload.map(),
            raw: self.payload.raw(),
            timestamp,
        }
    }

    fn display(&self) -> &str {
        &self.config.sources[self.hook.source].display
    }
}

/// The process executor: runs one command hook with its payload, environment and payload file,
/// and waits for its end.
/// With `detached`, the job is handed to an async worker instead (its payload file is the
/// worker's to make) and `None` is returned.
fn launch(
    call: &mut Call<'_>,
    form: &CommandForm,
    temp_dir: &mut Option<tempfile::TempDir>,
    detached: Option<(&mut detach::Pending, detach::Order)>,
) -> std::io::Result<Option<Finished>> {
    let (timestamp, bytes) = call.shaped();
    let (hook, settings, timeout) = (call.hook, call.settings, call.timeout);
    let ctx = call.context(&timestamp);
    let expanded = hook.dialect.expand_command(form, &ctx);
    let form = expanded.as_ref().unwrap_or(form);
    let mut env = hook.dialect.environment(hook, &ctx, &bytes);
    let mut files = Vec::new();
    let payload_file_var = hook.dialect.payload_file_var(hook);
    if let Some((pending, mut order)) = detached {
        let fire = FireContext {
            project_dir: settings.project_dir,
            event: settings.event,
            depth: settings.depth,
        };
        let job = job::job(hook, form, &fire, env, &bytes, timeout);
        order.work = detach::command_work(&job, payload_file_var.map(str::to_owned));
        pending.push(order, bytes.to_vec());
        return Ok(None);
    }
    if let Some(key) = payload_file_var {
        if temp_dir.is_none() {
            *temp_dir = Some(tempfile::Builder::new().prefix("hookrun-").tempdir()?);
        }
        let dir = temp_dir.as_ref().expect("created above").path();
        let created = payload_file(dir, &bytes)?;
        env.push((key.to_owned(), created.to_string_lossy().into_owned()));
        files.push(created);
    }
    trace!(
        settings,
        "hook `{}` ({}): running {} (timeout {})",
        hook.name,
        call.display(),
        form.display(),
        crate::config::duration::format_duration(timeout)
    );
    let fire = FireContext {
        project_dir: settings.project_dir,
        event: settings.event,
        depth: settings.depth,
    };
    let mut job = job::job(hook, form, &fire, env, &bytes, timeout);
    job.remove_after = files;
    Ok(Some(runner::run(job)))
}

/// What a fire's hooks share and make only when the first hook that needs it runs.
#[derive(Default)]
struct Kit {
    /// The directory of payload files.
    temp_dir: Option<tempfile::TempDir>,
    /// The outbound policy of http hooks.
    outbound: Option<crate::net::Policy>,
    /// Async hooks' work, started once every other hook has run.
    detached: detach::Pending,
    /// Every file's `[llm]` overlaid.
    llm: Option<crate::llm::LlmTable>,
}

/// Runs `call`'s hook with its kind's executor; every executor ends in a `Ran` that `judge`
/// reads (`None`: a kind hookrun does not run, already recorded by the plan).
fn run(call: &mut Call<'_>, kit: &mut Kit) -> std::io::Result<Option<Ran>> {
    Ok(Some(match &call.hook.handler {
        Handler::Command(form) => {
            let finished = launch(call, form, &mut kit.temp_dir, None)?;
            Ran::Process(finished.expect("a hook that is waited for"))
        }
        Handler::Http(http) => Ran::Reply(send_http(call, http, &mut kit.outbound)),
        Handler::Prompt(ask) => Ran::Reply(ask_model(call, ask, false, &mut kit.llm)),
        Handler::Agent(ask) => Ran::Reply(ask_model(call, ask, true, &mut kit.llm)),
        Handler::Guard(guard) => Ran::Process(guard::run(*guard, call.payload.value())),
        // Run by `plugin::run` before this is asked.
        Handler::Plugin(_) | Handler::Unsupported { .. } => return Ok(None),
    }))
}

/// An async hook: its work ordered for a detached worker, started after the fire's last hook.
fn detach(
    call: &mut Call<'_>,
    pending: &mut detach::Pending,
    outbound: &mut Option<crate::net::Policy>,
) -> std::io::Result<()> {
    let hook = call.hook;
    let order = detach::Order {
        event: call.settings.event.to_owned(),
        hook: hook.name.clone(),
        source: call.display().to_owned(),
        dialect: hook.dialect.name().to_owned(),
        log: call
            .settings
            .log
            .map(|log| std::path::absolute(log).unwrap_or_else(|_| log.to_path_buf())),
        timeout_ms: u64::try_from(call.timeout.as_millis()).unwrap_or(u64::MAX),
        grace_ms: u64::try_from(hook.kill_grace.as_millis()).unwrap_or(u64::MAX),
        work: detach::Work::Http {
            url: String::new(),
            headers: Vec::new(),
            allow: None,
        },
    };
    trace!(
        call.settings,
        "hook `{}` ({}): started, not waited for (async)",
        hook.name,
        call.display()
    );
    match &hook.handler {
        Handler::Command(form) => {
            launch(call, form, &mut None, Some((pending, order)))?;
        }
        Handler::Http(http) => {
            let bytes = http_body(call, http);
            let policy = outbound.get_or_insert_with(|| http::outbound_policy(call.config));
            let mut warn = |message: String| {
                crate::stderr::say!(
                    "hookrun: warning: hook `{}` ({}): {message}",
                    hook.name,
                    call.display()
                );
            };
            let work = detach::Work::Http {
                url: http::test_server().map_or_else(
                    || http.url.clone(),
                    |server| http::redirected(&http.url, &server),
                ),
                headers: http::headers(http, &mut warn),
                allow: policy.allow.clone(),
            };
            pending.push(detach::Order { work, ..order }, bytes.to_vec());
        }
        // The loaders refuse `async` on these: they are always waited for.
        Handler::Prompt(_)
        | Handler::Agent(_)
        | Handler::Guard(_)
        | Handler::Plugin(_)
        | Handler::Unsupported { .. } => {}
    }
    Ok(())
}

/// The body an http hook sends: its `payload_template` with each placeholder filled in as one
/// JSON value, or else the payload exactly as a command hook reads it.
fn http_body(call: &mut Call<'_>, http: &HttpHook) -> Rc<Vec<u8>> {
    let Some(template) = &http.payload_template else {
        return call.shaped().1;
    };
    let timestamp = call.payloads.timestamp();
    let values = crate::payload::template::Values {
        payload: call.payload.map(),
        event: call.settings.event,
        timestamp: &timestamp,
    };
    let body: serde_json::Map<String, serde_json::Value> = template
        .iter()
        .map(|(key, value)| {
            (
                key.clone(),
                crate::payload::template::expand_json(value, &values),
            )
        })
        .collect();
    Rc::new(serde_json::to_vec(&body).expect("JSON values serialise"))
}

/// The http executor: the payload a command hook would read (or the hook's
/// `payload_template`), sent to the hook's URL.
fn send_http(
    call: &mut Call<'_>,
    http: &HttpHook,
    outbound: &mut Option<crate::net::Policy>,
) -> Reply {
    let bytes = http_body(call, http);
    let policy = outbound.get_or_insert_with(|| http::outbound_policy(call.config));
    trace!(
        call.settings,
        "hook `{}` ({}): POST {} (timeout {})",
        call.hook.name,
        call.display(),
        http.url,
        crate::config::duration::format_duration(call.timeout)
    );
    let mut warn = |message: String| {
        crate::stderr::say!(
            "hookrun: warning: hook `{}` ({}): {message}",
            call.hook.name,
            call.display()
        );
    };
    http::send(http, &bytes, call.timeout, policy, &mut warn)
}

/// The prompt and agent executor: asks the model `[llm]` and the environment choose.
fn ask_model(
    call: &mut Call<'_>,
    ask: &crate::model::hook::Ask,
    agent: bool,
    llm: &mut Option<crate::llm::LlmTable>,
) -> Reply {
    let (_, bytes) = call.shaped();
    let llm = llm.get_or_insert_with(|| prompt::llm_table(&call.config.sources));
    trace!(
        call.settings,
        "hook `{}` ({}): asking a model{} (timeout {})",
        call.hook.name,
        call.display(),
        if agent { ", with tools" } else { "" },
        crate::config::duration::format_duration(call.timeout)
    );
    let mut reply = prompt::run(
        ask,
        agent,
        &bytes,
        call.settings.project_dir,
        call.timeout,
        llm,
    );
    if let Some(server) = &llm.base_url
        && http::test_server().is_some()
    {
        reply.details.insert(
            "test_server".into(),
            serde_json::Value::from(server.clone()),
        );
    }
    if let Err(failure) = &reply.answer {
        // Its guard did not answer: said whatever `--quiet` says, as for a hook hookrun cannot run.
        crate::stderr::say!(
            "hookrun: warning: hook `{}` ({}): {}",
            call.hook.name,
            call.display(),
            failure.message
        );
    }
    reply
}

/// Writes `bytes` to a new 0600 file in `dir`, removed when the returned path drops.
fn payload_file(dir: &Path, bytes: &[u8]) -> std::io::Result<tempfile::TempPath> {
    use std::io::Write as _;
    let mut file = tempfile::Builder::new()
        .prefix("payload-")
        .suffix(".json")
        .tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.flush()?;
    Ok(file.into_temp_path())
}

/// The serialised payload per shape, made once and reused until the payload changes.
#[derive(Default)]
struct Payloads {
    cache: Vec<(&'static str, Rc<Vec<u8>>)>,
    timestamp: Option<Rc<str>>,
}

impl Payloads {
    fn get(&mut self, shape: Shape, ctx: &EventContext<'_>) -> Rc<Vec<u8>> {
        if let Some((_, bytes)) = self.cache.iter().find(|(key, _)| *key == shape.key) {
            return Rc::clone(bytes);
        }
        // An Rc of the Vec keeps the one buffer (`Vec -> Rc<[u8]>` would copy a 64 MiB payload),
        // and a shape that passes the caller's bytes on shares theirs.
        let bytes = (shape.render)(ctx);
        self.cache.push((shape.key, Rc::clone(&bytes)));
        bytes
    }

    /// The fire's one timestamp (PRX's envelope and `ZERO_HOOK_TIMESTAMP`).
    fn timestamp(&mut self) -> Rc<str> {
        Rc::clone(
            self.timestamp
                .get_or_insert_with(|| crate::timestamp::rfc3339_now().into()),
        )
    }

    fn clear(&mut self) {
        self.cache.clear();
    }
}

/// Applies a hook's rewritten input so that the next hook sees it: it `replaces` the tool input
/// (under whichever spelling of [`crate::matching::TOOL_INPUT_FIELDS`] the payload has) whole
/// (Claude-shaped hooks), or is shallow-merged into it (other dialects).
fn chain_input(
    payload: &mut Map<String, Value>,
    rewrite: &Value,
    replaces: bool,
    final_input: &mut Option<Value>,
) {
    let field = crate::matching::TOOL_INPUT_FIELDS
        .iter()
        .copied()
        .find(|field| payload.contains_key(*field))
        .unwrap_or("tool_input");
    match (payload.get_mut(field), rewrite) {
        (Some(Value::Object(current)), Value::Object(changes)) if !replaces => {
            for (key, value) in changes {
                current.insert(key.clone(), value.clone());
            }
        }
        // The replaced input may nest deep: it is dropped without recursing.
        (Some(current @ Value::Object(_)), _) => {
            crate::payload::deep::drop(std::mem::replace(current, rewrite.clone()));
        }
        _ => {
            *final_input = Some(rewrite.clone());
            return;
        }
    }
    *final_input = payload.get(field).cloned();
}

/// How this hook's result may count: its dialect's policy, failing closed under
/// `--strict`.
fn policy(hook: &Hook, settings: &Settings<'_>) -> Policy {
    let policy = hook.dialect.policy(hook, settings.event);
    Policy {
        fail_closed: policy.fail_closed || settings.strict,
        ..policy
    }
}

/// Why a planned step does not run now, with the record it gets (none for a skip not worth one): skipped by
/// the plan, its dialect's chain ended by a deny, or a loop limit reached.
fn held_back(
    config: &Config,
    hook: &Hook,
    step: &Step,
    settings: &Settings<'_>,
    chain_ended: bool,
    payload: &Payload,
) -> Option<Vec<HookRecord>> {
    if let Some(skip) = &step.skip {
        if !skip.is_notable() {
            return Some(Vec::new());
        }
        let reason = skip.describe(hook);
        trace!(settings, "hook `{}` skipped: {reason}", hook.name);
        let mut record = skipped_record(config, hook, reason);
        if matches!(skip, Skip::Untrusted { .. }) {
            record.outcome = Some(Outcome::Untrusted);
        }
        return Some(vec![record]);
    }
    let reason = if chain_ended {
        format!("chain: an earlier {} filter hook denied", hook.dialect)
    } else {
        loop_limit::reached(hook, settings.event, payload.map())?
    };
    trace!(settings, "hook `{}` skipped: {reason}", hook.name);
    Some(vec![skipped_record(config, hook, reason)])
}

/// How a hook ended, for the `-v` trace: `exit 2, blocking, deny: no rm`.
fn ending(ran: &Ran, verdict: &Verdict) -> String {
    let how = match ran {
        Ran::Process(finished) => match &finished.exit {
            _ if finished.timed_out => "timed out".to_owned(),
            Exit::Code(code) => format!("exit {code}"),
            Exit::Signal(signal) => {
                format!("killed by {}", runner::terminate::signal_name(*signal))
            }
            Exit::SpawnFailed(why) => format!("did not start ({why})"),
        },
        Ran::Reply(reply) => match (&reply.answer, reply.details.get("http_status")) {
            (Err(failure), _) if failure.timed_out => "timed out".to_owned(),
            (_, Some(status)) => format!("status {status}"),
            (Ok(_), None) => "answered".to_owned(),
            (Err(_), None) => "no answer".to_owned(),
        },
    };
    let outcome = match verdict.outcome {
        crate::verdict::Outcome::Success => "success",
        crate::verdict::Outcome::Blocking => "blocking",
        crate::verdict::Outcome::NonBlockingError => "non-blocking error",
        crate::verdict::Outcome::Cancelled => "cancelled",
        crate::verdict::Outcome::Untrusted => "untrusted",
        crate::verdict::Outcome::Started => "started",
    };
    let decision = match verdict.decision {
        Decision::None => "no decision",
        decision => decision.name(),
    };
    let mut text = format!("{how}, {outcome}, {decision}");
    if let Some(why) = verdict.reason.as_ref().or(verdict.error.as_ref()) {
        text.push_str(": ");
        text.push_str(why.lines().next().unwrap_or_default());
    }
    text
}

/// How a plugin hook ended, for the `-v` trace: `non-blocking error: <why>`.
fn plugin_ending(verdict: &Verdict) -> String {
    let outcome = match verdict.outcome {
        Outcome::Success => "success",
        Outcome::Blocking => "blocking",
        Outcome::Cancelled => "cancelled",
        Outcome::NonBlockingError | Outcome::Untrusted | Outcome::Started => "non-blocking error",
    };
    match &verdict.error {
        Some(error) => format!("{outcome}: {}", error.lines().next().unwrap_or_default()),
        None => outcome.to_owned(),
    }
}

/// A hook whose handler type hookrun cannot run, met on an event it would have run for: said on
/// stderr whatever `--quiet` says (its guard is missing), recorded, and judged as a failure.
fn unsupported(
    config: &Config,
    hook: &Hook,
    kind: &str,
    settings: &Settings<'_>,
) -> (HookRecord, Verdict) {
    let error = format!("handler type `{kind}` is not supported by hookrun: not run");
    crate::stderr::say!(
        "hookrun: warning: hook `{}` ({}): {error}",
        hook.name,
        config.sources[hook.source].display
    );
    let verdict = crate::verdict::not_run(policy(hook, settings), error);
    let record = HookRecord {
        outcome: Some(verdict.outcome),
        decision: verdict.decision,
        reason: verdict.reason.clone(),
        error: verdict.error.clone(),
        skipped_reason: Some(format!(
            "unsupported: handler type `{kind}` is not supported yet"
        )),
        ..base_record(config, hook)
    };
    (record, verdict)
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
    ran: &Ran,
    verdict: &Verdict,
    limits: Limits,
) -> HookRecord {
    record_of(base_record(config, hook), ran, verdict, limits)
}

/// `base` (name, source, dialect) completed with what the hook did.
pub(crate) fn record_of(
    base: HookRecord,
    ran: &Ran,
    verdict: &Verdict,
    limits: Limits,
) -> HookRecord {
    let millis = |duration: Duration| u64::try_from(duration.as_millis()).unwrap_or(u64::MAX);
    let common = HookRecord {
        outcome: Some(verdict.outcome),
        decision: verdict.decision,
        reason: verdict.reason.clone(),
        duration_ms: Some(millis(ran.duration())),
        error: verdict.error.clone(),
        ignored_decision: verdict.ignored_decision,
        extra: verdict.said.extra.clone(),
        ..base
    };
    let finished = match ran {
        Ran::Process(finished) => finished,
        Ran::Reply(reply) => {
            let timed_out = matches!(&reply.answer, Err(failure) if failure.timed_out);
            return HookRecord {
                timed_out_after_ms: timed_out.then(|| millis(limits.timeout)),
                details: reply.details.clone(),
                ..common
            };
        }
    };
    let stderr = &finished.stderr.bytes[..finished.stderr.bytes.len().min(RECORD_STDERR)];
    let stderr = String::from_utf8_lossy(stderr).trim_end().to_owned();
    HookRecord {
        exit_code: match finished.exit {
            Exit::Code(code) => Some(code),
            _ => None,
        },
        signal: match finished.exit {
            Exit::Signal(signal) => Some(runner::terminate::signal_name(signal)),
            _ => None,
        },
        timed_out_after_ms: finished.timed_out.then(|| millis(limits.timeout)),
        killed: finished.killed.map(runner::terminate::Kill::name),
        leaked: u32::try_from(finished.leaked_count()).unwrap_or(u32::MAX),
        truncated: finished.stdout.overflowed || finished.stderr.overflowed,
        stderr: (!stderr.is_empty()).then_some(stderr),
        ..common
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rewrite_replacing_a_deeply_nested_input_drops_it_without_recursing() {
        let levels = crate::payload::deep::MAX_DEPTH - 2;
        let text = format!(
            "{{\"tool_input\":{}1{}}}",
            "{\"a\":[".repeat(levels / 2),
            "]}".repeat(levels / 2)
        );
        let mut payload: Map<String, Value> = {
            let Value::Object(map) = crate::payload::deep::parse(text.as_bytes()).unwrap() else {
                unreachable!("an object")
            };
            map
        };
        // A small stack: a recursive drop of 10 000 levels would overflow it.
        let chained = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                let mut final_input = None;
                let rewrite = serde_json::json!({"command": "ls"});
                chain_input(&mut payload, &rewrite, true, &mut final_input);
                final_input
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(chained, Some(serde_json::json!({"command": "ls"})));
    }
}
