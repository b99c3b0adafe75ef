//! PRX WebAssembly plugins end to end: real components (built from WAT by `wasm_build`) in a
//! project's `plugins/<name>/` directory, run by `hookrun fire` through the real `hookrun-wasm`.
//! The loader's side alone is `plugins` (with a fake companion); the host's alone is `wasm_host`.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::{Case, Run};
use crate::wasm_build;

/// One plugin of a test project: its manifest's parts beside the `[plugin]` table.
struct Plugin<'a> {
    name: &'a str,
    wat: String,
    events: &'a [&'a str],
    /// `[resources]` lines (`max_fuel = 1000000`, …).
    resources: &'a [&'a str],
    /// `[config]` lines.
    config: &'a [&'a str],
}

impl<'a> Plugin<'a> {
    fn new(name: &'a str, wat: String, events: &'a [&'a str]) -> Plugin<'a> {
        Plugin {
            name,
            wat,
            events,
            resources: &[],
            config: &[],
        }
    }

    fn resources(mut self, lines: &'a [&'a str]) -> Plugin<'a> {
        self.resources = lines;
        self
    }

    fn config(mut self, lines: &'a [&'a str]) -> Plugin<'a> {
        self.config = lines;
        self
    }

    /// PRX's manifest: one hook capability, `kv` and `events` required.
    fn manifest(&self) -> String {
        let events: Vec<String> = self.events.iter().map(|e| format!("{e:?}")).collect();
        format!(
            "[plugin]\nname = \"{name}\"\nversion = \"0.1.0\"\napi_version = \"0.1\"\n\n\
             [[capabilities]]\ntype = \"hook\"\nname = \"{name}-hook\"\nevents = [{events}]\n\n\
             [permissions]\nrequired = [\"log\", \"kv\", \"events\"]\n\n\
             [resources]\n{resources}\n\n[config]\n{config}\n",
            name = self.name,
            events = events.join(", "),
            resources = self.resources.join("\n"),
            config = self.config.join("\n"),
        )
    }

    /// Writes `plugins/<name>/plugin.toml` and builds `plugins/<name>/plugin.wasm`.
    fn add_to(self, case: Case) -> Case {
        let case = case.file(
            &format!("plugins/{}/plugin.toml", self.name),
            &self.manifest(),
        );
        wasm_build::build_hook_component(&case.at(&format!("plugins/{}", self.name)), &self.wat);
        case
    }
}

/// A project whose fires run the real companion.
fn project() -> Case {
    Case::new().env("HOOKRUN_WASM_BIN", env!("CARGO_BIN_EXE_hookrun-wasm"))
}

