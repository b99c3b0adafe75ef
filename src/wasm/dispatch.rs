//! Running plugins: one `on-event` call in a fresh, limited store, and the nested publishes it
//! makes, delivered in this same process to every plugin whose patterns match the topic.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{Engine, Store};

use super::cache::Cache;
use super::host::{Guest, Hook};
use super::kv;
use super::limits::{self, MemoryCap};
use super::order::{Compiled, Delivery, Failure, Kind, Log, Plugin, Published, outcome_fields};
use crate::dialects::prx::topic;

/// The answer's logs stop growing past this many bytes of messages (one last entry says so).
const MAX_LOG_BYTES: usize = 1024 * 1024;
/// Interfaces a plugin hook never gets (PRX's `hook` world has no filesystem or network):
/// a component that imports one is refused as a permission failure, not a link error.
const SANDBOXED: &[&str] = &[
    "wasi:filesystem/",
    "wasi:sockets/",
    "wasi:http/",
    "prx:host/http-outbound",
    "prx:host/websocket-outbound",
];

/// Everything one `hookrun-wasm run` shares between the runs it makes.
pub(super) struct Dispatch {
    engine: Engine,
    linker: Linker<Guest>,
    cache: Cache,
    /// The subscribers of nested publishes.
    plugins: Vec<Rc<Plugin>>,
    /// Components already loaded in this process, by file.
    components: RefCell<HashMap<PathBuf, Rc<Component>>>,
    /// Kv stores already opened, by state directory (a plugin that receives its own publish
    /// sees its own writes).
    stores: RefCell<HashMap<PathBuf, Rc<RefCell<kv::Store>>>>,
    logs: RefCell<Logs>,
    published: RefCell<Vec<Published>>,
}

#[derive(Default)]
struct Logs {
    entries: Vec<Log>,
    bytes: usize,
    full: bool,
}

/// How one plugin's run went.
pub(super) struct Run {
    pub(super) result: Result<(), Failure>,
    pub(super) compiled: Compiled,
    pub(super) fuel_used: u64,
}

impl Dispatch {
    pub(super) fn new(
        engine: Engine,
        cache_dir: &std::path::Path,
        plugins: Vec<Rc<Plugin>>,
    ) -> wasmtime::Result<Rc<Dispatch>> {
        let mut linker = Linker::new(&engine);
        Hook::add_to_linker::<_, HasSelf<_>>(&mut linker, |guest| guest)?;
        Ok(Rc::new(Dispatch {
            cache: Cache::new(cache_dir, &engine),
            engine,
            linker,
            plugins,
            components: RefCell::default(),
            stores: RefCell::default(),
            logs: RefCell::default(),
            published: RefCell::default(),
        }))
    }

    /// The logs and publishes gathered so far.
    pub(super) fn take_answer_parts(&self) -> (Vec<Log>, Vec<Published>) {
        (
            std::mem::take(&mut self.logs.borrow_mut().entries),
            std::mem::take(&mut self.published.borrow_mut()),
        )
    }

    /// Adds one log entry; a nested plugin's messages say whose they are.
    pub(super) fn log(&self, plugin: &str, depth: u32, level: &'static str, message: &str) {
        let mut logs = self.logs.borrow_mut();
        if logs.full {
            return;
        }
        let message = if depth == 0 {
            message.to_owned()
        } else {
            format!("{plugin} (depth {depth}): {message}")
        };
        logs.bytes += message.len();
        if logs.bytes > MAX_LOG_BYTES {
            logs.full = true;
            logs.entries.push(Log {
                level: "warn",
                message: format!(
                    "hookrun: more than {MAX_LOG_BYTES} bytes of log messages: the rest are \
                     left out"
                ),
            });
            return;
        }
        logs.entries.push(Log { level, message });
    }

    /// The kv store of `plugin`, opened once per process.
    pub(super) fn kv_store(&self, plugin: &Plugin) -> Result<Rc<RefCell<kv::Store>>, String> {
        if let Some(store) = self.stores.borrow().get(&plugin.state_dir) {
            return Ok(Rc::clone(store));
        }
        let store = Rc::new(RefCell::new(kv::Store::open(
            &plugin.state_dir,
            plugin.resources.max_kv_storage_mb,
        )?));
        self.stores
            .borrow_mut()
            .insert(plugin.state_dir.clone(), Rc::clone(&store));
        Ok(store)
    }

