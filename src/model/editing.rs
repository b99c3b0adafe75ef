//! What `hookrun hooks` may change in one dialect's file, and under which keys: the description a
//! dialect gives of its own file format ([`super::dialect::DialectSpec::editing`]). The edit layer
//! reads only this; it never asks which agent a file belongs to. Every key an edit does not name
//! here is kept as it was.

/// How a file lays out its hooks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// hookrun.toml's `[[hook]]` tables (edited with `toml_edit`, comments kept).
    Tables,
    /// `{"hooks": {"<event>": [entry…]}}`: one entry per hook.
    Entries,
    /// `{"hooks": {"<event>": [{"matcher"?, "hooks": [entry…]}]}}`: entries inside matcher
    /// groups, the matcher written on the group.
    Groups,
}

/// How an entry writes the command it runs.
#[derive(Debug, Clone, Copy)]
pub(crate) enum CommandKeys {
    /// The program under `program`, its arguments under `args` (left out when there are none
    /// and the entry had none).
    Exec {
        program: &'static str,
        args: &'static str,
    },
    /// One shell line of quoted words, under the first of `keys` the entry has (the first of
    /// them for a new entry). An entry holding `exec` (a program and its arguments, a form the
    /// dialect also reads) is written in that form instead. An entry holding one of `elsewhere`
    /// (the command for another platform) cannot have its command changed: the edit would leave
    /// the other platform running the old one.
    Shell {
        keys: &'static [&'static str],
        exec: Option<(&'static str, &'static str)>,
        elsewhere: &'static [&'static str],
    },
}

/// What a timeout number counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TimeUnit {
    Seconds,
    Milliseconds,
    /// Seconds below this many, milliseconds from it on: Qwen Code reads a `timeout` of 1000 or
    /// more as milliseconds, so a longer timeout is written in them.
    SecondsBelow(u32),
}

impl TimeUnit {
    /// The unit's name in messages.
    pub(crate) fn word(self) -> &'static str {
        match self {
            TimeUnit::Seconds | TimeUnit::SecondsBelow(_) => "seconds",
            TimeUnit::Milliseconds => "milliseconds",
        }
    }
}

/// Where a hook's own timeout is written: a whole number of `unit` under `key`. `aliases` are
/// other keys the dialect reads it from (when `key` is absent); writing `key` drops them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TimeoutKey {
    pub(crate) key: &'static str,
    pub(crate) unit: TimeUnit,
    pub(crate) aliases: &'static [&'static str],
}

/// A boolean that switches hooks off: the key at `path` (nested objects) holds `off` while they
/// are off, and is removed when they are switched back on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Switch {
    pub(crate) path: &'static [&'static str],
    pub(crate) off: bool,
}

impl Switch {
    /// `"enabled": false` (PRX's, ProxyAI's and hookrun.toml's switch, per file or per hook).
    pub(crate) const ENABLED: Switch = Switch {
        path: &["enabled"],
        off: false,
    };
}

/// A fixed value of a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fixed {
    Str(&'static str),
    Number(u64),
}

/// Everything `hookrun hooks` needs to edit one dialect's file.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Editing {
    pub(crate) layout: Layout,
    pub(crate) command: CommandKeys,
    /// Whether a hook of [`Layout::Entries`] carries its own `matcher` (groups always do).
    pub(crate) matcher: bool,
    pub(crate) timeout: TimeoutKey,
    /// The switch for every hook of the file (`disable --all`), when the dialect has one.
    pub(crate) file_switch: Option<Switch>,
    /// The switch in one hook's entry, when the dialect has one.
    pub(crate) hook_switch: Option<Switch>,
    /// The key of the per-hook "payload on stdin as JSON" flag, when the dialect has one.
    pub(crate) stdin_json: Option<&'static str>,
    /// The key of a hook's environment variables (an object of strings), when it has them.
    pub(crate) env: Option<&'static str>,
    /// Keys every new entry starts with (`"type": "command"`).
    pub(crate) entry_keys: &'static [(&'static str, Fixed)],
    /// Top-level keys the agent reads the file by: a new file is written with them first, and a
    /// file that holds one with another value is refused (its agent ignores it).
    pub(crate) file_keys: &'static [(&'static str, Fixed)],
    /// `hookrun hooks add` without `--file` picks a file of this dialect before the others.
    pub(crate) preferred: bool,
}

impl Editing {
    /// Hooks as one flat entry each, the command a shell line under `command`, `timeout` in
    /// seconds, nothing else: the common case that dialects adjust.
    pub(crate) const fn shell_entries() -> Editing {
        Editing {
            layout: Layout::Entries,
            command: CommandKeys::Shell {
                keys: &["command"],
                exec: None,
                elsewhere: &[],
            },
            matcher: true,
            timeout: TimeoutKey {
                key: "timeout",
                unit: TimeUnit::Seconds,
                aliases: &[],
            },
            file_switch: None,
            hook_switch: None,
            stdin_json: None,
            env: None,
            entry_keys: &[],
            file_keys: &[],
            preferred: false,
        }
    }
}
