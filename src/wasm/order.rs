//! The work order `hookrun` writes on `hookrun-wasm run`'s stdin, and the answer it reads back.
//!
//! The protocol is versioned: every field is always present (the loader fills PRX's defaults),
//! and an unknown field, a missing one or another version makes the order unusable (exit 3), so
//! the two sides can never silently disagree.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The protocol version this host speaks.
pub(super) const VERSION: u32 = 1;
/// PRX's event bus nests publishes at most this deep (`MAX_RECURSION_DEPTH`).
pub(super) const MAX_DEPTH: u32 = 8;

/// One run of one plugin's `on-event`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Order {
    pub(super) version: u32,
    /// The event string passed to `on-event`.
    pub(super) event: String,
    /// The payload string passed to `on-event`.
    pub(super) payload_json: String,
    /// The plugin to run.
    pub(super) plugin: Plugin,
    /// Every hook-capable plugin of the project: the subscribers of a nested publish.
    pub(super) plugins: Vec<Plugin>,
    /// The running plugin's state directory (its `state_dir`, repeated).
    pub(super) state_dir: PathBuf,
    /// Where compiled components are cached.
    pub(super) cache_dir: PathBuf,
    /// The nested-publish depth of this call (0 for a fire).
    pub(super) depth: u32,
}

/// One plugin, as its manifest says (PRX's defaults filled in).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Plugin {
    pub(super) name: String,
    #[expect(
        dead_code,
        reason = "read so the protocol stays exact; nothing in a run needs it"
    )]
    pub(super) version: String,
    #[expect(
        dead_code,
        reason = "read so the protocol stays exact; nothing in a run needs it"
    )]
    pub(super) api_version: String,
    pub(super) dir: PathBuf,
    pub(super) wasm: PathBuf,
    /// The union of the hook capabilities' event patterns, as written.
    pub(super) events: Vec<String>,
    pub(super) resources: Resources,
    pub(super) permissions: Permissions,
    /// The manifest's `[config]` table: strings only, as PRX reads it.
    pub(super) config: BTreeMap<String, String>,
    /// Where the plugin's kv store lives (created 0700 when first written).
    pub(super) state_dir: PathBuf,
}

/// `[resources]`: PRX's keys, every one present.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Resources {
    pub(super) max_fuel: u64,
    pub(super) max_memory_mb: u64,
    pub(super) max_execution_time_ms: u64,
    pub(super) max_kv_storage_mb: u64,
    /// For PRX's `http-outbound`, which the hook world does not import.
    #[expect(
        dead_code,
        reason = "read so the protocol stays exact; the hook world has no HTTP"
    )]
    pub(super) max_http_requests_per_call: u64,
    /// Reserved by PRX ("warm instances").
    #[expect(
        dead_code,
        reason = "read so the protocol stays exact; PRX reserves it too"
    )]
    pub(super) pool_size: u64,
}

/// `[permissions]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Permissions {
    /// Host interfaces granted (`kv`, `events`; `log` and `config` need none).
    pub(super) required: Vec<String>,
    /// Host interfaces PRX grants only after approval: never granted by hookrun.
    pub(super) optional: Vec<String>,
    /// PRX's hook world imports no network interface: nothing to allow.
    #[expect(
        dead_code,
        reason = "read so the protocol stays exact; the hook world has no network"
    )]
    pub(super) http_allowlist: Vec<String>,
    /// PRX's hook world imports no filesystem interface: nothing to allow.
    #[expect(
        dead_code,
        reason = "read so the protocol stays exact; the hook world has no files"
    )]
    pub(super) filesystem_allowlist: Vec<String>,
}

impl Order {
    /// Reads and checks an order; the error says why it is unusable.
    pub(super) fn parse(text: &[u8]) -> Result<Order, String> {
        let order: Order = serde_json::from_slice(text)
            .map_err(|error| format!("the work order is not a version-{VERSION} order: {error}"))?;
        if order.version != VERSION {
            return Err(format!(
                "the work order is version {}, and this hookrun-wasm speaks version {VERSION}: \
                 install hookrun and hookrun-wasm from the same release",
                order.version
            ));
        }
        if order.depth > MAX_DEPTH {
            return Err(format!(
                "the work order's depth {} is past the nesting limit {MAX_DEPTH}",
                order.depth
            ));
        }
        if order.state_dir != order.plugin.state_dir {
            return Err(format!(
                "the work order's state_dir {} is not its plugin's {}",
                order.state_dir.display(),
                order.plugin.state_dir.display()
            ));
        }
        for plugin in std::iter::once(&order.plugin).chain(&order.plugins) {
            for (what, path) in [
                ("wasm", &plugin.wasm),
                ("dir", &plugin.dir),
                ("state_dir", &plugin.state_dir),
            ] {
                if !path.is_absolute() {
                    return Err(format!(
                        "plugin `{}`: {what} {} is not an absolute path",
                        plugin.name,
                        path.display()
                    ));
                }
            }
        }
        if !order.cache_dir.is_absolute() {
            return Err(format!(
                "the work order's cache_dir {} is not an absolute path",
                order.cache_dir.display()
            ));
        }
        Ok(order)
    }
}

/// How a run ended, for the answer's `kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Kind {
    /// `on-event` returned `err(message)`.
    Err,
    /// A WebAssembly trap (unreachable, out-of-bounds access, …).
    Trap,
    /// `max_fuel` used up.
    Fuel,
    /// Linear memory would grow past `max_memory_mb`.
    Memory,
    /// `max_execution_time_ms` passed.
    Timeout,
    /// The component could not be read, compiled, linked or instantiated.
    Load,
    /// The component imports what a plugin hook may not have (filesystem, network).
    Permission,
}

/// A plugin's failure: its kind and a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Failure {
    pub(super) kind: Kind,
    pub(super) message: String,
}

/// Whether the component came from the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Compiled {
    Cached,
    Compiled,
}

/// One `log` call.
#[derive(Debug, Serialize)]
pub(super) struct Log {
    pub(super) level: &'static str,
    pub(super) message: String,
}

/// One accepted nested publish and what each subscriber made of it.
#[derive(Debug, Serialize)]
pub(super) struct Published {
    pub(super) topic: String,
    pub(super) depth: u32,
    pub(super) deliveries: Vec<Delivery>,
}

/// One subscriber's run for a nested publish.
#[derive(Debug, Serialize)]
pub(super) struct Delivery {
    pub(super) plugin: String,
    pub(super) outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) kind: Option<Kind>,
}

/// The one JSON object `run` prints.
#[derive(Debug, Serialize)]
pub(super) struct Answer {
    pub(super) outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) kind: Option<Kind>,
    pub(super) logs: Vec<Log>,
    pub(super) published: Vec<Published>,
    pub(super) compiled: Compiled,
    pub(super) fuel_used: u64,
    pub(super) duration_ms: u64,
}

/// `ok` or `error`, and the failure's fields.
pub(super) fn outcome_fields(
    result: &Result<(), Failure>,
) -> (&'static str, Option<String>, Option<Kind>) {
    match result {
        Ok(()) => ("ok", None, None),
        Err(failure) => ("error", Some(failure.message.clone()), Some(failure.kind)),
    }
}
