//! `hookrun-wasm`, driven directly with work orders: every limit trips, the host interfaces work,
//! nested publishes stop at depth 8, compiled components are cached, and `check` tells a hook
//! component from anything else. Plugins are built from WAT while the tests run (`wasm_build`).

use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::wasm_build::{self, build_hook_component};

fn host_bin() -> &'static str {
    env!("CARGO_BIN_EXE_hookrun-wasm")
}

/// A scratch project: plugins under `plugins/<name>/`, state under `state/<name>/`, one cache.
struct Project {
    dir: tempfile::TempDir,
}

impl Project {
    fn new() -> Project {
        Project {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn cache_dir(&self) -> PathBuf {
        self.path().join("cache/hookrun/wasm")
    }

    /// Builds a plugin from WAT; its order entry has PRX's defaults and `kv` + `events` granted.
    fn plugin(&self, name: &str, wat: &str, events: &[&str]) -> Value {
        let dir = self.path().join("plugins").join(name);
        let wasm = build_hook_component(&dir, wat);
        json!({
            "name": name, "version": "0.1.0", "api_version": "0.1",
            "dir": dir, "wasm": wasm, "events": events,
            "resources": {
                "max_fuel": 1_000_000_000u64, "max_memory_mb": 64, "max_execution_time_ms": 30_000,
                "max_kv_storage_mb": 10, "max_http_requests_per_call": 10, "pool_size": 0
            },
            "permissions": {
                "required": ["log", "kv", "events"], "optional": [],
                "http_allowlist": [], "filesystem_allowlist": []
            },
            "config": {},
            "state_dir": self.path().join("state").join(name),
        })
    }

    /// The order that runs `plugin` for `event`, with `others` as the rest of the project.
    fn order(&self, event: &str, plugin: &Value, others: &[&Value]) -> Value {
        let mut plugins = vec![plugin.clone()];
        plugins.extend(others.iter().map(|other| (*other).clone()));
        json!({
            "version": 1,
            "event": event,
            "payload_json": json!({"event": event, "payload": {"tool": "Bash"}}).to_string(),
            "plugin": plugin,
            "plugins": plugins,
            "state_dir": plugin["state_dir"],
            "cache_dir": self.cache_dir(),
            "depth": 0,
        })
    }
}

/// What `hookrun-wasm run` did with an order.
struct Answer {
    code: i32,
    json: Value,
    stderr: String,
    elapsed: Duration,
}

impl Answer {
    fn logs(&self) -> Vec<(String, String)> {
        self.json["logs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|log| {
                (
                    log["level"].as_str().unwrap().to_owned(),
                    log["message"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    }

    fn failed(&self, kind: &str, message: &str) {
        assert_eq!(self.code, 1, "{}\n{}", self.json, self.stderr);
        assert_eq!(self.json["outcome"], "error", "{}", self.json);
        assert_eq!(self.json["kind"], kind, "{}", self.json);
        let error = self.json["error"].as_str().unwrap();
        assert!(error.contains(message), "{error:?} lacks {message:?}");
    }

    fn ok(&self) {
        assert_eq!(self.code, 0, "{}\n{}", self.json, self.stderr);
        assert_eq!(self.json["outcome"], "ok", "{}", self.json);
        assert!(self.json.get("error").is_none() && self.json.get("kind").is_none());
    }
}

fn run_text(input: &[u8]) -> Answer {
    let started = Instant::now();
    let mut child = Command::new(host_bin())
        .arg("run")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input).unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    Answer {
        code: output.status.code().unwrap(),
        json: serde_json::from_str(&stdout).unwrap_or(Value::Null),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        elapsed: started.elapsed(),
    }
}

fn run(order: &Value) -> Answer {
    run_text(order.to_string().as_bytes())
}

fn check(file: &Path) -> (i32, Value) {
    let output = Command::new(host_bin())
        .arg("check")
        .arg(file)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&output.stdout).unwrap();
    (output.status.code().unwrap(), json)
}

#[test]
fn an_ok_plugin_answers_ok_and_its_second_run_comes_from_the_cache() {
    let project = Project::new();
    let plugin = project.plugin("quiet", &wasm_build::ok(), &["*"]);
    let first = run(&project.order("tool_call", &plugin, &[]));
    first.ok();
    assert_eq!(first.json["compiled"], "compiled");
    assert!(
        first.json["fuel_used"].as_u64().unwrap() > 0,
        "{}",
        first.json
    );
    assert_eq!(first.json["logs"], json!([]));
    assert_eq!(first.json["published"], json!([]));
    let second = run(&project.order("tool_call", &plugin, &[]));
    second.ok();
    assert_eq!(second.json["compiled"], "cached");
    let entries: Vec<_> = std::fs::read_dir(project.cache_dir()).unwrap().collect();
    assert_eq!(
        entries.len(),
        1,
        "one entry, no temporary file left: {entries:?}"
    );
}

#[test]
fn a_corrupted_cache_entry_is_ignored_and_replaced() {
    let project = Project::new();
    let plugin = project.plugin("quiet", &wasm_build::ok(), &["*"]);
    run(&project.order("e", &plugin, &[])).ok();
    let entry = std::fs::read_dir(project.cache_dir())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let mut bytes = std::fs::read(&entry).unwrap();
    let last = bytes.len() - 100;
    bytes[last] ^= 0xff;
    std::fs::write(&entry, &bytes).unwrap();
    let again = run(&project.order("e", &plugin, &[]));
    again.ok();
    assert_eq!(again.json["compiled"], "compiled");
    let logs = again.logs();
    assert!(
        logs.iter()
            .any(|(level, message)| level == "warn" && message.contains("was unusable")),
        "{logs:?}"
    );
    let third = run(&project.order("e", &plugin, &[]));
    third.ok();
    assert_eq!(third.json["compiled"], "cached");
}

#[test]
fn err_is_a_failure_with_the_plugins_message() {
    let project = Project::new();
    let plugin = project.plugin("refuser", &wasm_build::err("audit log is full"), &["*"]);
    let answer = run(&project.order("tool_call", &plugin, &[]));
    answer.failed("err", "audit log is full");
    assert_eq!(answer.json["error"], "audit log is full");
}

#[test]
fn an_infinite_loop_ends_on_time() {
    let project = Project::new();
    let mut plugin = project.plugin("spinner", &wasm_build::infinite_loop(), &["*"]);
    plugin["resources"]["max_execution_time_ms"] = json!(300);
    let answer = run(&project.order("tool_call", &plugin, &[]));
    answer.failed("timeout", "max_execution_time_ms (300 ms)");
    assert!(
        answer.elapsed < Duration::from_secs(20),
        "{:?}",
        answer.elapsed
    );
    let ran = answer.json["duration_ms"].as_u64().unwrap();
    assert!(ran >= 300, "{ran} ms");
}

#[test]
fn memory_growth_past_max_memory_mb_stops_the_plugin() {
    let project = Project::new();
    let mut plugin = project.plugin("hog", &wasm_build::memory_hog(), &["*"]);
    plugin["resources"]["max_memory_mb"] = json!(8);
    let answer = run(&project.order("tool_call", &plugin, &[]));
    answer.failed("memory", "past max_memory_mb (8388608 bytes)");
}

#[test]
fn fuel_runs_out_at_max_fuel() {
    let project = Project::new();
    let mut plugin = project.plugin("burner", &wasm_build::fuel_burner(), &["*"]);
    plugin["resources"]["max_fuel"] = json!(1_000_000);
    let answer = run(&project.order("tool_call", &plugin, &[]));
    answer.failed("fuel", "out of fuel (max_fuel 1000000)");
    assert_eq!(answer.json["fuel_used"], 1_000_000);
}

#[test]
fn log_and_config_reach_the_answer() {
    let project = Project::new();
    let mut plugin = project.plugin("logger", &wasm_build::logger(), &["*"]);
    plugin["config"] = json!({"greeting": "hello from plugin.toml"});
    let order = project.order("prx.lifecycle.tool_call", &plugin, &[]);
    let answer = run(&order);
    answer.ok();
    assert_eq!(
        answer.logs(),
        [
            ("info".to_owned(), "prx.lifecycle.tool_call".to_owned()),
            (
                "debug".to_owned(),
                order["payload_json"].as_str().unwrap().to_owned()
            ),
            ("warn".to_owned(), "hello from plugin.toml".to_owned()),
        ]
    );
    plugin["config"] = json!({});
    let bare = run(&project.order("e", &plugin, &[]));
    assert_eq!(
        bare.logs()[2],
        ("error".to_owned(), "no greeting".to_owned())
    );
}

#[test]
fn kv_persists_across_runs_in_the_plugins_state_dir() {
    let project = Project::new();
    let plugin = project.plugin("counter", &wasm_build::kv_counter(), &["*"]);
    for expected in ["1", "2", "3"] {
        let answer = run(&project.order("e", &plugin, &[]));
        answer.ok();
        assert_eq!(answer.logs(), [("info".to_owned(), expected.to_owned())]);
    }
    let state = project.path().join("state/counter");
    let mode = std::fs::metadata(&state).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700);
}

#[test]
fn kv_without_the_permission_is_refused_and_said() {
    let project = Project::new();
    let mut plugin = project.plugin("counter", &wasm_build::kv_counter(), &["*"]);
    plugin["permissions"]["required"] = json!(["log"]);
    plugin["permissions"]["optional"] = json!(["kv"]);
    let answer = run(&project.order("e", &plugin, &[]));
    answer.failed("err", "permission 'kv' not granted for plugin 'counter'");
    assert!(
        answer
            .logs()
            .iter()
            .all(|(level, message)| level == "warn" && message.starts_with("hookrun: permission")),
        "{:?}",
        answer.logs()
    );
    assert!(!project.path().join("state/counter").exists());
}

#[test]
fn kv_is_capped_at_max_kv_storage_mb_across_runs() {
    let project = Project::new();
    let mut plugin = project.plugin("filler", &wasm_build::kv_filler(600_000), &["*"]);
    plugin["resources"]["max_kv_storage_mb"] = json!(1);
    run(&project.order("a", &plugin, &[])).ok();
    let over = run(&project.order("b", &plugin, &[]));
    over.failed(
        "err",
        "plugin KV quota exceeded: requested 1200002 bytes, limit 1048576",
    );
    run(&project.order("a", &plugin, &[])).ok(); // replacing a value stays within the quota
}

#[test]
fn nested_publish_runs_matching_plugins_and_stops_at_depth_8() {
    let project = Project::new();
    let publisher = project.plugin(
        "echo",
        &wasm_build::nested_publisher("chain.link"),
        &["start", "chain.*"],
    );
    let bystander = project.plugin("bystander", &wasm_build::ok(), &["other"]);
    let answer = run(&project.order("start", &publisher, &[&bystander]));
    answer.ok();
    let chain = answer.json["published"].as_array().unwrap();
    let depths: Vec<u64> = chain.iter().map(|p| p["depth"].as_u64().unwrap()).collect();
    assert_eq!(depths, (1..=8).collect::<Vec<_>>());
    for publish in chain {
        assert_eq!(publish["topic"], "chain.link");
        assert_eq!(
            publish["deliveries"],
            json!([{"plugin": "echo", "outcome": "ok"}])
        );
    }
    let logs = answer.logs();
    assert!(
        logs.iter().any(|(level, message)| level == "warn"
            && message
                .starts_with("echo (depth 8): event bus: recursion depth limit (8) exceeded")),
        "{logs:?}"
    );
}

#[test]
fn a_subscribers_failure_is_its_own_and_reported_in_published() {
    let project = Project::new();
    let publisher = project.plugin(
        "announcer",
        &wasm_build::nested_publisher("prx.audit.done"),
        &["tool_call"],
    );
    let failing = project.plugin("grumpy", &wasm_build::err("not today"), &["prx.*"]);
    let logger = project.plugin("logger", &wasm_build::logger(), &["prx.audit.*"]);
    let deaf = project.plugin("deaf", &wasm_build::ok(), &["prx.lifecycle.*"]);
    let answer = run(&project.order("tool_call", &publisher, &[&failing, &logger, &deaf]));
    answer.ok();
    assert_eq!(
        answer.json["published"],
        json!([{"topic": "prx.audit.done", "depth": 1, "deliveries": [
            {"plugin": "grumpy", "outcome": "error", "error": "not today", "kind": "err"},
            {"plugin": "logger", "outcome": "ok"},
        ]}])
    );
    assert_eq!(
        answer.logs()[0],
        (
            "info".to_owned(),
            "logger (depth 1): prx.audit.done".to_owned()
        )
    );
}

#[test]
fn publishing_without_the_events_permission_is_refused() {
    let project = Project::new();
    let mut publisher = project.plugin("echo", &wasm_build::nested_publisher("chain"), &["*"]);
    publisher["permissions"]["required"] = json!([]);
    let answer = run(&project.order("start", &publisher, &[]));
    answer.ok();
    assert_eq!(answer.json["published"], json!([]));
    let logs = answer.logs();
    assert!(
        logs.iter()
            .any(|(_, message)| message.contains("permission 'events' denied for plugin 'echo'")),
        "{logs:?}"
    );
}

#[test]
fn prx_audit_hook_counts_events_in_kv_and_publishes_milestones() {
    let project = Project::new();
    let audit = project.plugin("audit-hook", &wasm_build::audit(), &["prx.lifecycle.*"]);
    let milestones = project.plugin("logger", &wasm_build::logger(), &["prx.audit.*"]);
    let info = |answer: &Answer| -> Vec<String> {
        answer
            .logs()
            .into_iter()
            .filter(|(level, _)| level == "info")
            .map(|(_, message)| message)
            .collect()
    };
    let first = run(&project.order("prx.lifecycle.tool_call", &audit, &[&milestones]));
    first.ok();
    assert_eq!(
        first.logs()[0],
        (
            "debug".to_owned(),
            "audit-hook: received event 'prx.lifecycle.tool_call'".to_owned()
        )
    );
    assert_eq!(
        info(&first),
        ["audit-hook: event='prx.lifecycle.tool_call' count=1 total=1"]
    );
    let second = run(&project.order("prx.lifecycle.tool_call", &audit, &[&milestones]));
    assert_eq!(
        info(&second),
        ["audit-hook: event='prx.lifecycle.tool_call' count=2 total=2"]
    );
    // 97 more events of another kind, then the hundredth publishes the milestone.
    for _ in 0..97 {
        run(&project.order("prx.lifecycle.agent_start", &audit, &[]));
    }
    let hundredth = run(&project.order("prx.lifecycle.error", &audit, &[&milestones]));
    hundredth.ok();
    assert_eq!(
        info(&hundredth),
        [
            "audit-hook: event='prx.lifecycle.error' count=1 total=100",
            "logger (depth 1): prx.audit.milestone",
            "audit-hook: published milestone summary at total=100",
        ]
    );
    assert_eq!(
        hundredth.json["published"][0]["topic"],
        "prx.audit.milestone"
    );
    let payload = hundredth
        .logs()
        .into_iter()
        .find(|(level, message)| level == "debug" && message.starts_with("logger"));
    assert_eq!(
        payload.map(|(_, message)| message),
        Some(r#"logger (depth 1): {"total":100,"milestone":true}"#.to_owned())
    );
}

#[test]
fn filesystem_imports_are_refused_as_a_permission_failure() {
    let project = Project::new();
    let mut plugin = project.plugin("reader", &wasm_build::ok(), &["*"]);
    let wasm = wasm_build::component_with_filesystem(&project.path().join("plugins/reader-fs"));
    plugin["wasm"] = json!(wasm);
    plugin["permissions"]["required"] = json!(["log", "filesystem"]);
    plugin["permissions"]["filesystem_allowlist"] = json!([project.path()]);
    let answer = run(&project.order("e", &plugin, &[]));
    answer.failed("permission", "imports wasi:filesystem/preopens@0.2.0");
    let (code, report) = check(&wasm);
    assert_eq!(code, 1);
    let error = report["error"].as_str().unwrap();
    assert!(error.contains("no filesystem or network access"), "{error}");
}

#[test]
fn check_accepts_a_hook_component_and_lists_its_imports() {
    let project = Project::new();
    let wasm = build_hook_component(&project.path().join("p"), &wasm_build::audit());
    let (code, report) = check(&wasm);
    assert_eq!(code, 0, "{report}");
    assert_eq!(
        report,
        json!({"component": true, "exports_hook": true, "imports": [
            "prx:host/log@0.1.0", "prx:host/kv@0.1.0", "prx:host/events@0.1.0"
        ]})
    );
}

#[test]
fn check_refuses_a_core_module_a_component_without_the_hook_a_wrong_signature_and_junk() {
    let project = Project::new();
    let (code, report) = check(&wasm_build::core_module_file(project.path()));
    assert_eq!(code, 1);
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .contains("is a core WebAssembly module, not a component"),
        "{report}"
    );
    let (code, report) = check(&wasm_build::component_without_hook(project.path()));
    assert_eq!(code, 1);
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .contains("does not export prx:plugin/hook-exports@0.1.0 (it exports: run)"),
        "{report}"
    );
    let (code, report) = check(&wasm_build::component_with_wrong_signature(project.path()));
    assert_eq!(code, 1);
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .contains("on-event does not have PRX's signature"),
        "{report}"
    );
    let junk = project.path().join("junk.wasm");
    std::fs::write(&junk, "not wasm").unwrap();
    let (code, report) = check(&junk);
    assert_eq!(code, 1);
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .contains("not a WebAssembly file")
    );
    let (code, report) = check(&project.path().join("missing.wasm"));
    assert_eq!(code, 1);
    assert!(report["error"].as_str().unwrap().contains("is unreadable"));
}

