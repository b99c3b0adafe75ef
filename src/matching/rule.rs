//! `if` conditions in permission-rule syntax, `Tool` or `Tool(spec)` (the book, "Matching"): parsing,
//! and deciding from the payload whether a hook is spawned at all.
//!
//! The tool must be the payload's `tool_name`, and the spec, when present and not `*`, is read by
//! tool family:
//! - shell tools ([`SHELL_TOOLS`], interchangeable): a command pattern on `tool_input.command`
//!   ([`shell`](super::shell)); a payload with no `tool_name` but a top-level `command`, or a
//!   `tool_info.command_line` (before-shell-execution events), counts as a shell call;
//! - file tools (`Read`, `Edit`, `Write`, `MultiEdit`, `NotebookEdit`): a gitignore-style glob on
//!   `tool_input.file_path`, else `notebook_path`, else `path` ([`path_rule`](super::path_rule));
//! - any other tool (`WebFetch`, `mcp__…`): `domain:host` is compared (as a `*` wildcard) with the
//!   host of `tool_input.url`; any other spec is a `*` wildcard that must match one whole string
//!   value somewhere in `tool_input`. The tool name itself may contain `*`, and `mcp__server`
//!   covers every tool of that server, as in permission rules.

use std::path::Path;
use std::sync::OnceLock;

use globset::GlobMatcher;
use serde_json::Value;

use super::path_rule::PathPattern;
use super::shell::command_matches;
use super::wildcard::wildcard_match;

/// Tools whose spec is a shell-command pattern; a rule for one applies to all.
const SHELL_TOOLS: &[&str] = &[
    "Bash",
    "Shell",
    "run_shell_command",
    "shell",
    "bash",
    "powershell",
    // Factory Droid's shell tool (`name: "Execute", input: {command, …}`).
    "Execute",
    // Augment Auggie's (`launch-process`, `required: ["command", …]`).
    "launch-process",
    // OpenHands' shell tool: `TerminalAction.command` (openhands-tools, `terminal/definition.py`).
    "terminal",
    // A qualified tool name (`<group>.<tool>`), as some agents' payloads carry it.
    "file_system.bash",
    // Goose's developer extension (`developer__shell`, `{command}`).
    "developer__shell",
    // Kiro's older shell tool and Cline's (`execute_command`, `parameters.command`).
    "execute_bash",
    "execute_command",
];
/// Where a payload keeps its tool call when not at its top level: under the event's camelCase
/// name (`{"preToolUse": {"toolName", "parameters"}}`), or as the request of a tool hook
/// (`{"request": {"Name", "Args"}}`).
const TOOL_CALL_FIELDS: &[&str] = &["preToolUse", "postToolUse", "request"];
/// Where a shell tool's call keeps its input: [`TOOL_INPUT_FIELDS`], `parameters`, or `Args`.
const SHELL_INPUT_FIELDS: &[&str] = &["tool_input", "toolArgs", "toolInput", "parameters", "Args"];
/// The command line in a shell tool's input: `command`, or `cmd`.
const SHELL_COMMAND_FIELDS: &[&str] = &["command", "cmd"];
/// Where a payload names its tool, in lookup order: snake_case, or camelCase.
const TOOL_NAME_FIELDS: &[&str] = &["tool_name", "toolName"];
/// Where a payload keeps the tool's input, in lookup order.
pub(crate) const TOOL_INPUT_FIELDS: &[&str] = &["tool_input", "toolArgs", "toolInput"];
/// Tools whose spec is a path glob.
const FILE_TOOLS: &[&str] = &["Read", "Edit", "Write", "MultiEdit", "NotebookEdit"];
/// Where file tools keep their path, in lookup order.
const PATH_FIELDS: &[&str] = &["file_path", "notebook_path", "path"];
/// How deep the string search of other tools' input goes.
const MAX_INPUT_DEPTH: usize = 8;

/// A malformed `if` rule, or a file glob that does not compile.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum RuleError {
    #[error("empty `if` rule: expected `Tool` or `Tool(spec)`")]
    Empty,
    #[error("`if` rule `{rule}` has no tool name before `(`")]
    MissingTool { rule: String },
    #[error("`if` rule `{rule}` has unbalanced parentheses: expected `Tool` or `Tool(spec)`")]
    Unbalanced { rule: String },
    #[error("`if` rule `{rule}`: tool name `{tool}` may not contain spaces or parentheses")]
    InvalidTool { rule: String, tool: String },
    #[error("`if` rule `{rule}`: invalid path glob: {message}")]
    InvalidGlob { rule: String, message: String },
}

/// What file-path specs are resolved against.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RuleContext<'a> {
    /// The project dir: anchor of `/p` and bare patterns, and of relative file paths.
    pub(crate) project_dir: &'a Path,
    /// The home directory, anchor of `~/p`; without it such rules never match.
    pub(crate) home: Option<&'a Path>,
}