/// A hook record's `logs` as `(level, message)` pairs.
fn logs(record: &Value) -> Vec<(String, String)> {
    record["logs"]
        .as_array()
        .unwrap_or_else(|| panic!("no logs in {record}"))
        .iter()
        .map(|log| {
            (
                log["level"].as_str().unwrap().to_owned(),
                log["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn log(level: &str, message: &str) -> (String, String) {
    (level.to_owned(), message.to_owned())
}

/// The failed plugin hook `name` of `run`: a `non_blocking_error` of `kind` whose error has
/// `message`, and the decision left alone (plugin hooks observe).
fn failed(run: &Run, name: &str, kind: &str, message: &str) -> Value {
    let record = run.hook(name);
    assert_eq!(record["outcome"], "non_blocking_error", "{record}");
    assert_eq!(record["plugin_error_kind"], kind, "{record}");
    let error = record["error"].as_str().unwrap();
    assert!(error.contains(message), "{error:?} lacks {message:?}");
    assert_eq!(run.json()["decision"], "none", "{}", run.stdout);
    record
}

#[test]
fn an_ok_plugin_is_a_success_with_its_logs_and_its_second_fire_is_cached() {
    let case = Plugin::new("greeter", wasm_build::logger(), &["tool_call"])
        .config(&["greeting = \"hello from plugin.toml\""])
        .add_to(project());
    case.payload(json!({"session_id": "s-1", "tool": "Bash"}));
    let first = case
        .fire_with("prx.lifecycle.tool_call", &["-v"])
        .exit(0)
        .decision("none")
        .stderr_has("hook `greeter` log [warn]: hello from plugin.toml");
    let record = first.hook("greeter");
    assert_eq!(record["outcome"], "success", "{record}");
    assert_eq!(record["plugin_event"], "tool_call");
    assert_eq!(record["compiled"], "compiled");
    assert!(record["fuel_used"].as_u64().unwrap() > 0, "{record}");
    let logged = logs(&record);
    assert_eq!(logged[0], log("info", "tool_call"));
    assert_eq!(logged[2], log("warn", "hello from plugin.toml"));
    // The payload the plugin got is the envelope PRX shell hooks get.
    let (level, payload) = &logged[1];
    assert_eq!(level, "debug");
    let envelope: Value = serde_json::from_str(payload).unwrap();
    assert_eq!(envelope["event"], "tool_call");
    assert_eq!(
        envelope["payload"],
        json!({"session_id": "s-1", "tool": "Bash"})
    );

    let second = case.fire("prx.lifecycle.tool_call").exit(0);
    let record = second.hook("greeter");
    assert_eq!(record["outcome"], "success", "{record}");
    assert_eq!(record["compiled"], "cached");
    let cache = case.home().join("cache/hookrun/wasm");
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 1, "{cache:?}");
}

#[test]
fn err_is_a_non_blocking_error_with_the_message_and_the_decision_stays_allow() {
    let case =
        Plugin::new("refuser", wasm_build::err("audit log is full"), &["*"]).add_to(project());
    let run = case.fire("tool_call").exit(0);
    let record = failed(&run, "refuser", "err", "audit log is full");
    assert_eq!(record["error"], "audit log is full");
    // Observe-only, also under --strict: the plugin ran and said no.
    let strict = case.fire_with("tool_call", &["--strict"]).exit(0);
    failed(&strict, "refuser", "err", "audit log is full");
}

#[test]
fn an_infinite_loop_ends_at_the_manifests_max_execution_time_ms() {
    let case = Plugin::new("spinner", wasm_build::infinite_loop(), &["*"])
        .resources(&["max_execution_time_ms = 200"])
        .add_to(project());
    let run = case
        .fire("tool_call")
        .exit(0)
        .within(Duration::from_secs(15));
    let record = failed(&run, "spinner", "timeout", "max_execution_time_ms (200 ms)");
    assert!(
        record["plugin_duration_ms"].as_u64().unwrap() >= 200,
        "{record}"
    );
}

#[test]
fn memory_past_the_manifests_max_memory_mb_stops_the_plugin() {
    let case = Plugin::new("hog", wasm_build::memory_hog(), &["*"])
        .resources(&["max_memory_mb = 8"])
        .add_to(project());
    let run = case.fire("tool_call").exit(0);
    failed(&run, "hog", "memory", "past max_memory_mb (8388608 bytes)");
}

#[test]
fn fuel_runs_out_at_the_manifests_max_fuel() {
    let case = Plugin::new("burner", wasm_build::fuel_burner(), &["*"])
        .resources(&["max_fuel = 1000000"])
        .add_to(project());
    let run = case.fire("tool_call").exit(0);
    let record = failed(&run, "burner", "fuel", "out of fuel (max_fuel 1000000)");
    assert_eq!(record["fuel_used"], 1_000_000);
}

#[test]
fn kv_persists_across_fires_under_the_projects_state_dir() {
    let case = Plugin::new("counter", wasm_build::kv_counter(), &["*"]).add_to(project());
    for expected in ["1", "2"] {
        let run = case.fire("tool_call").exit(0);
        let record = run.hook("counter");
        assert_eq!(record["outcome"], "success", "{record}");
        assert_eq!(logs(&record), [log("info", expected)]);
    }
    let state = case.at(".hookrun/plugin-state/counter");
    let files: Vec<PathBuf> = std::fs::read_dir(&state)
        .unwrap_or_else(|error| panic!("{state:?}: {error}"))
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "one store file, no temporary: {files:?}");
}

#[test]
fn a_nested_publish_reaches_a_second_plugin() {
    let case = Plugin::new(
        "announcer",
        wasm_build::nested_publisher("prx.audit.done"),
        &["tool_call"],
    )
    .add_to(project());
    let case = Plugin::new("listener", wasm_build::logger(), &["prx.audit.*"])
        .config(&["greeting = \"heard\""])
        .add_to(case);
    let run = case.fire("tool_call").exit(0);
    // The listener is no hook of this event; it runs only as the announcer's subscriber.
    assert_eq!(run.hook_names(), ["announcer"]);
    let record = run.hook("announcer");
    assert_eq!(record["outcome"], "success", "{record}");
    assert_eq!(
        record["published"],
        json!([{"topic": "prx.audit.done", "depth": 1,
                "deliveries": [{"plugin": "listener", "outcome": "ok"}]}])
    );
    let logged = logs(&record);
    assert!(
        logged.contains(&log("info", "listener (depth 1): prx.audit.done"))
            && logged.contains(&log("warn", "listener (depth 1): heard")),
        "{logged:?}"
    );
}

#[test]
fn the_lifecycle_topic_and_the_bare_name_are_both_reached_by_one_fire() {
    let case = Plugin::new("bare", wasm_build::logger(), &["tool_call"]).add_to(project());
    let case = Plugin::new("topic", wasm_build::logger(), &["prx.lifecycle.*"]).add_to(case);
    let case = Plugin::new("other", wasm_build::logger(), &["agent_start"]).add_to(case);
    for fired in ["prx.lifecycle.tool_call", "tool_call"] {
        let run = case.fire(fired).exit(0);
        let bare = run.hook("bare");
        assert_eq!(bare["outcome"], "success", "{fired}: {bare}");
        assert_eq!(logs(&bare)[0], log("info", "tool_call"), "{fired}");
        let topic = run.hook("topic");
        assert_eq!(topic["outcome"], "success", "{fired}: {topic}");
        assert_eq!(
            logs(&topic)[0],
            log("info", "prx.lifecycle.tool_call"),
            "{fired}"
        );
        assert_eq!(run.hook_names(), ["bare", "topic"], "{fired}");
    }
}

#[test]
fn validate_accepts_the_real_component_and_refuses_a_core_module() {
    let case = Plugin::new("audit", wasm_build::audit(), &["prx.lifecycle.*"]).add_to(project());
    case.run(&["validate"]).exit(0);
    let core = project().file(
        "plugins/core/plugin.toml",
        "[plugin]\nname = \"core\"\nversion = \"0.1.0\"\nwasm = \"core.wasm\"\n\n\
         [[capabilities]]\ntype = \"hook\"\nname = \"h\"\nevents = [\"*\"]\n",
    );
    wasm_build::core_module_file(&core.at("plugins/core"));
    core.run(&["validate"])
        .exit(1)
        .stdout_has("plugins/core/plugin.toml")
        .stdout_has("is a core WebAssembly module, not a component");
    // fire runs it anyway and records the companion's load error: never a silent skip.
    let run = core.fire("tool_call").exit(0);
    failed(
        &run,
        "core",
        "load",
        "is a core WebAssembly module, not a component",
    );
}

#[test]
fn list_and_dry_run_show_the_plugin_and_dry_run_runs_nothing() {
    let case = Plugin::new("counter", wasm_build::kv_counter(), &["prx.lifecycle.*"])
        .resources(&["max_execution_time_ms = 5000"])
        .add_to(project());
    case.run(&["list"])
        .exit(0)
        .stdout_has("plugins/counter/plugin.toml (prx, project level")
        .stdout_has("counter");
    let listed: Value =
        serde_json::from_str(&case.run(&["list", "--format", "json"]).exit(0).stdout).unwrap();
    let hook = listed
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|source| source["hooks"].as_array().unwrap())
        .find(|hook| hook["name"] == "counter")
        .expect("the plugin hook is listed")
        .clone();
    assert_eq!(hook["handler"], "plugin");
    assert_eq!(hook["plugin"]["resources"]["max_execution_time_ms"], 5000);
    let run = case
        .fire_with("prx.lifecycle.tool_call", &["--dry-run"])
        .exit(0);
    let record = run.hook("counter");
    assert_eq!(record["matched"], true, "{record}");
    assert_eq!(record["kind"], "plugin");
    assert_eq!(record["plugin_event"], "prx.lifecycle.tool_call");
    assert!(!case.at(".hookrun").exists(), "a dry run runs no plugin");
    assert!(!case.home().join("cache/hookrun/wasm").exists());
}

#[test]
fn prx_audit_hook_port_counts_events_in_kv_through_fire() {
    let case =
        Plugin::new("audit-hook", wasm_build::audit(), &["prx.lifecycle.*"]).add_to(project());
    let info = |run: &Run| -> Vec<String> {
        logs(&run.hook("audit-hook"))
            .into_iter()
            .filter(|(level, _)| level == "info")
            .map(|(_, message)| message)
            .collect()
    };
    let first = case.fire("prx.lifecycle.tool_call").exit(0);
    assert_eq!(first.hook("audit-hook")["outcome"], "success");
    assert_eq!(
        logs(&first.hook("audit-hook"))[0],
        log(
            "debug",
            "audit-hook: received event 'prx.lifecycle.tool_call'"
        )
    );
    assert_eq!(
        info(&first),
        ["audit-hook: event='prx.lifecycle.tool_call' count=1 total=1"]
    );
    let second = case.fire("tool_call").exit(0);
    assert_eq!(
        info(&second),
        ["audit-hook: event='prx.lifecycle.tool_call' count=2 total=2"]
    );
    let third = case.fire("agent_start").exit(0);
    assert_eq!(
        info(&third),
        ["audit-hook: event='prx.lifecycle.agent_start' count=1 total=3"]
    );
}