#[test]
fn an_unusable_order_exits_3_with_the_reason_on_stderr() {
    let project = Project::new();
    let plugin = project.plugin("quiet", &wasm_build::ok(), &["*"]);
    let good = project.order("e", &plugin, &[]);
    let mut unknown = good.clone();
    unknown["plugin"]["resources"]["max_cpu"] = json!(1);
    let mut version = good.clone();
    version["version"] = json!(2);
    let mut missing = good.clone();
    missing.as_object_mut().unwrap().remove("cache_dir");
    let mut number = good;
    number["plugin"]["config"] = json!({"retries": 3});
    for (order, reason) in [
        (unknown.to_string(), "unknown field `max_cpu`"),
        (version.to_string(), "version 2"),
        (missing.to_string(), "missing field `cache_dir`"),
        (
            number.to_string(),
            "invalid type: integer `3`, expected a string",
        ),
        ("not json".to_owned(), "is not a version-1 order"),
    ] {
        let answer = run_text(order.as_bytes());
        assert_eq!(answer.code, 3, "{reason}: {}", answer.stderr);
        assert_eq!(answer.json, Value::Null, "nothing on stdout");
        assert!(
            answer.stderr.contains(reason),
            "{reason}: {}",
            answer.stderr
        );
    }
}

#[test]
fn a_missing_wasm_file_is_a_load_failure() {
    let project = Project::new();
    let mut plugin = project.plugin("gone", &wasm_build::ok(), &["*"]);
    plugin["wasm"] = json!(project.path().join("plugins/gone/nothing.wasm"));
    run(&project.order("e", &plugin, &[])).failed("load", "is unreadable");
}