    /// Runs `plugin`'s `on-event(event, payload)` at `depth`, within `deadline` when its
    /// publisher's time ends before its own.
    pub(super) fn run(
        self: &Rc<Self>,
        plugin: &Rc<Plugin>,
        event: &str,
        payload: &str,
        depth: u32,
        deadline: Option<Instant>,
    ) -> Run {
        let (component, compiled) = match self.component(plugin, depth) {
            Ok(loaded) => loaded,
            Err(failure) => {
                return Run {
                    result: Err(failure),
                    compiled: Compiled::Compiled,
                    fuel_used: 0,
                };
            }
        };
        let resources = &plugin.resources;
        let own = Instant::now() + Duration::from_millis(resources.max_execution_time_ms);
        let deadline = deadline.map_or(own, |outer| outer.min(own));
        let mut store = Store::new(
            &self.engine,
            Guest {
                plugin: Rc::clone(plugin),
                depth,
                deadline,
                dispatch: Rc::clone(self),
                memory: MemoryCap::new(resources.max_memory_mb),
            },
        );
        store.limiter(|guest| &mut guest.memory);
        store.epoch_deadline_trap();
        store.set_epoch_deadline(limits::ticks_until(deadline));
        let fueled = store.set_fuel(resources.max_fuel);
        let result = fueled
            .and_then(|()| Hook::instantiate(&mut store, &component, &self.linker))
            .map_err(|error| limits::classify(&error, resources, true))
            .and_then(|hook| {
                hook.prx_plugin_hook_exports()
                    .call_on_event(&mut store, event, payload)
                    .map_err(|error| limits::classify(&error, resources, false))
            })
            .and_then(|returned| {
                returned.map_err(|message| Failure {
                    kind: Kind::Err,
                    message,
                })
            });
        let fuel_used = resources
            .max_fuel
            .saturating_sub(store.get_fuel().unwrap_or(0));
        Run {
            result,
            compiled,
            fuel_used,
        }
    }

    /// Delivers a nested publish to every matching plugin and records it in `published`.
    pub(super) fn publish(
        self: &Rc<Self>,
        topic_name: &str,
        payload: &str,
        depth: u32,
        deadline: Instant,
    ) {
        let index = {
            let mut published = self.published.borrow_mut();
            published.push(Published {
                topic: topic_name.to_owned(),
                depth,
                deliveries: Vec::new(),
            });
            published.len() - 1
        };
        let subscribers: Vec<Rc<Plugin>> = self
            .plugins
            .iter()
            .filter(|plugin| {
                (plugin.events.iter()).any(|pattern| topic::matches(pattern, topic_name))
            })
            .cloned()
            .collect();
        for plugin in subscribers {
            let run = self.run(&plugin, topic_name, payload, depth, Some(deadline));
            let (outcome, error, kind) = outcome_fields(&run.result);
            self.published.borrow_mut()[index]
                .deliveries
                .push(Delivery {
                    plugin: plugin.name.clone(),
                    outcome,
                    error,
                    kind,
                });
        }
    }

    /// The plugin's component: loaded once per process, from the cache when it can be.
    fn component(&self, plugin: &Plugin, depth: u32) -> Result<(Rc<Component>, Compiled), Failure> {
        if let Some(component) = self.components.borrow().get(&plugin.wasm) {
            return Ok((Rc::clone(component), Compiled::Cached));
        }
        let load_failure = |message: String| Failure {
            kind: Kind::Load,
            message,
        };
        let bytes = std::fs::read(&plugin.wasm).map_err(|error| {
            load_failure(format!(
                "the plugin's wasm file {} is unreadable: {error}",
                plugin.wasm.display()
            ))
        })?;
        // Not a component at all: said as `check` says it, not as the compiler's parser does.
        super::check::header(&plugin.wasm, &bytes).map_err(load_failure)?;
        let loaded = self.cache.load(&self.engine, &bytes).map_err(|error| {
            load_failure(format!(
                "{} is not a WebAssembly component hookrun can compile: {error:#}",
                plugin.wasm.display()
            ))
        })?;
        for warning in &loaded.warnings {
            self.log(&plugin.name, depth, "warn", &format!("hookrun: {warning}"));
        }
        refuse_sandboxed_imports(&self.engine, &loaded.component)?;
        let component = Rc::new(loaded.component);
        self.components
            .borrow_mut()
            .insert(plugin.wasm.clone(), Rc::clone(&component));
        Ok((component, loaded.compiled))
    }
}

/// A component that imports filesystem or network interfaces is refused before it is linked.
fn refuse_sandboxed_imports(engine: &Engine, component: &Component) -> Result<(), Failure> {
    let refused: Vec<String> = super::check::imports(engine, component)
        .into_iter()
        .filter(|name| sandboxed(name))
        .collect();
    if refused.is_empty() {
        return Ok(());
    }
    Err(Failure {
        kind: Kind::Permission,
        message: format!(
            "the plugin imports {}: a plugin hook has no filesystem or network access (PRX's \
             hook world has neither, whatever plugin.toml's permissions and allowlists say)",
            refused.join(", ")
        ),
    })
}

/// Whether an import is one the hook world provides.
pub(super) fn provided(name: &str) -> bool {
    ["log", "config", "kv", "events"]
        .iter()
        .any(|interface| name == format!("prx:host/{interface}@0.1.0"))
}

/// Whether an import is one a plugin hook is refused on principle.
pub(super) fn sandboxed(name: &str) -> bool {
    SANDBOXED.iter().any(|prefix| name.starts_with(prefix))
}
