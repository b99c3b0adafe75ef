//! PRX WebAssembly plugin hooks, the loader's side: `plugins/*/plugin.toml` discovery and `-c`,
//! positioned manifest errors, PRX's defaults, event patterns, `list`, `--dry-run`, `validate`,
//! trust, and `fire` through a fake `hookrun-wasm` (a shell script that keeps the work order it
//! is given and answers by the protocol). Real components are the companion's tests.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::harness::Case;

/// A manifest of a hook plugin named `name` listening to `events`.
fn manifest(name: &str, events: &[&str]) -> String {
    let events: Vec<String> = events.iter().map(|e| format!("{e:?}")).collect();
    format!(
        "[plugin]\nname = \"{name}\"\nversion = \"0.1.0\"\n\n[[capabilities]]\ntype = \"hook\"\n\
         name = \"{name}-hook\"\nevents = [{}]\n",
        events.join(", ")
    )
}

/// A project with one plugin directory `plugins/<name>/` (manifest and a component file).
fn with_plugin(case: Case, name: &str, events: &[&str]) -> Case {
    case.file(
        &format!("plugins/{name}/plugin.toml"),
        &manifest(name, events),
    )
    .file(&format!("plugins/{name}/plugin.wasm"), "\0asm not really")
}

/// A fake `hookrun-wasm` in the scratch home: `run` appends its work order to `orders.jsonl`
/// (one line per run), then prints `answer` and exits `code`; `check` prints `check` and exits
/// `check_code`.
fn companion(case: &Case, answer: &str, code: i32, check: &str, check_code: i32) -> PathBuf {
    let dir = case.home().join("bin");
    std::fs::create_dir_all(&dir).unwrap();
    let orders = case.home().join("orders.jsonl");
    let path = dir.join("hookrun-wasm");
    let script = format!(
        "#!/bin/sh\nif [ \"$1\" = check ]; then\n  printf '%s\\n' '{check}'\n  exit {check_code}\nfi\n\
         cat >> '{orders}'\necho >> '{orders}'\nprintf '%s\\n' '{answer}'\nexit {code}\n",
        orders = orders.display()
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    path
}

const OK: &str = r#"{"outcome":"ok","logs":[{"level":"info","message":"seen"}],"published":[],"compiled":"cached","fuel_used":1234,"duration_ms":2}"#;
const CHECK_OK: &str = r#"{"component":true,"exports_hook":true,"imports":["prx:host/log@0.1.0"]}"#;

fn orders(case: &Case) -> Vec<Value> {
    let text = std::fs::read_to_string(case.home().join("orders.jsonl")).unwrap_or_default();
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("a JSON work order"))
        .collect()
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

#[test]
fn fire_hands_the_companion_a_complete_work_order_and_records_its_answer() {
    // A hooks.json hook beside the plugin keeps the envelope PRX shell hooks get on stdin.
    let case = with_plugin(Case::new(), "audit", &["tool_call"]).file(
        "hooks.json",
        r#"{"hooks": {"tool_call": [{"command": "sh", "args": ["-c", "cat > envelope.out"], "stdin_json": true}]}}"#,
    );
    let bin = companion(&case, OK, 0, CHECK_OK, 0);
    let case = case.env("HOOKRUN_WASM_BIN", bin.to_str().unwrap());
    case.payload(json!({"session_id": "s-1", "tool": "Bash"}));
    let run = case
        .fire("prx.lifecycle.tool_call")
        .exit(0)
        .decision("none");
    let record = run.hook("audit");
    assert_eq!(record["outcome"], "success", "{record}");
    assert_eq!(record["dialect"], "prx");
    assert_eq!(record["source"], "plugins/audit/plugin.toml");
    assert_eq!(record["plugin_event"], "tool_call");
    assert_eq!(
        record["logs"],
        json!([{"level": "info", "message": "seen"}])
    );
    assert_eq!(record["compiled"], "cached");
    assert_eq!(record["fuel_used"], 1234);
    assert_eq!(record["exit_code"], 0);

    let orders = orders(&case);
    assert_eq!(orders.len(), 1);
    let order = &orders[0];
    assert_eq!(
        keys(order),
        [
            "cache_dir",
            "depth",
            "event",
            "payload_json",
            "plugin",
            "plugins",
            "state_dir",
            "version"
        ]
    );
    assert_eq!(order["version"], 1);
    assert_eq!(order["depth"], 0);
    assert_eq!(order["event"], "tool_call");
    let envelope = std::fs::read_to_string(case.at("envelope.out")).unwrap();
    assert_eq!(order["payload_json"], envelope.trim_end_matches('\n'));
    let parsed: Value = serde_json::from_str(order["payload_json"].as_str().unwrap()).unwrap();
    assert_eq!(parsed["event"], "tool_call");
    assert_eq!(parsed["session_id"], "s-1");
    assert_eq!(
        parsed["payload"],
        json!({"session_id": "s-1", "tool": "Bash"})
    );

    let plugin = &order["plugin"];
    plugin_has_every_field_with_prx_defaults(&case, plugin);
    assert_eq!(order["state_dir"], plugin["state_dir"]);
    assert!(
        plugin["state_dir"]
            .as_str()
            .unwrap()
            .ends_with(".hookrun/plugin-state/audit")
    );
    assert!(
        !case.at(".hookrun").exists(),
        "hookrun creates no state directory itself"
    );
    assert_eq!(order["plugins"], json!([plugin]));
    assert_eq!(
        PathBuf::from(order["cache_dir"].as_str().unwrap()),
        case.home().join("cache/hookrun/wasm")
    );
}

/// The work order's `plugin`: every field of the protocol, PRX's defaults filled in.
fn plugin_has_every_field_with_prx_defaults(case: &Case, plugin: &Value) {
    assert_eq!(
        keys(plugin),
        [
            "api_version",
            "config",
            "dir",
            "events",
            "name",
            "permissions",
            "resources",
            "state_dir",
            "version",
            "wasm"
        ]
    );
    let root = case.path().canonicalize().unwrap();
    let dir = Path::new(plugin["dir"].as_str().unwrap())
        .canonicalize()
        .unwrap();
    assert_eq!(dir, root.join("plugins/audit"));
    assert!(
        plugin["wasm"]
            .as_str()
            .unwrap()
            .ends_with("plugins/audit/plugin.wasm")
    );
    assert_eq!(plugin["api_version"], "1");
    assert_eq!(plugin["events"], json!(["tool_call"]));
    assert_eq!(
        plugin["resources"],
        json!({"max_fuel": 1_000_000_000u64, "max_memory_mb": 64, "max_execution_time_ms": 30000,
               "max_http_requests_per_call": 10, "max_kv_storage_mb": 10, "pool_size": 0})
    );
    assert_eq!(
        plugin["permissions"],
        json!({"required": [], "optional": [], "http_allowlist": [], "filesystem_allowlist": []})
    );
    assert_eq!(plugin["config"], json!({}));
}

#[test]
fn patterns_reach_the_name_the_lifecycle_topic_or_everything_with_prx_normalisation() {
    let case = with_plugin(Case::new(), "bare", &["tool_call"]);
    let case = with_plugin(case, "topic", &["prx.lifecycle.*"]);
    let case = with_plugin(case, "all", &["*"]);
    let case = with_plugin(case, "other", &["agent_start", "prx.lifecycle.agent_start"]);
    let case = with_plugin(case, "star", &["tool*"]);
    for fired in ["tool_call", "Tool-Call", "prx.lifecycle.tool_call"] {
        let run = case.fire_with(fired, &["--dry-run"]).exit(0);
        let delivered = |name: &str| run.hook(name)["plugin_event"].clone();
        assert_eq!(delivered("bare"), "tool_call", "{fired}");
        assert_eq!(delivered("topic"), "prx.lifecycle.tool_call", "{fired}");
        assert_eq!(delivered("all"), "tool_call", "{fired}");
        assert_eq!(run.hook("other")["matched"], false, "{fired}");
        // `tool*` is no wildcard on PRX's bus.
        assert_eq!(run.hook("star")["matched"], false, "{fired}");
        assert_eq!(run.hook("bare")["kind"], "plugin");
    }
}

#[test]
fn only_prx_lifecycle_events_reach_a_plugin_subscribed_to_prx_lifecycle_star() {
    // PRX publishes `prx.lifecycle.<event>` for its eight lifecycle events only.
    let case = with_plugin(Case::new(), "lifecycle", &["prx.lifecycle.*"]);
    let case = with_plugin(case, "other", &["other.*"]);
    let case = with_plugin(case, "exact", &["prx.lifecycle"]);
    let run = case.fire_with("other.thing", &["--dry-run"]).exit(0);
    assert_eq!(run.hook("lifecycle")["matched"], false);
    assert_eq!(run.hook("other")["plugin_event"], "other.thing");
    let run = case.fire_with("prx.lifecycle", &["--dry-run"]).exit(0);
    assert_eq!(run.hook("lifecycle")["matched"], false);
    assert_eq!(run.hook("exact")["plugin_event"], "prx.lifecycle");
    let run = case.fire_with("agent_end", &["--dry-run"]).exit(0);
    assert_eq!(
        run.hook("lifecycle")["plugin_event"],
        "prx.lifecycle.agent_end"
    );
}

#[test]
fn a_plugin_failure_is_a_non_blocking_error_even_under_strict() {
    let case = with_plugin(Case::new(), "audit", &["*"]);
    let answer = r#"{"outcome":"error","error":"out of fuel","kind":"fuel","logs":[],"published":[],"compiled":"compiled","fuel_used":5,"duration_ms":1}"#;
    let bin = companion(&case, answer, 1, CHECK_OK, 0);
    let case = case.env("HOOKRUN_WASM_BIN", bin.to_str().unwrap());
    let run = case
        .fire_with("tool_call", &["--strict"])
        .exit(0)
        .decision("none");
    let record = run.hook("audit");
    assert_eq!(record["outcome"], "non_blocking_error", "{record}");
    assert_eq!(record["error"], "out of fuel");
    assert_eq!(record["plugin_error_kind"], "fuel");
    assert_eq!(record["compiled"], "compiled");
}

#[test]
fn a_plugin_that_cannot_run_is_reported_and_fails_closed_under_strict() {
    let case = with_plugin(Case::new(), "audit", &["*"])
        .env("HOOKRUN_WASM_BIN", "/nonexistent/hookrun-wasm");
    let run = case.fire("tool_call").exit(0).stderr_has("hookrun-wasm");
    let record = run.hook("audit");
    assert_eq!(record["outcome"], "non_blocking_error", "{record}");
    assert!(
        record["error"]
            .as_str()
            .unwrap()
            .contains("HOOKRUN_WASM_BIN"),
        "{record}"
    );
    case.fire_with("tool_call", &["--strict"])
        .exit(2)
        .decision("deny");
    // A refused work order (exit 3) and an answer outside the protocol: the same.
    for (answer, code) in [("", 3), ("not json", 0), (OK, 1)] {
        let case = with_plugin(Case::new(), "audit", &["*"]);
        let bin = companion(&case, answer, code, CHECK_OK, 0);
        let case = case.env("HOOKRUN_WASM_BIN", bin.to_str().unwrap());
        let run = case.fire("tool_call").exit(0);
        assert_eq!(run.hook("audit")["outcome"], "non_blocking_error");
        case.fire_with("tool_call", &["--strict"])
            .exit(2)
            .decision("deny");
    }
}

#[test]
fn manifest_errors_are_positioned_and_stop_fire() {
    let case = Case::new().file(
        "plugins/bad/plugin.toml",
        "[plugin]\nname = \"bad\"\nversion = \"1\"\nwasm = \"/etc/x.wasm\"\n\n[config]\nlevel = 3\n\n[[capabilities]]\ntype = \"hook\"\nname = \"h\"\nevents = [\"*\"]\n",
    );
    case.fire("tool_call")
        .exit(1)
        .stderr_has("plugins/bad/plugin.toml:4:8")
        .stderr_has("must stay within the plugin directory")
        .stderr_has("plugins/bad/plugin.toml:7:9")
        .stderr_has("`config.level` must be a string");
    case.run(&["validate"])
        .exit(1)
        .stdout_has("plugins/bad/plugin.toml:4:8");
}

#[test]
fn discovery_is_plugins_star_plugin_toml_and_c_names_a_manifest() {
    // A directory without a manifest, a file, and a tool plugin are no hooks.
    let case = with_plugin(Case::new(), "b-second", &["*"])
        .file("plugins/a-first/plugin.toml", &manifest("first", &["*"]))
        .file("plugins/readme.txt", "not a plugin")
        .file("plugins/empty/.keep", "")
        .file(
            "plugins/tool/plugin.toml",
            "[plugin]\nname = \"tool\"\nversion = \"1\"\n[[capabilities]]\ntype = \"tool\"\nname = \"t\"\n",
        );
    let run = case.fire_with("agent_end", &["--dry-run"]).exit(0);
    assert_eq!(run.hook_names(), ["first", "b-second"]);
    let elsewhere = Case::new().file("elsewhere/plugin.toml", &manifest("named", &["agent_end"]));
    let path = elsewhere.at("elsewhere/plugin.toml");
    let run = elsewhere
        .fire_with("agent_end", &["--dry-run", "-c", path.to_str().unwrap()])
        .exit(0);
    assert_eq!(run.hook_names(), ["named"]);
    assert_eq!(run.hook("named")["matched"], true);
}

#[test]
fn list_shows_plugin_hooks_with_prx_defaults() {
    let case = with_plugin(Case::new(), "audit", &["prx.lifecycle.*"]);
    let bin = companion(&case, OK, 0, CHECK_OK, 0);
    let case = case.env("HOOKRUN_WASM_BIN", bin.to_str().unwrap());
    let run = case.run(&["list", "--format", "json"]).exit(0);
    let listed: Value = serde_json::from_str(&run.stdout).unwrap();
    let hook = listed
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|source| source["hooks"].as_array().unwrap())
        .find(|hook| hook["name"] == "audit")
        .expect("the plugin hook is listed")
        .clone();
    assert_eq!(hook["handler"], "plugin");
    assert_eq!(hook["events"], json!(["prx.lifecycle.*"]));
    assert_eq!(hook["mode"], "observe");
    assert_eq!(hook["plugin"]["resources"]["max_memory_mb"], 64);
    assert_eq!(hook["timeout_ms"], 40_000);
    case.run(&["list"])
        .exit(0)
        .stdout_has("plugins/audit/plugin.toml (prx, project level");
}

