//! The dialects hookrun reads, one module each, and the registry that lists them once. Each module
//! owns everything about its agent behind [`DialectSpec`](crate::model::dialect::DialectSpec):
//! where its files are and how they load, its events and matcher targets, what its hooks receive,
//! how their answers count, and how hookrun answers in its format. Discovery order, `--dialect`
//! and `--output` names, `list`, `validate`, the JSON Schemas and the shell completions all come
//! from [`ALL`].
//!
//! Adding a dialect: write its module (a folder when it needs several files) with a
//! `pub(crate) const NAME: Dialect` handle, declare the module below with a plain `mod` (so that
//! rustfmt sees it), and add its handle to [`ALL`].

use crate::model::Dialect;

pub(crate) mod exit_code;
pub(crate) mod json_file;
pub(crate) mod layout;
pub(crate) mod payload;

pub(crate) mod auggie;
pub(crate) mod claude;
pub(crate) mod cline;
pub(crate) mod codex;
pub(crate) mod copilot;
pub(crate) mod crush;
pub(crate) mod cursor;
pub(crate) mod droid;
pub(crate) mod gemini;
pub(crate) mod hookrun;
pub(crate) mod iflow;
pub(crate) mod kimi;
pub(crate) mod kiro;
pub(crate) mod openhands;
pub(crate) mod openplugins;
pub(crate) mod praison;
pub(crate) mod promptkit;
pub(crate) mod proxyai;
pub(crate) mod prx;
pub(crate) mod qwen;
pub(crate) mod vibe;
pub(crate) mod windsurf;

pub(crate) use auggie::AUGGIE;
pub(crate) use claude::CLAUDE;
pub(crate) use cline::CLINE;
pub(crate) use codex::CODEX;
pub(crate) use copilot::COPILOT;
pub(crate) use crush::CRUSH;
pub(crate) use cursor::CURSOR;
pub(crate) use droid::DROID;
pub(crate) use gemini::GEMINI;
pub(crate) use hookrun::HOOKRUN;
pub(crate) use iflow::IFLOW;
pub(crate) use kimi::KIMI;
pub(crate) use kiro::KIRO;
pub(crate) use openhands::OPENHANDS;
pub(crate) use openplugins::OPENPLUGINS;
pub(crate) use praison::PRAISON;
pub(crate) use promptkit::PROMPTKIT;
pub(crate) use proxyai::PROXYAI;
pub(crate) use prx::PRX;
pub(crate) use qwen::QWEN;
pub(crate) use vibe::VIBE;
pub(crate) use windsurf::WINDSURF;

/// Every dialect, in discovery order (the order hooks of several files run in).
pub(crate) const ALL: &[Dialect] = &[
    HOOKRUN,
    CLAUDE,
    CODEX,
    GEMINI,
    CURSOR,
    PROXYAI,
    PRAISON,
    PRX,
    PROMPTKIT,
    COPILOT,
    QWEN,
    OPENPLUGINS,
    WINDSURF,
    KIRO,
    CLINE,
    DROID,
    AUGGIE,
    IFLOW,
    OPENHANDS,
    KIMI,
    VIBE,
    CRUSH,
];

/// The dialect named `name` on the command line.
pub(crate) fn by_name(name: &str) -> Option<Dialect> {
    ALL.iter().copied().find(|d| d.name() == name)
}

/// Every dialect's name, in discovery order.
pub(crate) fn names() -> Vec<&'static str> {
    ALL.iter().map(|d| d.name()).collect()
}

/// What `fire --output` accepts: `hookrun` (its own document) and every dialect that can answer
/// as its agent.
pub(crate) fn output_names() -> Vec<&'static str> {
    ALL.iter()
        .filter(|d| **d == HOOKRUN || d.output().is_some())
        .map(|d| d.name())
        .collect()
}

/// The agents `hookrun install` can wire hookrun into, in discovery order.
pub(crate) fn installable() -> Vec<&'static str> {
    ALL.iter()
        .filter(|d| d.installer().is_some())
        .map(|d| d.name())
        .collect()
}

/// Whether a warning of `code` is an error for `validate` (and so for an edit): one of
/// [`crate::config::diagnostics::VALIDATE_ERRORS`] or of a dialect's own.
pub(crate) fn validate_error(code: &str) -> bool {
    warning_code(code).is_some()
}

/// The code named `name`, as the loaders give it: every warning code is one of those `validate`
/// reports as errors. The configuration cache reads codes back by name.
pub(crate) fn warning_code(name: &str) -> Option<&'static str> {
    crate::config::diagnostics::VALIDATE_ERRORS
        .iter()
        .chain(ALL.iter().flat_map(|d| d.validate_errors()))
        .find(|code| **code == name)
        .copied()
}

