//! Where configuration comes from: the discovery table of SPEC §2, in run order, and how the
//! dialect of a file named with `-c` is told.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

use crate::config::dialect_name::Dialect;
use crate::config::tree::Node;

/// The discovery table: paths relative to the project dir, in the order hooks run.
pub(crate) const DISCOVERY: &[(&str, Dialect)] = &[
    ("hookrun.toml", Dialect::Hookrun),
    (".hookrun.toml", Dialect::Hookrun),
    (".claude/settings.json", Dialect::Claude),
    (".claude/settings.local.json", Dialect::Claude),
    (".codex/hooks.json", Dialect::Claude),
    (".gemini/settings.json", Dialect::Gemini),
    (".cursor/hooks.json", Dialect::Cursor),
    (".proxyai/settings.json", Dialect::Proxyai),
    (".praison/hooks.json", Dialect::Praison),
    ("hooks.json", Dialect::Prx),
    ("runtime.yaml", Dialect::Promptkit),
    ("runtime.yml", Dialect::Promptkit),
];

/// Configuration files larger than this are refused (SPEC §11).
pub(crate) const MAX_CONFIG_BYTES: u64 = 4 * 1024 * 1024;

/// The user-level `hookrun.toml`: `$XDG_CONFIG_HOME/hookrun/hookrun.toml`, else `~/.config/…`.
pub(crate) fn user_config_path() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME").filter(|v| !v.is_empty())?).join(".config"),
    };
    Some(base.join("hookrun").join("hookrun.toml"))
}

/// Reads a configuration file; `Ok(None)` when it does not exist.
///
/// Only a regular file (or a symlink to one) is read. The file is opened with `O_NONBLOCK`, so
/// that a FIFO does not wait for a writer, and its type is checked on the opened descriptor
/// (`fstat`, no race with a separate `stat`): a FIFO, a device or a socket is an error of kind
/// `InvalidInput` ([`NotRegular`]), a dangling symlink one of kind `NotFound` ([`Dangling`]).
pub(crate) fn read_config(path: &Path) -> io::Result<Option<String>> {
    use rustix::fs::{FileType, Mode, OFlags};
    let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::NOCTTY;
    let fd = match rustix::fs::open(path, flags, Mode::empty()) {
        Ok(fd) => fd,
        Err(rustix::io::Errno::NOENT) => {
            return match std::fs::read_link(path) {
                Ok(target) => Err(io::Error::new(io::ErrorKind::NotFound, Dangling(target))),
                Err(_) => Ok(None),
            };
        }
        Err(errno) => return Err(errno.into()),
    };
    let stat = rustix::fs::fstat(&fd)?;
    let kind = FileType::from_raw_mode(stat.st_mode);
    if kind != FileType::RegularFile {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            NotRegular(kind),
        ));
    }
    // Sized from the file's length, plus the byte read_to_end probes for the end with: one
    // allocation, where growing from empty costs several (and a few probing reads) per file.
    let len = u64::try_from(stat.st_size)
        .unwrap_or(0)
        .min(MAX_CONFIG_BYTES);
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0) + 1);
    std::fs::File::from(fd)
        .take(MAX_CONFIG_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_CONFIG_BYTES {
        return Err(io::Error::other("the file is larger than 4 MiB"));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text"))
}

/// A configuration path that is a symlink to nothing.
#[derive(Debug)]
pub(crate) struct Dangling(pub(crate) PathBuf);

impl std::fmt::Display for Dangling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a dangling symbolic link: its target `{}` does not exist",
            self.0.display()
        )
    }
}

impl std::error::Error for Dangling {}

/// A configuration path that is not a regular file.
#[derive(Debug)]
pub(crate) struct NotRegular(rustix::fs::FileType);

impl std::fmt::Display for NotRegular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use rustix::fs::FileType;
        let kind = match self.0 {
            FileType::Fifo => "a FIFO (named pipe)",
            FileType::CharacterDevice => "a character device",
            FileType::BlockDevice => "a block device",
            FileType::Socket => "a socket",
            FileType::Directory => "a directory",
            _ => "of an unknown type",
        };
        write!(f, "not a regular file: {kind}")
    }
}

impl std::error::Error for NotRegular {}