#[test]
fn validate_checks_the_component_and_the_companion() {
    let case = Case::new().file("plugins/audit/plugin.toml", &manifest("audit", &["*"]));
    // No component file.
    case.run(&["validate"])
        .exit(1)
        .stdout_has("plugins/audit/plugin.toml:1:1")
        .stdout_has("does not exist");
    let case = case.file("plugins/audit/plugin.wasm", "x");
    // No companion.
    let missing = Case::new()
        .file("plugins/audit/plugin.toml", &manifest("audit", &["*"]))
        .file("plugins/audit/plugin.wasm", "x")
        .env("HOOKRUN_WASM_BIN", "/nonexistent/hookrun-wasm");
    missing
        .run(&["validate"])
        .exit(1)
        .stdout_has("hookrun-wasm");
    // The companion's check decides.
    let bin = companion(&case, OK, 0, r#"{"error":"not a component"}"#, 1);
    let refused = case.env("HOOKRUN_WASM_BIN", bin.to_str().unwrap());
    refused
        .run(&["validate"])
        .exit(1)
        .stdout_has("not a component");
    let bin = companion(&refused, OK, 0, CHECK_OK, 0);
    assert!(bin.exists());
    refused.run(&["validate"]).exit(0);
}

#[test]
fn two_plugins_of_one_name_are_a_validate_error() {
    let case = with_plugin(Case::new(), "one", &["*"])
        .file("plugins/two/plugin.toml", &manifest("one", &["*"]))
        .file("plugins/two/plugin.wasm", "x");
    let bin = companion(&case, OK, 0, CHECK_OK, 0);
    case.env("HOOKRUN_WASM_BIN", bin.to_str().unwrap())
        .run(&["validate"])
        .exit(1)
        .stdout_has(
            "plugin name `one` is already the name of the plugin in plugins/one/plugin.toml",
        );
}

#[test]
fn a_plugin_needs_trust_and_a_new_component_revokes_it() {
    let case = with_plugin(Case::new(), "audit", &["*"]).untrusted();
    let bin = companion(&case, OK, 0, CHECK_OK, 0);
    let case = case.env("HOOKRUN_WASM_BIN", bin.to_str().unwrap());
    let run = case.fire("tool_call").exit(0);
    assert_eq!(run.hook("audit")["outcome"], "untrusted");
    case.run(&["trust", "--yes"]).exit(0);
    assert_eq!(
        case.fire("tool_call").exit(0).hook("audit")["outcome"],
        "success"
    );
    std::fs::write(case.at("plugins/audit/plugin.wasm"), "\0asm rebuilt").unwrap();
    let run = case.fire("tool_call").exit(0);
    assert_eq!(run.hook("audit")["outcome"], "untrusted");
    assert!(
        run.hook("audit")["skipped_reason"]
            .as_str()
            .unwrap()
            .contains("changed")
    );
}

#[test]
fn a_plugin_added_after_a_cached_fire_is_seen() {
    let case = Case::new().file("hooks.json", r#"{"hooks": {"tool_call": []}}"#);
    case.fire("tool_call").exit(0);
    case.fire("tool_call").exit(0);
    let case = case.file("plugins/late/.keep", "");
    case.fire("tool_call").exit(0);
    let case = with_plugin(case, "late", &["*"]);
    let run = case.fire_with("tool_call", &["--dry-run"]).exit(0);
    assert_eq!(run.hook_names(), ["late"]);
}
