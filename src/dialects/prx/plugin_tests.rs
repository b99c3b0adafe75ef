//! PRX plugin manifests: PRX's defaults, the union of hook events, and every refusal as a
//! positioned diagnostic.

use std::path::{Path, PathBuf};

use super::*;
use crate::model::hook::Source;

fn load_at(project: &Path, text: &str) -> DialectLoad {
    let source = Source::new(
        project.join("plugins/audit/plugin.toml"),
        "plugins/audit/plugin.toml".into(),
        crate::dialects::PRX,
        text.into(),
        crate::model::Level::Project,
    );
    load(&LoadContext {
        source: &source,
        index: 0,
        project_dir: project,
    })
}

fn load_text(text: &str) -> DialectLoad {
    load_at(Path::new("/p"), text)
}

fn plugin(load: &DialectLoad) -> &WasmPlugin {
    match &load.hooks[0].handler {
        Handler::Plugin(plugin) => plugin,
        other => panic!("not a plugin hook: {other:?}"),
    }
}

/// Each diagnostic as `line:column severity message`.
fn said(load: &DialectLoad) -> Vec<String> {
    load.diagnostics
        .iter()
        .map(|d| {
            let severity = if d.is_error() { "error" } else { "warning" };
            format!("{}:{} {severity} {}", d.line, d.column, d.message)
        })
        .collect()
}

const MINIMAL: &str = "[plugin]\nname = \"audit\"\nversion = \"0.1.0\"\n\n[[capabilities]]\ntype = \"hook\"\nname = \"h\"\nevents = [\"tool_call\"]\n";

#[test]
fn a_minimal_manifest_gets_prx_defaults() {
    let load = load_text(MINIMAL);
    assert!(load.diagnostics.is_empty(), "{:?}", said(&load));
    let hook = &load.hooks[0];
    assert_eq!(hook.name, "audit");
    assert_eq!(hook.mode, Mode::Observe);
    assert_eq!(hook.timeout, Duration::from_secs(30) + COMPILE_MARGIN);
    let plugin = plugin(&load);
    assert_eq!(plugin.api_version, "1");
    assert_eq!(plugin.wasm, PathBuf::from("/p/plugins/audit/plugin.wasm"));
    assert_eq!(plugin.dir, PathBuf::from("/p/plugins/audit"));
    assert_eq!(plugin.resources, Resources::default());
    assert_eq!(plugin.resources.max_fuel, 1_000_000_000);
    assert_eq!(plugin.resources.max_memory_mb, 64);
    assert_eq!(plugin.resources.max_kv_storage_mb, 10);
    assert_eq!(plugin.permissions, Permissions::default());
    assert_eq!(
        plugin.state_dir,
        PathBuf::from("/p/.hookrun/plugin-state/audit")
    );
}

#[test]
fn hook_events_are_the_union_of_hook_capabilities_only() {
    let text = "[plugin]\nname = \"a\"\nversion = \"1\"\n\
        [[capabilities]]\ntype = \"hook\"\nname = \"one\"\nevents = [\"tool_call\", \"prx.lifecycle.*\"]\n\
        [[capabilities]]\ntype = \"tool\"\nname = \"t\"\nevents = [\"agent_start\"]\n\
        [[capabilities]]\ntype = \"hook\"\nname = \"two\"\nevents = [\"tool_call\", \"*\"]\n";
    let load = load_text(text);
    assert!(load.diagnostics.is_empty(), "{:?}", said(&load));
    assert_eq!(plugin(&load).events, ["tool_call", "prx.lifecycle.*", "*"]);
    let EventSelector::Patterns(patterns) = &load.hooks[0].events else {
        panic!("patterns")
    };
    assert_eq!(patterns, &plugin(&load).events);
}

#[test]
fn a_plugin_without_a_hook_capability_is_no_hook() {
    let load = load_text(
        "[plugin]\nname = \"t\"\nversion = \"1\"\n[[capabilities]]\ntype = \"tool\"\nname = \"x\"\n",
    );
    assert!(load.diagnostics.is_empty());
    assert!(load.hooks.is_empty());
}

