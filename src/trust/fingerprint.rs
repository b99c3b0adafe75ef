//! A source's normalised hook definitions — what would run and when: programs, arguments,
//! environment, working directory, matchers and conditions, handler kinds, timeouts, failure
//! posture — hashed with SHA-256. Computed from the hooks as they were loaded (the bytes that
//! were parsed), never from a second read of the file; layout, comments and key order do not
//! count.

use std::fmt::Write as _;

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::model::{EventSelector, Handler, Hook, Mode, StdinMode};
use crate::sources::Config;

/// A source's hash, and one line per hook for people (to show what changed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fingerprint {
    /// `sha256:<hex>`.
    pub(crate) hash: String,
    pub(crate) hooks: Vec<String>,
}

impl Fingerprint {
    /// The fingerprint of the hooks `config` loaded from source `index`.
    pub(crate) fn of(config: &Config, index: usize) -> Fingerprint {
        let hooks: Vec<&Hook> = config
            .hooks
            .iter()
            .filter(|hook| hook.source == index)
            .collect();
        if let Some(hash) = &config.sources[index].trust_hash {
            // The configuration cache holds only one event's hooks of this file, and the hash
            // of all of them, computed here when it was written.
            return Fingerprint {
                hash: hash.clone(),
                hooks: hooks.iter().map(|hook| summary(hook)).collect(),
            };
        }
        let definitions: Vec<Value> = hooks.iter().map(|hook| definition(hook)).collect();
        let canonical = serde_json::to_vec(&definitions).expect("JSON values serialise");
        let digest = Sha256::digest(&canonical);
        let mut hex = String::with_capacity(64);
        for byte in digest {
            let _ = write!(hex, "{byte:02x}");
        }
        Fingerprint {
            hash: format!("sha256:{hex}"),
            hooks: hooks.iter().map(|hook| summary(hook)).collect(),
        }
    }
}

/// Everything about `hook` that decides what runs and when (not its position in the file).
fn definition(hook: &Hook) -> Value {
    let events = match &hook.events {
        EventSelector::Named(name) => json!(["named", name]),
        EventSelector::Patterns(patterns) => json!(["patterns", patterns]),
        EventSelector::Typed { kind, phases } => json!(["typed", kind, phases]),
    };
    let handler = match &hook.handler {
        Handler::Command(form) => json!(["command", format!("{form:?}")]),
        Handler::Prompt(ask) => json!(["prompt", ask.prompt, ask.model]),
        Handler::Agent(ask) => json!(["agent", ask.prompt, ask.model]),
        Handler::Http(http) => {
            let mut handler = json!(["http", http.url, http.headers, http.allowed_env_vars]);
            // Only when set: the hashes of http hooks trusted before templates stay as they were.
            if let (Some(template), Value::Array(items)) = (&http.payload_template, &mut handler) {
                items.push(Value::Object((**template).clone()));
            }
            handler
        }
        // Everything its manifest says, and the component itself: a new build is a change.
        Handler::Plugin(plugin) => json!([
            "plugin",
            serde_json::to_value(plugin).unwrap_or_default(),
            plugin.description,
            file_hash(&plugin.wasm)
        ]),
        // The guard's name says what runs: hookrun's own code, nothing of the project's.
        Handler::Guard(guard) => json!(["guard", guard.name()]),
        Handler::Unsupported { kind } => json!(["unsupported", kind]),
    };
    let mut definition = json!({
        // The name its file gives it, whatever other files' hooks are called.
        "name": hook.own_name.as_ref().unwrap_or(&hook.name),
        "dialect": hook.dialect.name(),
        "events": events,
        "matcher": [hook.matcher.pattern(), hook.matcher.kind_name()],
        "if": hook.condition,
        "handler": handler,
        "cwd": hook.cwd.to_string_lossy(),
        "env": hook.env,
        "env_forward": hook.env_forward,
        "timeout_ms": u64::try_from(hook.timeout.as_millis()).unwrap_or(u64::MAX),
        "kill_grace_ms": u64::try_from(hook.kill_grace.as_millis()).unwrap_or(u64::MAX),
        "mode": matches!(hook.mode, Mode::Filter),
        "fail_closed": hook.fail_closed,
        "enabled": hook.enabled,
        "payload_file": hook.payload_file,
        "sanitize_env": hook.sanitize_env,
        "stdin": matches!(hook.stdin, StdinMode::Payload),
        "loop_limit": hook.loop_limit,
    });
    // Only when set: the hashes of hooks trusted before async hooks existed stay as they were.
    if hook.run_async {
        definition["async"] = json!(true);
    }
    definition
}