/// The dialect a path implies by its name, as in the discovery table (`.claude/settings.json`,
/// `hookrun.toml`, …), or `None`.
pub(crate) fn dialect_from_path(path: &Path) -> Option<Dialect> {
    let text = path.to_string_lossy().replace('\\', "/");
    let file = text.rsplit('/').next().unwrap_or(&text);
    let parent = text.rsplit('/').nth(1).unwrap_or("");
    match (parent, file) {
        (".claude", name) if name.starts_with("settings") && has_extension(name, "json") => {
            Some(Dialect::Claude)
        }
        (".codex", "hooks.json") => Some(Dialect::Claude),
        (".gemini", "settings.json") => Some(Dialect::Gemini),
        (".cursor", "hooks.json") => Some(Dialect::Cursor),
        (".proxyai", "settings.json") => Some(Dialect::Proxyai),
        (".praison", "hooks.json") => Some(Dialect::Praison),
        (_, name) if has_extension(name, "toml") => Some(Dialect::Hookrun),
        (_, "runtime.yaml" | "runtime.yml") => Some(Dialect::Promptkit),
        _ => None,
    }
}

fn has_extension(name: &str, extension: &str) -> bool {
    Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(extension))
}

/// The dialect a file's content implies (SPEC §2), or `None` when it does not tell.
pub(crate) fn dialect_from_content(text: &str) -> Option<Dialect> {
    let trimmed = text.trim_start();
    if !trimmed.starts_with('{') {
        return text
            .lines()
            .any(|line| {
                line.trim() == "kind: RuntimeConfig" || line.trim() == "kind: \"RuntimeConfig\""
            })
            .then_some(Dialect::Promptkit);
    }
    let root = Node::from_json(text).ok()?;
    let hooks = root.get("hooks")?;
    if hooks.as_array().is_some() {
        return Some(Dialect::Praison);
    }
    let entries: Vec<&Node<'_>> = hooks
        .as_object()?
        .iter()
        .filter_map(|(_, entries)| entries.as_array())
        .flatten()
        .collect();
    if entries
        .iter()
        .any(|e| e.get("hooks").and_then(Node::as_array).is_some())
    {
        return Some(Dialect::Claude);
    }
    let has = |key: &str| entries.iter().any(|e| e.get(key).is_some());
    if has("timeout_ms") || has("stdin_json") || has("args") || root.get("timeout_ms").is_some() {
        return Some(Dialect::Prx);
    }
    if root.get("version").is_some() {
        return Some(Dialect::Cursor);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialect_is_told_from_discovery_paths() {
        let cases = [
            ("x/.claude/settings.local.json", Some(Dialect::Claude)),
            ("/p/.codex/hooks.json", Some(Dialect::Claude)),
            (".gemini/settings.json", Some(Dialect::Gemini)),
            (".cursor/hooks.json", Some(Dialect::Cursor)),
            (".proxyai/settings.json", Some(Dialect::Proxyai)),
            (".praison/hooks.json", Some(Dialect::Praison)),
            ("ci/policy.toml", Some(Dialect::Hookrun)),
            ("runtime.yml", Some(Dialect::Promptkit)),
            ("policy.json", None),
        ];
        for (path, dialect) in cases {
            assert_eq!(dialect_from_path(Path::new(path)), dialect, "{path}");
        }
    }

    #[test]
    fn dialect_is_told_from_content() {
        let cases = [
            (
                r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]}]}}"#,
                Some(Dialect::Claude),
            ),
            (
                r#"{"version":1,"hooks":{"beforeShellExecution":[{"command":"x"}]}}"#,
                Some(Dialect::Cursor),
            ),
            (
                r#"{"hooks":{"tool_call":[{"command":"x","timeout_ms":5}]}}"#,
                Some(Dialect::Prx),
            ),
            (
                r#"{"hooks":[{"event":"before_tool","command":"x"}]}"#,
                Some(Dialect::Praison),
            ),
            (
                "apiVersion: x\nkind: RuntimeConfig\nspec: {}\n",
                Some(Dialect::Promptkit),
            ),
            (r#"{"hooks":{"beforeToolUse":[{"command":"x"}]}}"#, None),
        ];
        for (text, dialect) in cases {
            assert_eq!(dialect_from_content(text), dialect, "{text}");
        }
    }
}
