//! `POST /api/fire/{event}`: one fire, on a blocking thread, run by the engine `hookrun fire`
//! runs (`crate::engine`: plan, trust gate, runner, merge), answering exactly the bytes `fire`
//! would print.
//! The configuration is loaded once and kept ([`Loaded`]); before each fire every file the load
//! looked at is looked at again (device, inode, size, modification and change times; still absent;
//! same resolved path), and the configuration is loaded again when one changed. A load with errors
//! is reported and the last good configuration stays in use: never "no hooks".

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value;

use crate::cli::Cli;
use crate::config::sources::{Probe, recording};
use crate::error::Error;
use crate::model::Dialect;
use crate::output::agents;
use crate::output::document::Document;
use crate::sources::Config;

/// The configuration in use and what its load looked at.
pub(crate) struct Loaded {
    state: Mutex<Current>,
}

struct Current {
    good: Arc<Config>,
    /// What the last load (good or not) looked at: a broken file is not loaded again until it
    /// changes.
    probes: Vec<Probe>,
    /// Why the last load was not used, when it was not.
    error: Option<Arc<str>>,
}

impl Loaded {
    /// The first load: errors in it stop the server (there is no last good configuration).
    pub(crate) fn first(cli: &Cli, project_dir: &Path) -> Result<Loaded, Error> {
        let (config, probes) = recording(|| crate::commands::load_config(cli, project_dir));
        if config.has_errors() {
            return Err(Error::Config(config.diagnostics));
        }
        for warning in &config.diagnostics {
            crate::stderr::say!("{warning}");
        }
        Ok(Loaded {
            state: Mutex::new(Current {
                good: Arc::new(config),
                probes,
                error: None,
            }),
        })
    }

    /// The configuration to fire with, loaded again first when a file changed; with the error of
    /// the last load when it was broken (the previous configuration is then returned).
    pub(crate) fn current(&self, cli: &Cli, project_dir: &Path) -> (Arc<Config>, Option<Arc<str>>) {
        let mut current = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if !current.probes.iter().all(still) {
            let (config, probes) = recording(|| crate::commands::load_config(cli, project_dir));
            current.probes = probes;
            if config.has_errors() {
                let error = crate::config::diagnostics::render_errors(&config.diagnostics);
                crate::stderr::say!(
                    "hookrun serve: the configuration changed and does not load; the last good one stays in use:\n{error}"
                );
                current.error = Some(error.into());
            } else {
                if current.error.take().is_some() || cli.global.verbose {
                    crate::stderr::say!("hookrun serve: configuration reloaded");
                }
                current.good = Arc::new(config);
            }
        }
        (current.good.clone(), current.error.clone())
    }
}

/// Whether what a load saw at a path is still there.
fn still(probe: &Probe) -> bool {
    match probe {
        Probe::Absent(path) => matches!(
            std::fs::symlink_metadata(path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound
        ),
        Probe::File(path, key) => key.holds_at(path),
        Probe::Canonical(path, resolved) => std::fs::canonicalize(path).ok() == *resolved,
        Probe::Unusable => false,
    }
}

/// One fire's request.
pub(crate) struct Request {
    pub(crate) event: String,
    pub(crate) body: Vec<u8>,
    /// `?output=`: the agent answered as; `None` for hookrun's document.
    pub(crate) agent: Option<Dialect>,
    /// The caller's nesting depth (`X-Hookrun-Depth`, which hooks read as `HOOKRUN_DEPTH`).
    pub(crate) depth: u32,
    pub(crate) strict: bool,
    pub(crate) timeout: Option<std::time::Duration>,
}

/// What `fire` would have printed and exited with.
pub(crate) struct Printed {
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: Option<String>,
    pub(crate) code: u8,
    /// The payload, when the fire is to be published.
    pub(crate) payload: Option<Value>,
}

/// Runs one fire; an error is what `fire` would report (with `?output=`, in the agent's protocol:
/// [`failure`]).
pub(crate) fn fire(
    cli: &Cli,
    config: &Config,
    project_dir: &Path,
    request: Request,
    publish: bool,
) -> Result<Printed, Error> {
    let payload = crate::payload::from_bytes(request.body, "the request body".to_owned(), &[])?;
    let published = publish.then(|| Value::Object(payload.map().clone()));
    let fire = crate::engine::Request {
        event: &request.event,
        project_dir,
        agent: request.agent,
        depth: request.depth,
        strict: request.strict,
        timeout_cap: request.timeout,
        verbose: cli.global.verbose,
        log: None,
        trust_project: cli.global.trust_project,
    };
    let planned = crate::engine::plan(config, &fire, payload.value()).map_err(Error::Config)?;
    let fired = crate::engine::run(config, &planned, payload, &fire).map_err(Error::Runner)?;
    let merged = fired.merged;
    // As in `fire`: an interrupt (here, the server's shutdown past its grace) answers nothing,
    // unless a blocking decision was reached before it.
    if let Some(signal) = fired.interrupted.or_else(crate::runner::signals::received)
        && !merged.blocks()
    {
        return Err(Error::Interrupted(signal));
    }
    let line = |value: &dyn erased::Json| -> Result<Vec<u8>, Error> {
        let mut bytes = value.to_vec().map_err(|source| Error::Encode {
            what: "the answer",
            source,
        })?;
        bytes.push(b'\n');
        Ok(bytes)
    };
    let printed = if let Some(agent) = request.agent {
        let answer = agents::answer(agent, &request.event, &merged);
        Printed {
            stdout: match &answer.json {
                Some(json) => line(json)?,
                None => Vec::new(),
            },
            stderr: answer.stderr.clone(),
            code: answer.code,
            payload: published,
        }
    } else {
        let code = if merged.blocks() {
            crate::exit::BLOCK
        } else {
            crate::exit::OK
        };
        let document = Document::new(&request.event, merged, fired.records);
        Printed {
            stdout: line(&document)?,
            stderr: None,
            code,
            payload: published,
        }
    };
    Ok(printed)
}

/// What `fire --output AGENT` prints when hookrun itself fails: the agent's failure answer.
pub(crate) fn failure(agent: Dialect, error: &Error) -> Printed {
    let answer = agents::failure(agent, &format!("hookrun: {error}"));
    let stdout = answer
        .json
        .as_ref()
        .and_then(|json| serde_json::to_vec(json).ok())
        .map(|mut bytes| {
            bytes.push(b'\n');
            bytes
        })
        .unwrap_or_default();
    Printed {
        stdout,
        stderr: answer.stderr,
        code: answer.code,
        payload: None,
    }
}

/// Serialising the document or an agent's answer through one closure.
mod erased {
    pub(super) trait Json {
        fn to_vec(&self) -> serde_json::Result<Vec<u8>>;
    }

    impl<T: serde::Serialize> Json for T {
        fn to_vec(&self) -> serde_json::Result<Vec<u8>> {
            serde_json::to_vec(self)
        }
    }
}
