//! `validate`'s checks of a PRX plugin hook: its component is there (a regular file inside the
//! plugin directory, not a symlink, at most 128 MiB, as PRX loads it), `hookrun-wasm check` says
//! it is a component exporting PRX's hook interface, and no other plugin has its name (PRX loads
//! only the first). The companion not being found is an error too: a plugin it cannot run is a
//! guard that is missing, never a silent skip.

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use super::{Finding, Site};
use crate::companion::Companion;
use crate::config::diagnostics::Severity;
use crate::model::Handler;
use crate::model::plugin::WasmPlugin;
use crate::runner::{self, Exit, Job};

/// PRX loads no component larger than this.
const MAX_WASM_BYTES: u64 = 128 * 1024 * 1024;
/// How long `hookrun-wasm check` may take (it reads and parses the component, compiles nothing).
const CHECK_TIMEOUT: Duration = Duration::from_secs(60);

/// Checks one plugin hook.
pub(super) fn check(site: &Site<'_>, plugin: &WasmPlugin, findings: &mut Vec<Finding>) {
    let name = &site.hook.name;
    let position = manifest_position(site, "wasm");
    let mut report = |message: String, help: &str| {
        findings.push(
            site.report(
                Severity::Error,
                "wasm",
                position,
                format!("plugin `{name}`: {message}"),
            )
            .help(help),
        );
    };
    if let Some(problem) = component_file(&plugin.wasm) {
        report(
            problem,
            "build the component into the plugin directory (`wasm` in [plugin], default plugin.wasm)",
        );
        return;
    }
    match Companion::Wasm.find() {
        Err(not_found) => report(
            format!("cannot check its component: {not_found}"),
            "install hookrun-wasm beside hookrun, or name it in HOOKRUN_WASM_BIN",
        ),
        Ok(companion) => {
            if let Err(problem) = companion_check(&companion, &plugin.wasm, &plugin.dir) {
                report(
                    problem,
                    "build it as a component of PRX's `hook` world (it exports prx:plugin/hook-exports)",
                );
            }
        }
    }
}

/// Where `[plugin] key` is written, else the `[plugin]` table.
fn manifest_position(site: &Site<'_>, key: &str) -> (usize, usize) {
    use crate::config::locate::Step;
    use crate::dialects::prx::plugin::locate;
    let text = &site.source.text;
    let table = Step::Key("plugin".into());
    match locate(text, &[table.clone(), Step::Key(key.into())], false) {
        (0, 0) => locate(text, &[table], false),
        found => found,
    }
}

/// What is wrong with the component file, as PRX would refuse it.
fn component_file(wasm: &Path) -> Option<String> {
    let shown = wasm.display();
    let meta = match std::fs::symlink_metadata(wasm) {
        Ok(meta) => meta,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Some(format!("its component {shown} does not exist"));
        }
        Err(error) => return Some(format!("cannot read its component {shown}: {error}")),
    };
    if meta.file_type().is_symlink() {
        return Some(format!(
            "its component {shown} is a symbolic link, which PRX refuses"
        ));
    }
    if !meta.is_file() {
        return Some(format!("its component {shown} is not a regular file"));
    }
    (meta.len() > MAX_WASM_BYTES).then(|| {
        format!(
            "its component {shown} is {} bytes, over PRX's limit of {MAX_WASM_BYTES}",
            meta.len()
        )
    })
}

/// Runs `hookrun-wasm check WASM` under the runner and reads its one JSON line.
fn companion_check(companion: &Path, wasm: &Path, dir: &Path) -> Result<(), String> {
    let job = Job {
        program: companion.as_os_str().to_owned(),
        args: vec!["check".into(), wasm.as_os_str().to_owned()],
        clear_env: true,
        env: vec![(
            std::borrow::Cow::Borrowed(std::ffi::OsStr::new("PATH")),
            std::borrow::Cow::Borrowed(std::ffi::OsStr::new(crate::execute::job::SAFE_PATH)),
        )],
        cwd: dir,
        stdin: None,
        remove_after: Vec::new(),
        timeout: CHECK_TIMEOUT,
        grace: Duration::from_secs(2),
    };
    let finished = runner::run(job);
    let said: Option<serde_json::Value> =
        serde_json::from_slice(finished.stdout.bytes.trim_ascii()).ok();
    let field = |key: &str| said.as_ref().and_then(|said| said.get(key).cloned());
    match finished.exit {
        Exit::Code(0)
            if field("component") == Some(true.into())
                && field("exports_hook") == Some(true.into()) =>
        {
            Ok(())
        }
        Exit::Code(0) => Err(format!(
            "`hookrun-wasm check` answered outside its protocol: {}",
            String::from_utf8_lossy(&finished.stdout.bytes).trim()
        )),
        Exit::Code(1) => Err(field("error")
            .and_then(|error| error.as_str().map(str::to_owned))
            .unwrap_or_else(|| "hookrun-wasm check refused the component".to_owned())),
        Exit::Code(code) => Err(format!(
            "`hookrun-wasm check` exited {code}: {}",
            String::from_utf8_lossy(&finished.stderr.bytes).trim()
        )),
        Exit::Signal(_) if finished.timed_out => Err(format!(
            "`hookrun-wasm check` did not answer within {}s",
            CHECK_TIMEOUT.as_secs()
        )),
        Exit::Signal(signal) => Err(format!(
            "`hookrun-wasm check` was killed by {}",
            runner::terminate::signal_name(signal)
        )),
        Exit::SpawnFailed(why) => Err(format!("`hookrun-wasm check` did not start: {why}")),
    }
}

/// A plugin name given by an earlier plugin too: PRX loads only the first.
pub(super) fn duplicates(sites: &[Site<'_>], findings: &mut Vec<Finding>) {
    let mut first: HashMap<&str, &Site<'_>> = HashMap::new();
    for site in sites {
        let Handler::Plugin(plugin) = &site.hook.handler else {
            continue;
        };
        let Some(earlier) = first.get(plugin.name.as_str()) else {
            first.insert(&plugin.name, site);
            continue;
        };
        let message = format!(
            "plugin name `{}` is already the name of the plugin in {}: PRX loads only the first",
            plugin.name, earlier.source.display
        );
        let position = manifest_position(site, "name");
        findings.push(
            site.report(Severity::Error, "plugin name", position, message)
                .help("give every plugin a unique [plugin] name"),
        );
    }
}