/// The dialect whose file `path` is, by its name (as in discovery), or `None`. hookrun claims
/// every `.toml` file, so it is asked last: a dialect's own TOML file (Codex's
/// `.codex/config.toml`) is that dialect's.
pub(crate) fn by_path(path: &std::path::Path) -> Option<Dialect> {
    let text = path.to_string_lossy().replace('\\', "/");
    let file = text.rsplit('/').next().unwrap_or(&text);
    let parent = text.rsplit('/').nth(1).unwrap_or("");
    if let Some(nested) = ALL.iter().copied().find(|d| d.claims_nested_path(&text)) {
        return Some(nested);
    }
    let others = ALL.iter().copied().filter(|d| *d != HOOKRUN);
    others
        .chain([HOOKRUN])
        .find(|d| d.claims_path(parent, file))
}

/// The dialect a file's content implies, or `None` when it does not tell.
pub(crate) fn by_content(text: &str) -> Option<Dialect> {
    let sniff = crate::model::dialect::Sniff::of(text);
    ALL.iter().copied().find(|d| d.recognises(sniff))
}

#[cfg(test)]
#[path = "target_tests.rs"]
mod target_tests;

#[cfg(test)]
#[path = "output_tests.rs"]
mod output_tests;

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn dialect_is_told_from_discovery_paths() {
        let cases = [
            ("x/.claude/settings.local.json", Some(CLAUDE)),
            ("/p/.codex/hooks.json", Some(CODEX)),
            (".codex/config.toml", Some(CODEX)),
            ("/home/u/.codex/config.toml", Some(CODEX)),
            (".gemini/settings.json", Some(GEMINI)),
            (".cursor/hooks.json", Some(CURSOR)),
            (".proxyai/settings.json", Some(PROXYAI)),
            (".praison/hooks.json", Some(PRAISON)),
            (".praisonai/hooks.json", Some(PRAISON)),
            (".openhands/hooks.json", Some(OPENHANDS)),
            ("ci/policy.toml", Some(HOOKRUN)),
            ("runtime.yml", Some(PROMPTKIT)),
            (".github/hooks/policy.json", Some(COPILOT)),
            (".github/copilot/settings.local.json", Some(COPILOT)),
            ("plugin/hooks/hooks.json", None),
            (".agents/plugins/guard/hooks/hooks.json", Some(OPENPLUGINS)),
            (".windsurf/hooks.json", Some(WINDSURF)),
            (".kiro/hooks/lint.json", Some(KIRO)),
            (".github/hooks/lint.json", Some(COPILOT)),
            ("/home/u/.codeium/windsurf/hooks.json", Some(WINDSURF)),
            (
                "/home/u/.agents/plugins/guard/hooks/hooks.json",
                Some(OPENPLUGINS),
            ),
            (".clinerules/hooks/PreToolUse", Some(CLINE)),
            ("/home/u/Documents/Cline/Hooks/TaskStart", Some(CLINE)),
            ("policy.json", None),
        ];
        for (path, dialect) in cases {
            assert_eq!(by_path(Path::new(path)), dialect, "{path}");
        }
    }

    #[test]
    fn dialect_is_told_from_content() {
        let cases = [
            (
                r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]}]}}"#,
                Some(CLAUDE),
            ),
            (
                r#"{"version":1,"hooks":{"beforeShellExecution":[{"command":"x"}]}}"#,
                Some(CURSOR),
            ),
            (
                r#"{"hooks":{"tool_call":[{"command":"x","timeout_ms":5}]}}"#,
                Some(PRX),
            ),
            (
                r#"{"hooks":[{"event":"before_tool","command":"x"}]}"#,
                Some(PRAISON),
            ),
            (
                "apiVersion: x\nkind: RuntimeConfig\nspec: {}\n",
                Some(PROMPTKIT),
            ),
            (
                r#"{"version":1,"hooks":{"preToolUse":[{"bash":"x","timeoutSec":5}]}}"#,
                Some(COPILOT),
            ),
            (
                r#"{"hooks":{"agentStop":[{"exec":"node","args":["stop.js"]}]}}"#,
                Some(COPILOT),
            ),
            (r#"{"hooks":{"beforeToolUse":[{"command":"x"}]}}"#, None),
        ];
        for (text, dialect) in cases {
            assert_eq!(by_content(text), dialect, "{text}");
        }
    }

    #[test]
    fn the_registry_names_each_dialect_once_in_discovery_order() {
        assert_eq!(
            names(),
            [
                "hookrun",
                "claude",
                "codex",
                "gemini",
                "cursor",
                "proxyai",
                "praison",
                "prx",
                "promptkit",
                "copilot",
                "qwen",
                "openplugins",
                "windsurf",
                "kiro",
                "cline",
                "droid",
                "auggie",
                "iflow",
                "openhands",
                "kimi",
                "vibe",
                "crush"
            ]
        );
    }
}
