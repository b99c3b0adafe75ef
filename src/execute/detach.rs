//! Async hooks (the book, "Async hooks"): hookrun does not wait for them. Their work — the job a
//! command hook would run, or the request an http hook would send, made exactly as for a hook
//! that is waited for — is written to a 0600 work order file, and hookrun runs itself again as
//! a detached worker (`hookrun async-worker FILE`, hidden): in a session of its own, with no
//! descriptor of the fire but its standard streams on `/dev/null`. The worker runs the order
//! under the same timeout and kill rules, judges it with the hook's dialect's rules (it can
//! never block or rewrite: the fire is over), appends its record as one JSON line to the fire
//! log when there is one, and removes the order file and its payload file.
//!
//! The workers are started once every hook of the fire has run: after each hook the runner ends
//! everything the hook left running, and a worker started earlier would be among them.

use std::ffi::OsString;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::record::HookRecord;
use crate::model::{EventSelector, Handler, Hook, Mode};
use crate::runner::Job;
use crate::verdict::{Limits, Ran, judge};

/// hookrun's first argument when it runs as a worker.
pub(crate) const COMMAND: &str = "async-worker";

/// What a worker is to do: everything it needs, so that it reads no configuration.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Order {
    pub(crate) event: String,
    pub(crate) hook: String,
    pub(crate) source: String,
    pub(crate) dialect: String,
    /// The fire log to append the result to.
    pub(crate) log: Option<PathBuf>,
    pub(crate) timeout_ms: u64,
    pub(crate) grace_ms: u64,
    pub(crate) work: Work,
}

/// The work itself.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Work {
    /// A process, as the runner's job (the payload follows the order in its file).
    Command {
        program: OsString,
        args: Vec<OsString>,
        clear_env: bool,
        env: Vec<(OsString, OsString)>,
        cwd: PathBuf,
        stdin: bool,
        /// The variable naming the payload file, when the hook gets one (the worker makes it).
        payload_file_var: Option<String>,
    },
    /// A request: the URL, the headers already expanded.
    Http {
        url: String,
        headers: Vec<(String, String)>,
        allow: Option<Vec<String>>,
    },
}

/// Orders waiting for the fire's last hook.
#[derive(Default)]
pub(crate) struct Pending(Vec<(Order, Vec<u8>)>);

impl Pending {
    pub(crate) fn push(&mut self, order: Order, payload: Vec<u8>) {
        self.0.push((order, payload));
    }

    /// Writes each order and starts its worker; a worker that cannot start is said on stderr.
    pub(crate) fn start(self) {
        for (order, payload) in self.0 {
            if let Err(error) = start(&order, &payload) {
                crate::stderr::say!(
                    "hookrun: warning: async hook `{}` ({}): cannot start its worker: {error}",
                    order.hook,
                    order.source
                );
            }
        }
    }
}

/// The job of a command hook as a work order.
pub(crate) fn command_work(job: &Job<'_>, payload_file_var: Option<String>) -> Work {
    Work::Command {
        program: job.program.clone(),
        args: job.args.clone(),
        clear_env: job.clear_env,
        env: job
            .env
            .iter()
            .map(|(k, v)| (k.clone().into_owned(), v.clone().into_owned()))
            .collect(),
        cwd: job.cwd.to_path_buf(),
        stdin: job.stdin.is_some(),
        payload_file_var,
    }
}

fn start(order: &Order, payload: &[u8]) -> std::io::Result<()> {
    let mut file = tempfile::Builder::new()
        .prefix("hookrun-async-")
        .suffix(".order")
        .tempfile()?;
    serde_json::to_writer(&mut file, order).map_err(std::io::Error::other)?;
    file.write_all(b"\n")?;
    file.write_all(payload)?;
    file.flush()?;
    let (_, path) = file.keep().map_err(|error| error.error)?;
    let mut command = Command::new(std::env::current_exe()?);
    command
        .arg(COMMAND)
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // Registered as a worker: `hookrun serve` runs other fires' hooks meanwhile, and their sweeps
    // must leave it alone.
    let spawned = crate::runner::running::spawn_worker(|| command.spawn());
    match spawned {
        // Not waited for: it outlives the fire, and whoever inherits it reaps it.
        Ok(child) => drop(child),
        Err(error) => {
            let _ = std::fs::remove_file(&path);
            return Err(error);
        }
    }
    Ok(())
}