/// Not a test: writes the plugins and work orders `bench/plugin` measures into
/// `$HOOKRUN_BENCH_PLUGIN_DIR` (run by that script with `--ignored`).
#[test]
#[ignore = "run by bench/plugin"]
fn bench_plugin_files() {
    let Some(dir) = std::env::var_os("HOOKRUN_BENCH_PLUGIN_DIR") else {
        panic!("HOOKRUN_BENCH_PLUGIN_DIR names the directory to write into");
    };
    let dir = PathBuf::from(dir);
    let project = Project {
        dir: tempfile::TempDir::new_in(&dir).unwrap(),
    };
    let quiet = project.plugin("quiet", &wasm_build::ok(), &["*"]);
    let audit = project.plugin("audit-hook", &wasm_build::audit(), &["prx.lifecycle.*"]);
    for (file, order) in [
        (
            "order-ok.json",
            project.order("prx.lifecycle.tool_call", &quiet, &[]),
        ),
        (
            "order-audit.json",
            project.order("prx.lifecycle.tool_call", &audit, &[]),
        ),
    ] {
        std::fs::write(dir.join(file), order.to_string()).unwrap();
    }
    std::fs::write(dir.join("cache-dir"), project.cache_dir().to_str().unwrap()).unwrap();
    // Kept for the script: the scratch project holds the plugins the orders name.
    let _ = project.dir.keep();
}
