//! The dialects hookrun reads, by their user-facing names.

use std::fmt;

/// A hook-configuration dialect: whose file format (and whose semantics) a hook comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// hookrun's own `hookrun.toml`.
    Hookrun,
    /// Claude Code settings (`.claude/settings*.json`), also Codex's `.codex/hooks.json`.
    Claude,
    /// Gemini CLI `.gemini/settings.json` (Claude's shape, timeouts in milliseconds).
    Gemini,
    /// Cursor `.cursor/hooks.json`.
    Cursor,
    /// `ProxyAI` `.proxyai/settings.json`.
    Proxyai,
    /// `PraisonAI` `.praison/hooks.json`.
    Praison,
    /// PRX `hooks.json`.
    Prx,
    /// `PromptKit` `RuntimeConfig` YAML.
    Promptkit,
}

impl Dialect {
    /// Every dialect, in discovery order.
    pub const ALL: [Dialect; 8] = [
        Dialect::Hookrun,
        Dialect::Claude,
        Dialect::Gemini,
        Dialect::Cursor,
        Dialect::Proxyai,
        Dialect::Praison,
        Dialect::Prx,
        Dialect::Promptkit,
    ];

    /// The name used on the command line (`--dialect`, `--output`) and in documents.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Hookrun => "hookrun",
            Dialect::Claude => "claude",
            Dialect::Gemini => "gemini",
            Dialect::Cursor => "cursor",
            Dialect::Proxyai => "proxyai",
            Dialect::Praison => "praison",
            Dialect::Prx => "prx",
            Dialect::Promptkit => "promptkit",
        }
    }

    /// Parses a dialect name as written on the command line.
    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.name() == name)
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