/// The worker: runs the order in `path`, removes it, and returns the record.
pub(crate) fn work(path: &Path) -> std::io::Result<(Order, HookRecord)> {
    // A session of its own: the agent's terminal and process group are not the worker's.
    let _ = rustix::process::setsid();
    let bytes = std::fs::read(path);
    let _ = std::fs::remove_file(path);
    let bytes = bytes?;
    let split = bytes
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| std::io::Error::other("a work order without its payload"))?;
    let order: Order = serde_json::from_slice(&bytes[..split]).map_err(std::io::Error::other)?;
    let payload = &bytes[split + 1..];
    let dialect = crate::dialects::by_name(&order.dialect)
        .ok_or_else(|| std::io::Error::other(format!("unknown dialect {}", order.dialect)))?;
    let limits = Limits {
        timeout: Duration::from_millis(order.timeout_ms),
        grace: Duration::from_millis(order.grace_ms),
    };
    let ran = match &order.work {
        Work::Command { .. } => Ran::Process(run_command(&order.work, payload, limits)?),
        Work::Http {
            url,
            headers,
            allow,
        } => {
            let policy = crate::net::Policy {
                allow: allow.clone(),
            };
            Ran::Reply(super::http::post(
                url,
                headers,
                payload,
                limits.timeout,
                &policy,
            ))
        }
    };
    // Judged by its dialect's rules, as an observer: nothing it says can count any more.
    let mut hook = Hook::new(
        dialect,
        0,
        EventSelector::Named(order.event.clone()),
        Handler::Unsupported {
            kind: String::new(),
        },
        PathBuf::from("/"),
        limits.timeout,
        &[],
    );
    hook.mode = Mode::Observe;
    let policy = dialect.policy(&hook, &order.event);
    let policy = crate::model::answer::Policy {
        can_block: false,
        ..policy
    };
    let verdict = judge(&ran, policy, limits, &order.hook);
    let base = HookRecord {
        name: order.hook.clone(),
        source: order.source.clone(),
        dialect: dialect.name(),
        ..HookRecord::default()
    };
    let record = super::record_of(base, &ran, &verdict, limits);
    Ok((order, record))
}

fn run_command(
    work: &Work,
    payload: &[u8],
    limits: Limits,
) -> std::io::Result<crate::runner::Finished> {
    let Work::Command {
        program,
        args,
        clear_env,
        env,
        cwd,
        stdin,
        payload_file_var,
    } = work
    else {
        unreachable!("called for command work")
    };
    let mut env: Vec<_> = env
        .iter()
        .map(|(k, v)| (k.as_os_str().into(), v.as_os_str().into()))
        .collect();
    // Kept until the process and its pipes are done, as for a hook that is waited for.
    let mut remove_after = Vec::new();
    if let Some(var) = payload_file_var {
        let mut file = tempfile::Builder::new()
            .prefix("hookrun-payload-")
            .suffix(".json")
            .tempfile()?;
        file.write_all(payload)?;
        file.flush()?;
        let path = file.into_temp_path();
        env.push((
            OsString::from(var).into(),
            path.as_os_str().to_owned().into(),
        ));
        remove_after.push(path);
    }
    crate::runner::signals::install()?;
    let job = Job {
        program: program.clone(),
        args: args.clone(),
        clear_env: *clear_env,
        env,
        cwd,
        stdin: stdin.then_some(payload),
        remove_after,
        timeout: limits.timeout,
        grace: limits.grace,
    };
    Ok(crate::runner::run(job))
}