/// How a rule's spec is read, from its tool name.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Family {
    Shell,
    File(PathPattern),
    Other,
}

/// A parsed `if` rule; see the module doc.
#[derive(Debug, Clone)]
pub(crate) struct Rule {
    text: Box<str>,
    tool: Box<str>,
    /// `None` for `Tool`, `Tool()` and `Tool(*)`: any call of the tool.
    spec: Option<Box<str>>,
    family: Family,
    /// The compiled path glob of a file rule, filled on first use.
    glob: OnceLock<Result<GlobMatcher, String>>,
}

impl Rule {
    /// Parses `Tool` or `Tool(spec)`. Cheap: a file glob is only compiled when first needed.
    pub(crate) fn parse(text: &str) -> Result<Rule, RuleError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(RuleError::Empty);
        }
        let rule = || trimmed.to_owned();
        let (tool, spec) = match (trimmed.find('('), trimmed.ends_with(')')) {
            (None, false) if !trimmed.contains(')') => (trimmed, None),
            (Some(open), true) => {
                let spec = &trimmed[open + 1..trimmed.len() - 1];
                if !balanced(spec) {
                    return Err(RuleError::Unbalanced { rule: rule() });
                }
                (trimmed[..open].trim_end(), Some(spec.trim()))
            }
            _ => return Err(RuleError::Unbalanced { rule: rule() }),
        };
        if tool.is_empty() {
            return Err(RuleError::MissingTool { rule: rule() });
        }
        if tool.contains(|c: char| c.is_whitespace() || c == '(' || c == ')') {
            return Err(RuleError::InvalidTool {
                rule: rule(),
                tool: tool.to_owned(),
            });
        }
        let spec = spec.filter(|spec| !spec.is_empty() && *spec != "*");
        let family = if SHELL_TOOLS.contains(&tool) {
            Family::Shell
        } else if let (true, Some(spec)) = (FILE_TOOLS.contains(&tool), spec) {
            Family::File(PathPattern::parse(spec))
        } else {
            Family::Other
        };
        Ok(Rule {
            text: trimmed.into(),
            tool: tool.into(),
            spec: spec.map(Into::into),
            family,
            glob: OnceLock::new(),
        })
    }

    #[allow(
        dead_code,
        reason = "wired in by validate/list (issue 4) and the other dialects (issue 3)"
    )]
    /// The rule as written (trimmed).
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// Compiles a file rule's glob now (for `hookrun validate`).
    pub(crate) fn check(&self) -> Result<(), RuleError> {
        match self.compiled_glob() {
            Some(Err(message)) => Err(RuleError::InvalidGlob {
                rule: self.text.to_string(),
                message: message.to_owned(),
            }),
            _ => Ok(()),
        }
    }

    /// Whether the tool call in `payload` satisfies the rule. A file rule whose glob does not
    /// compile matches nothing ([`Rule::check`] reports it).
    pub(crate) fn matches(&self, payload: &Value, ctx: &RuleContext<'_>) -> bool {
        let tool_name = tool_name(payload);
        match &self.family {
            Family::Shell => {
                // A shell tool's call matches a bare rule even without a command in its input;
                // a payload without a tool name counts only with a top-level `command`.
                let command = shell_command(payload);
                let command = command.as_deref();
                let shell_call = match tool_name {
                    Some(name) => SHELL_TOOLS.contains(&name),
                    None => command.is_some(),
                };
                if !shell_call {
                    return false;
                }
                match (&self.spec, command) {
                    (None, _) => true,
                    (Some(spec), Some(command)) => command_matches(spec, command),
                    (Some(_), None) => false,
                }
            }
            Family::File(pattern) => {
                if tool_name != Some(&*self.tool) {
                    return false;
                }
                let Some(Ok(glob)) = self.compiled_glob() else {
                    return false;
                };
                let input = payload.get("tool_input");
                PATH_FIELDS
                    .iter()
                    .find_map(|field| input?.get(field)?.as_str())
                    .is_some_and(|file| pattern.matches(glob, file, ctx.project_dir, ctx.home))
            }
            Family::Other => {
                tool_name.is_some_and(|name| self.tool_matches(name))
                    && self.spec.as_deref().is_none_or(|spec| {
                        payload
                            .get("tool_input")
                            .is_some_and(|input| input_matches(spec, input))
                    })
            }
        }
    }

    /// Tool-name test for tools outside the shell and file families.
    fn tool_matches(&self, name: &str) -> bool {
        let tool = &*self.tool;
        if tool.contains('*') {
            return wildcard_match(tool, name);
        }
        // `mcp__server` (no tool part) covers every tool of that server.
        let server_only = tool.starts_with("mcp__") && !tool["mcp__".len()..].contains("__");
        name == tool
            || (server_only && name.strip_prefix(tool).is_some_and(|t| t.starts_with("__")))
    }

    fn compiled_glob(&self) -> Option<Result<&GlobMatcher, &str>> {
        let Family::File(pattern) = &self.family else {
            return None;
        };
        Some(
            self.glob
                .get_or_init(|| pattern.compile())
                .as_ref()
                .map_err(String::as_str),
        )
    }
}

