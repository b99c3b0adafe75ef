//! Gemini CLI settings (`.gemini/settings.json`): Claude's shape, with timeouts in milliseconds,
//! a few handler fields of its own, and `hooksConfig`.

use std::time::Duration;

use crate::config::locate::Step;
use crate::config::reader::Reader;
use crate::config::tree::Object;
use crate::dialects::claude::load::{SettingsShape, load_settings};
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};

const GEMINI_HANDLER_KEYS: &[&str] = &[
    "type",
    "command",
    "args",
    "timeout",
    "if",
    "onFailure",
    "async",
    "name",
    "description",
    "env",
    "sequential",
];

/// Gemini CLI: timeouts in milliseconds, default 60 000 ms.
const GEMINI_TIMEOUT: Duration = Duration::from_secs(60);

const GEMINI_SETTINGS: SettingsShape = SettingsShape {
    dialect: super::GEMINI,
    handler_keys: GEMINI_HANDLER_KEYS,
    default_timeout: GEMINI_TIMEOUT,
    timeout_in_ms: true,
    flavour: super::FLAVOUR,
    finish: Some(apply_hooks_config),
};

/// Loads a Gemini settings file.
pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    load_settings(ctx, &GEMINI_SETTINGS)
}

/// Gemini's `hooksConfig`: `enabled: false` switches every hook of the file off, and `disabled`
/// lists hooks (by name or command) to switch off.
fn apply_hooks_config(reader: &mut Reader<'_>, root: &Object<'_>, hooks: &mut Vec<Hook>) {
    let path = vec![Step::Key("hooksConfig".into())];
    let Some(config) = root
        .get("hooksConfig")
        .and_then(|config| reader.object(config, &path, "hooksConfig"))
    else {
        return;
    };
    if reader.opt_bool(config, "enabled", &path) == Some(false) {
        hooks.clear();
    }
    for off in reader
        .opt_str_list(config, "disabled", &path)
        .unwrap_or_default()
    {
        for hook in hooks.iter_mut() {
            if hook.name == off || hook.command().is_some_and(|form| form.display() == off) {
                hook.enabled = false;
            }
        }
    }
}