#[test]
fn every_field_prx_reads_is_read() {
    let text = r#"[plugin]
name = "full"
version = "2.0.0"
api_version = "0.1"
wasm = "build/hook.wasm"
description = "d"

[[capabilities]]
type = "hook"
name = "h"
events = ["agent_end"]

[permissions]
required = ["log", "kv"]
optional = ["http-outbound"]
http_allowlist = ["https://example.com/*"]
filesystem_allowlist = ["/tmp/x"]

[resources]
max_fuel = 5000
max_memory_mb = 8
max_execution_time_ms = 250
max_http_requests_per_call = 3
max_kv_storage_mb = 1
pool_size = 2

[config]
mode = "strict"
"#;
    let load = load_text(text);
    assert!(load.diagnostics.is_empty(), "{:?}", said(&load));
    let plugin = plugin(&load);
    assert_eq!(
        plugin.wasm,
        PathBuf::from("/p/plugins/audit/build/hook.wasm")
    );
    assert_eq!(plugin.api_version, "0.1");
    assert_eq!(plugin.permissions.required, ["log", "kv"]);
    assert_eq!(plugin.permissions.filesystem_allowlist, ["/tmp/x"]);
    assert_eq!(
        plugin.resources,
        Resources {
            max_fuel: 5000,
            max_memory_mb: 8,
            max_execution_time_ms: 250,
            max_http_requests_per_call: 3,
            max_kv_storage_mb: 1,
            pool_size: 2,
        }
    );
    assert_eq!(
        plugin.config.get("mode").map(String::as_str),
        Some("strict")
    );
    assert_eq!(
        load.hooks[0].timeout,
        Duration::from_millis(250) + COMPILE_MARGIN
    );
}

#[test]
fn refusals_are_errors_at_their_line_and_column() {
    let text = r#"[plugin]
name = ""
version = "1"
wasm = "../other.wasm"

[[capabilities]]
type = "hook"
name = "h"
events = ["tool_call"]

[resources]
max_fuel = -1
max_memory_mb = 1.5

[config]
retries = 3
"#;
    let load = load_text(text);
    assert!(load.hooks.is_empty());
    assert_eq!(
        said(&load),
        [
            "2:8 error the plugin's `name` is empty",
            "4:8 error `wasm` \"../other.wasm\" must stay within the plugin directory",
            "12:12 error `resources.max_fuel` must be a whole number from 0 to 18446744073709551615",
            "13:17 error `resources.max_memory_mb` must be a whole number from 0 to 18446744073709551615",
            "16:11 error `config.retries` must be a string, found the number 3",
        ]
    );
}

#[test]
fn a_missing_plugin_table_or_version_and_bad_toml_are_errors() {
    let none = load_text("[[capabilities]]\ntype = \"hook\"\nname = \"h\"\n");
    assert!(
        said(&none)[0].contains("has no `[plugin]` table"),
        "{:?}",
        said(&none)
    );
    let no_version = load_text("[plugin]\nname = \"a\"\n");
    assert!(
        said(&no_version)[0].contains("has no `version`"),
        "{:?}",
        said(&no_version)
    );
    let broken = load_text("[plugin\nname = 1");
    assert!(said(&broken)[0].starts_with("1:"), "{:?}", said(&broken));
    assert!(said(&broken)[0].contains("invalid TOML"));
}

#[test]
fn unknown_keys_and_patterns_that_never_fire_are_warnings() {
    let text = "[plugin]\nname = \"a\"\nversion = \"1\"\nhomepage = \"x\"\n\
        [[capabilities]]\ntype = \"hook\"\nname = \"h\"\nevents = [\"Tool-Call\"]\n\
        [[capabilities]]\ntype = \"hook\"\nname = \"empty\"\n";
    let load = load_text(text);
    assert_eq!(load.hooks.len(), 1);
    let said = said(&load);
    assert_eq!(said.len(), 3, "{said:?}");
    assert!(
        said[0].starts_with("4:1 warning unknown key `homepage`"),
        "{said:?}"
    );
    assert!(said[1].contains("`Tool-Call` never fires"), "{said:?}");
    assert!(said[2].contains("lists no `events`"), "{said:?}");
}

#[test]
fn state_names_stay_one_path_component() {
    assert_eq!(state_name("audit-hook_2"), "audit-hook_2");
    assert_eq!(state_name("../x"), "%2E%2E%2Fx");
    assert_eq!(state_name(".hidden"), "%2Ehidden");
}