/// The shell command of the event in `payload`, as `Bash(…)` rules and the built-in guards read
/// it: a shell tool's ([`SHELL_TOOLS`]) input's `command`, or, in a payload without a tool name,
/// the top-level `command` or `tool_info.command_line` (a before-shell-execution event). The
/// call is the payload's own or the one under [`TOOL_CALL_FIELDS`]; the tool's name, input and
/// command line are read under any spelling ([`TOOL_NAME_FIELDS`] or `Name`,
/// [`SHELL_INPUT_FIELDS`], [`SHELL_COMMAND_FIELDS`]), an input given as JSON text parsed. `None` for any other tool's call and for events that carry no shell command.
pub(crate) fn shell_command(payload: &Value) -> Option<std::borrow::Cow<'_, str>> {
    use std::borrow::Cow;
    let payload = TOOL_CALL_FIELDS
        .iter()
        .find_map(|field| payload.get(*field).filter(|call| call.is_object()))
        .unwrap_or(payload);
    let name = tool_name(payload).or_else(|| payload.get("Name").and_then(Value::as_str));
    match name {
        Some(name) if SHELL_TOOLS.contains(&name) => {
            let input = SHELL_INPUT_FIELDS
                .iter()
                .find_map(|field| payload.get(*field))?;
            match input {
                Value::String(text) => command_in(&serde_json::from_str::<Value>(text).ok()?)
                    .map(|command| Cow::Owned(command.to_owned())),
                _ => command_in(input).map(Cow::Borrowed),
            }
        }
        Some(_) => None,
        None => payload
            .get("command")
            .or_else(|| payload.get("tool_info")?.get("command_line"))
            .and_then(Value::as_str)
            .map(Cow::Borrowed),
    }
}

/// The command line of a shell tool's `input` ([`SHELL_COMMAND_FIELDS`]).
fn command_in(input: &Value) -> Option<&str> {
    SHELL_COMMAND_FIELDS
        .iter()
        .find_map(|field| input.get(*field))
        .and_then(Value::as_str)
}

/// The payload's tool name, under either spelling ([`TOOL_NAME_FIELDS`]).
pub(super) fn tool_name(payload: &Value) -> Option<&str> {
    TOOL_NAME_FIELDS
        .iter()
        .find_map(|field| payload.get(*field).and_then(Value::as_str))
}

/// Two rules are equal when they were written alike (the glob cache is not compared).
impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.text == other.text
    }
}

impl Eq for Rule {}

/// Parentheses outside quotes never close more than they open, and all close.
fn balanced(spec: &str) -> bool {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    for c in spec.chars() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (None, '\'' | '"') => quote = Some(c),
            (None, '(') => depth += 1,
            (None, ')') => match depth.checked_sub(1) {
                Some(less) => depth = less,
                None => return false,
            },
            // Quoted characters and everything else leave the depth alone.
            _ => {}
        }
    }
    depth == 0
}

/// Spec of a non-shell, non-file tool against its `tool_input` (see the module doc).
fn input_matches(spec: &str, input: &Value) -> bool {
    if let Some(domain) = spec.strip_prefix("domain:") {
        return input
            .get("url")
            .and_then(Value::as_str)
            .and_then(url_host)
            .is_some_and(|host| wildcard_match(domain.trim(), host));
    }
    any_string(input, MAX_INPUT_DEPTH, &|text| wildcard_match(spec, text))
}

/// Whether some string inside `value` (objects and arrays, to `depth` levels) satisfies
/// `accept`.
fn any_string(value: &Value, depth: usize, accept: &dyn Fn(&str) -> bool) -> bool {
    match value {
        Value::String(text) => accept(text),
        Value::Array(items) if depth > 0 => items.iter().any(|v| any_string(v, depth - 1, accept)),
        Value::Object(map) if depth > 0 => map.values().any(|v| any_string(v, depth - 1, accept)),
        _ => false,
    }
}

/// The host of a `scheme://user@host:port/path` URL, as written (not lower-cased).
fn url_host(url: &str) -> Option<&str> {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = after_scheme
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default();
    let host_port = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    let host = host_port.split(':').next().unwrap_or_default();
    (!host.is_empty()).then_some(host)
}

#[cfg(test)]
#[path = "rule_tests.rs"]
mod tests;
