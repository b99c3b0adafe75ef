//! Built-in guards (the book, "Hook kinds"): checks hookrun runs in-process, without spawning, for
//! a `guard = "…"` hook and for `hookrun guard <name>`. Each reads the event's shell command
//! where the `if` rules find it ([`crate::matching::shell_command`]) and answers as a command
//! hook would: a reason to block (exit 2, the reason on stderr), or nothing (exit 0). Pure: no
//! I/O here.

mod recursive_delete;
mod shell_words;

use serde_json::Value;

use recursive_delete::Finding;

/// A built-in guard, named in `hookrun.toml` by [`Guard::name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Guard {
    /// Blocks a shell command that runs a forced recursive delete (`rm -rf` in any spelling).
    RmRf,
}

impl Guard {
    /// Every guard, in the order help texts list them.
    pub(crate) const ALL: &[Guard] = &[Guard::RmRf];

    /// The guard's name, as `guard = "…"` and `hookrun guard …` spell it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Guard::RmRf => "rm-rf",
        }
    }

    /// The guard named `name`, if there is one.
    pub(crate) fn from_name(name: &str) -> Option<Guard> {
        Guard::ALL
            .iter()
            .copied()
            .find(|guard| guard.name() == name)
    }

    /// The known names, quoted and comma-separated, for error messages.
    pub(crate) fn known_names() -> String {
        Guard::ALL
            .iter()
            .map(|guard| format!("\"{}\"", guard.name()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Why the event in `payload` must be blocked, or `None` to let it through (no shell
    /// command in it, or nothing the guard is about).
    pub(crate) fn check(self, payload: &Value) -> Option<String> {
        let command = crate::matching::shell_command(payload)?;
        self.check_command(&command)
    }

    /// Why the shell command `command` must be blocked, or `None`.
    pub(crate) fn check_command(self, command: &str) -> Option<String> {
        match self {
            Guard::RmRf => recursive_delete::find(command).map(|finding| match finding {
                Finding::Delete(part) => format!("rm -rf is not allowed here: {part}"),
                Finding::Unreadable(why) => format!(
                    "rm -rf is not allowed here, and this command cannot be read as a shell \
                     would ({why}), so it is blocked"
                ),
            }),
        }
    }
}

#[cfg(test)]
#[path = "mod_tests.rs"]
mod tests;
