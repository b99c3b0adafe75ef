//! The host interfaces of PRX's `hook` world (`wit/`): what a plugin may call, per store.
//!
//! `log` and `config` need no permission (PRX's rule); `kv` needs `kv` and `events` needs
//! `events` among the manifest's `required` permissions (an `optional` one is never granted:
//! PRX grants those only after an approval hookrun has no way to ask for). A refused call answers
//! what PRX answers and leaves a warning in the logs, so it is never silent.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use super::dispatch::Dispatch;
use super::kv;
use super::limits::MemoryCap;
use super::order::Plugin;

wasmtime::component::bindgen!({
    path: "wit",
    world: "prx:plugin/hook",
});

use prx::host::log::Level;

/// PRX's event bus refuses larger payloads (`MAX_PAYLOAD_BYTES`).
const MAX_PAYLOAD_BYTES: usize = 64 * 1024;
/// PRX's event bus refuses longer topics (`MAX_TOPIC_BYTES`).
const MAX_TOPIC_BYTES: usize = 256;

/// The state of one plugin instance (one store).
pub(super) struct Guest {
    pub(super) plugin: Rc<Plugin>,
    /// This run's nested-publish depth.
    pub(super) depth: u32,
    /// When this run's time is up (its own limit, or its publisher's, whichever is sooner).
    pub(super) deadline: Instant,
    pub(super) dispatch: Rc<Dispatch>,
    pub(super) memory: MemoryCap,
}

impl Guest {
    /// `Err(message)` unless the manifest grants `interface` (PRX's `check_permission`).
    fn permit(&self, interface: &str) -> Result<(), String> {
        let permissions = &self.plugin.permissions;
        if permissions
            .required
            .iter()
            .any(|granted| granted == interface)
        {
            Ok(())
        } else if permissions.optional.iter().any(|asked| asked == interface) {
            Err(format!(
                "permission '{interface}' not granted for plugin '{}': it is optional in \
                 plugin.toml, and hookrun grants only `required` permissions",
                self.plugin.name
            ))
        } else {
            Err(format!(
                "permission '{interface}' denied for plugin '{}': plugin.toml's [permissions] \
                 required does not list it",
                self.plugin.name
            ))
        }
    }

    /// Logs a host-side warning for this plugin.
    fn warn(&self, message: &str) {
        self.dispatch.log(
            &self.plugin.name,
            self.depth,
            "warn",
            &format!("hookrun: {message}"),
        );
    }

    /// The plugin's kv store, after the permission check; a refusal is also logged.
    fn kv(&self) -> Result<Rc<RefCell<kv::Store>>, String> {
        self.permit("kv")
            .and_then(|()| self.dispatch.kv_store(&self.plugin))
            .inspect_err(|error| self.warn(error))
    }
}

impl prx::host::log::Host for Guest {
    fn log(&mut self, level: Level, message: String) {
        let level = match level {
            Level::Trace => "trace",
            Level::Debug => "debug",
            Level::Info => "info",
            Level::Warn => "warn",
            Level::Error => "error",
        };
        self.dispatch
            .log(&self.plugin.name, self.depth, level, &message);
    }
}

impl prx::host::config::Host for Guest {
    fn get(&mut self, key: String) -> Option<String> {
        self.plugin.config.get(&key).cloned()
    }

    fn get_all(&mut self) -> Vec<(String, String)> {
        self.plugin
            .config
            .iter()
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect()
    }
}

impl prx::host::kv::Host for Guest {
    fn get(&mut self, key: String) -> Option<Vec<u8>> {
        self.kv().ok()?.borrow().get(&key)
    }

    fn set(&mut self, key: String, value: Vec<u8>) -> Result<(), String> {
        let store = self.kv()?;
        let result = store.borrow_mut().set(key, value);
        result.inspect_err(|error| self.warn(error))
    }

    fn delete(&mut self, key: String) -> Result<bool, String> {
        let store = self.kv()?;
        let result = store.borrow_mut().delete(&key);
        result.inspect_err(|error| self.warn(error))
    }

    fn list_keys(&mut self, prefix: String) -> Vec<String> {
        self.kv()
            .map(|store| store.borrow().list_keys(&prefix))
            .unwrap_or_default()
    }
}

impl prx::host::events::Host for Guest {
    fn publish(&mut self, topic: String, payload: String) -> Result<(), String> {
        let refused = self.permit("events").and_then(|()| {
            if topic.is_empty() || topic.len() > MAX_TOPIC_BYTES {
                return Err(format!(
                    "event bus: topic must contain 1..={MAX_TOPIC_BYTES} bytes"
                ));
            }
            if payload.len() > MAX_PAYLOAD_BYTES {
                return Err(format!(
                    "event bus: payload size {} exceeds maximum {MAX_PAYLOAD_BYTES} bytes",
                    payload.len()
                ));
            }
            if self.depth >= super::order::MAX_DEPTH {
                return Err(format!(
                    "event bus: recursion depth limit ({}) exceeded for topic '{topic}'",
                    super::order::MAX_DEPTH
                ));
            }
            Ok(())
        });
        if let Err(error) = refused {
            self.warn(&error);
            return Err(error);
        }
        // Subscribers' failures are theirs (reported in `published`): the publish succeeded.
        Dispatch::publish(
            &self.dispatch,
            &topic,
            &payload,
            self.depth + 1,
            self.deadline,
        );
        Ok(())
    }

    fn subscribe(&mut self, topic_pattern: String) -> Result<u64, String> {
        let error = format!(
            "event bus: runtime subscriptions are not supported by hookrun (pattern \
             '{topic_pattern}'): a plugin hook receives the events of its plugin.toml's hook \
             capabilities"
        );
        self.warn(&error);
        Err(error)
    }

    fn unsubscribe(&mut self, subscription_id: u64) -> Result<(), String> {
        let error = format!("event bus: no subscription {subscription_id} (hookrun grants none)");
        self.warn(&error);
        Err(error)
    }
}
