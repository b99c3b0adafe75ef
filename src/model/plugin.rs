//! A PRX WebAssembly plugin hook as the model holds it: what its `plugin.toml` says, with PRX's
//! defaults filled in, and where its files and state are. Serialised, it is the `plugin` of the
//! work order `hookrun-wasm run` reads (every field present, nothing else: the companion refuses
//! unknown fields).

use std::path::PathBuf;

use serde::Serialize;

/// One plugin that has a hook capability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct WasmPlugin {
    pub(crate) name: String,
    pub(crate) version: String,
    pub(crate) api_version: String,
    /// `[plugin] description` (for `list`; not part of the work order).
    #[serde(skip)]
    pub(crate) description: String,
    /// The plugin's directory (absolute).
    pub(crate) dir: PathBuf,
    /// The component file (absolute, inside `dir`).
    pub(crate) wasm: PathBuf,
    /// The union of its hook capabilities' `events` patterns, as written, first spelling first.
    pub(crate) events: Vec<String>,
    pub(crate) resources: Resources,
    pub(crate) permissions: Permissions,
    /// `[config]`: string values only, as PRX reads it (`prx:host/config`).
    pub(crate) config: std::collections::BTreeMap<String, String>,
    /// Where the plugin's persistent state (kv) lives (absolute; created by `hookrun-wasm` when
    /// first needed).
    pub(crate) state_dir: PathBuf,
}

/// `[resources]`, every key PRX reads, with PRX's defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct Resources {
    pub(crate) max_fuel: u64,
    pub(crate) max_memory_mb: u64,
    pub(crate) max_execution_time_ms: u64,
    pub(crate) max_http_requests_per_call: u64,
    pub(crate) max_kv_storage_mb: u64,
    pub(crate) pool_size: u64,
}

impl Default for Resources {
    /// PRX's defaults (`src/plugins/manifest.rs`).
    fn default() -> Resources {
        Resources {
            max_fuel: 1_000_000_000,
            max_memory_mb: 64,
            max_execution_time_ms: 30_000,
            max_http_requests_per_call: 10,
            max_kv_storage_mb: 10,
            pool_size: 0,
        }
    }
}

/// `[permissions]`: host interfaces and allowlists (all empty by default).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Permissions {
    pub(crate) required: Vec<String>,
    pub(crate) optional: Vec<String>,
    pub(crate) http_allowlist: Vec<String>,
    pub(crate) filesystem_allowlist: Vec<String>,
}