/// `sha256:<hex>` of a file's bytes, or why it cannot be read (`missing`, …): a component that
/// appears, changes or goes away changes the fingerprint.
fn file_hash(path: &std::path::Path) -> String {
    let mut file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return "missing".into(),
        Err(error) => return format!("unreadable: {:?}", error.kind()),
    };
    let mut hasher = Sha256::new();
    let mut buf = vec![0; 64 * 1024];
    loop {
        match std::io::Read::read(&mut file, &mut buf) {
            Ok(0) => break,
            Ok(n) => hasher.update(&buf[..n]),
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(error) => return format!("unreadable: {:?}", error.kind()),
        }
    }
    let mut hex = String::with_capacity(71);
    hex.push_str("sha256:");
    for byte in hasher.finalize() {
        let _ = write!(hex, "{byte:02x}");
    }
    hex
}

/// A prompt's first line, at most 80 characters, for one-line summaries.
fn one_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    let mut out: String = line.chars().take(80).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

/// One line for people: `name (events[, matcher]): command`.
pub(crate) fn summary(hook: &Hook) -> String {
    let events = match &hook.events {
        EventSelector::Named(name) => name.clone(),
        EventSelector::Patterns(patterns) => patterns.join(","),
        EventSelector::Typed { kind, phases } => format!("{kind}:{}", phases.join(",")),
    };
    let matcher = hook
        .matcher
        .pattern()
        .map(|pattern| format!(" matching `{pattern}`"))
        .unwrap_or_default();
    let what = match &hook.handler {
        Handler::Command(form) => form.display(),
        Handler::Prompt(ask) => format!("(prompt) {}", one_line(&ask.prompt)),
        Handler::Agent(ask) => format!("(agent) {}", one_line(&ask.prompt)),
        Handler::Http(http) => format!("POST {}", http.url),
        Handler::Guard(guard) => format!("(guard) {}", guard.name()),
        Handler::Plugin(plugin) => format!(
            "(plugin {} {}) {}",
            plugin.name,
            plugin.version,
            plugin.wasm.display()
        ),
        Handler::Unsupported { kind } => format!("({kind} handler)"),
    };
    format!("{} [{events}{matcher}]: {what}", hook.name)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::time::Duration;

    use super::*;
    use crate::model::hook::HttpHook;

    fn http_hook() -> Hook {
        let http = HttpHook {
            url: "https://audit.example.com/hook".into(),
            headers: vec![("Authorization".into(), "Bearer $T".into())],
            allowed_env_vars: vec!["T".into()],
            payload_template: None,
        };
        Hook::new(
            crate::dialects::HOOKRUN,
            0,
            EventSelector::Patterns(vec!["*".into()]),
            Handler::Http(http),
            PathBuf::from("/p"),
            Duration::from_secs(30),
            &[],
        )
    }

    #[test]
    fn an_http_hooks_url_headers_allowed_variables_and_async_are_part_of_its_definition() {
        let base = definition(&http_hook());
        assert!(
            base.get("async").is_none(),
            "unset async keeps older hashes"
        );
        let mut changed = http_hook();
        changed.run_async = true;
        assert_ne!(definition(&changed), base);
        for change in [
            |h: &mut HttpHook| h.url.push('x'),
            |h: &mut HttpHook| h.headers[0].1.push('x'),
            |h: &mut HttpHook| h.allowed_env_vars.push("U".into()),
            |h: &mut HttpHook| {
                let mut template = serde_json::Map::new();
                template.insert("path".into(), json!("$tool_input_path"));
                h.payload_template = Some(Box::new(template));
            },
        ] {
            let mut hook = http_hook();
            let Handler::Http(http) = &mut hook.handler else {
                unreachable!()
            };
            change(http);
            assert_ne!(definition(&hook), base);
        }
    }
}
