//! Where Qwen Code keeps settings besides the project (`getSystemSettingsPath`,
//! `getSystemDefaultsPath`, `Storage.getGlobalQwenDir`): system defaults, then the user's
//! `settings.json` in `$QWEN_HOME` or `~/.qwen`, then the system settings, which override the
//! rest. Qwen reads the hooks of every one of them.

use crate::config::sources::{env_dir, system_path};
use crate::dialects::claude::profile::user_file;
use crate::model::Level;
use crate::model::dialect::SourceFile;

/// `$QWEN_CODE_SYSTEM_SETTINGS_PATH`, else `/etc/qwen-code/settings.json` (macOS:
/// `/Library/Application Support/QwenCode/settings.json`).
fn system_settings() -> std::path::PathBuf {
    env_dir("QWEN_CODE_SYSTEM_SETTINGS_PATH").unwrap_or_else(|| {
        system_path(
            "/etc/qwen-code/settings.json",
            "/Library/Application Support/QwenCode/settings.json",
        )
    })
}

/// The system defaults, the user's file, the system settings.
pub(super) fn outside_files() -> Vec<SourceFile> {
    let system = system_settings();
    let defaults = env_dir("QWEN_CODE_SYSTEM_DEFAULTS_PATH").unwrap_or_else(|| {
        system
            .parent()
            .unwrap_or(&system)
            .join("system-defaults.json")
    });
    let mut files = vec![SourceFile::at(defaults, Level::Managed)];
    if let Some(user) = user_file("QWEN_HOME", ".qwen", "settings.json") {
        files.push(SourceFile::at(user, Level::User));
    }
    files.push(SourceFile::at(system, Level::Managed));
    files
}
