//! The one typed hook model every dialect converts into. Nothing after `config/` sees a dialect's
//! raw strings or numbers: timeouts are `Duration`s, matchers and rules are parsed values.

use std::path::PathBuf;
use std::time::Duration;

use crate::config::locate::Step;
use crate::matching::{Flavour, Matcher, is_assignment};
use crate::model::dialect::Dialect;

/// One loaded configuration file.
#[derive(Debug)]
pub(crate) struct Source {
    /// Where the file is on disk.
    pub(crate) path: PathBuf,
    /// The path as reports show it (relative to the project dir when inside it).
    pub(crate) display: String,
    pub(crate) dialect: Dialect,
    /// The file's text, kept so that diagnostics can point at a line and column.
    pub(crate) text: String,
    /// Where the file sits among the agent's configuration levels (or named with `-c`).
    pub(crate) level: Level,
    /// The root of the plugin the file belongs to (a Claude Code plugin's `hooks/hooks.json`),
    /// which its hooks find themselves by.
    pub(crate) plugin_root: Option<PathBuf>,
    /// What the file says about hooks of other files (Claude's `disableAllHooks`), as its loader
    /// read it.
    pub(crate) switches: Switches,
    /// The trust fingerprint of a project file's hooks, when the configuration cache gave `fire`
    /// only the fired event's hooks (`text` is then empty): computed from all of them when the
    /// cache was written. `None` for a file loaded here, whose hooks are all in the model.
    pub(crate) trust_hash: Option<String>,
}

/// The levels an agent keeps hook configuration at. Every source has one; `list` shows it, and
/// trust is asked of project-level sources only (`Project`, `Local`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// Set by the system's administrator (`/etc/…`, managed policy).
    Managed,
    /// In the user's home (`~/.claude/settings.json`, `~/.config/hookrun/hookrun.toml`, …).
    User,
    /// In the project, shared with everyone who checks it out.
    Project,
    /// In the project, the user's own (`.claude/settings.local.json`).
    Local,
    /// An installed plugin the user enabled.
    Plugin,
    /// Named on the command line with `-c` (or given to `validate`).
    Named,
}

impl Level {
    /// The word reports use.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Level::Managed => "managed",
            Level::User => "user",
            Level::Project => "project",
            Level::Local => "local",
            Level::Plugin => "plugin",
            Level::Named => "named",
        }
    }
}

/// A file's switches over hooks, beyond its own hooks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Switches {
    /// `disableAllHooks`, when the file sets it.
    pub(crate) disable_all_hooks: Option<bool>,
    /// `allowManagedHooksOnly: true`.
    pub(crate) managed_hooks_only: bool,
    /// `[trust] untrusted = "block"` of the user-level `hookrun.toml`: held-back project hooks
    /// block.
    pub(crate) untrusted_blocks: bool,
    /// The file's `[llm]` table (a project's keeps its `model` only): which provider every
    /// file's prompt and agent hooks ask.
    pub(crate) llm: Option<Box<crate::llm::LlmTable>>,
    /// `[http] allow` of the user-level `hookrun.toml`: the URL patterns every http hook must
    /// match (`None`: no allowlist; a project's `[http]` is ignored, so never set there).
    pub(crate) http_allow: Option<Vec<String>>,
}

impl Source {
    /// A source read from `path` at `level` (its switches are its loader's to fill in).
    pub(crate) fn new(
        path: PathBuf,
        display: String,
        dialect: Dialect,
        text: String,
        level: Level,
    ) -> Source {
        Source {
            path,
            display,
            dialect,
            text,
            level,
            plugin_root: None,
            switches: Switches::default(),
            trust_hash: None,
        }
    }

    /// Named with `-c` rather than discovered.
    pub(crate) fn explicit(&self) -> bool {
        self.level == Level::Named
    }

    /// Where `hook`'s entry starts in this file (1-based line and column), for reports. Computed
    /// on demand: locating every hook at load time would cost every `fire` for nothing.
    pub(crate) fn position_of(&self, hook: &Hook) -> (usize, usize) {
        if hook.entry.is_empty() {
            return (0, 0);
        }
        self.position(&hook.entry, self.dialect.entry_is_key())
    }

    /// The 1-based position of the value (or, with `at_key`, of the key) at `path` in this file.
    pub(crate) fn position(&self, path: &[Step], at_key: bool) -> (usize, usize) {
        self.dialect
            .format_of(&self.path)
            .locate(&self.text, path, at_key)
    }
}

/// How a hook's command is started.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum CommandForm {
    /// `/bin/sh -c <command>`.
    Shell(String),
    /// The program spawned directly with its arguments, no shell.
    Exec { program: String, args: Vec<String> },
}

impl CommandForm {
    /// The command as one line of text, for reports.
    pub(crate) fn display(&self) -> String {
        match self {
            CommandForm::Shell(command) => command.clone(),
            CommandForm::Exec { program, args } => {
                let mut words = vec![program.as_str()];
                words.extend(args.iter().map(String::as_str));
                shell_words::join(words)
            }
        }
    }

    /// The command's words from its program on: exec form's program and arguments, or the shell
    /// command split as the shell would, leading `NAME=value` assignments skipped. `None` when
    /// the shell text cannot be split (an unbalanced quote).
    pub(crate) fn program_words(&self) -> Option<Vec<String>> {
        match self {
            CommandForm::Exec { program, args } => Some(
                std::iter::once(program.clone())
                    .chain(args.iter().cloned())
                    .collect(),
            ),
            CommandForm::Shell(command) => Some(
                shell_words::split(command)
                    .ok()?
                    .into_iter()
                    .skip_while(|word| is_assignment(word))
                    .collect(),
            ),
        }
    }

    /// The program this command starts when it could be hookrun itself: one named `hookrun`, or
    /// a path (hookrun under another name, when it resolves to hookrun's own executable). `None`
    /// for any other program, and for shell text that cannot be split.
    pub(crate) fn hookrun_candidate(&self) -> Option<String> {
        // Shell text without quotes or escapes splits into words that are pieces of it: without
        // `/` and without `hookrun` in it, its program can be neither, so it is not split
        // (allocating each word) to say so.
        if let CommandForm::Shell(text) = self
            && !text.contains(['\'', '"', '\\', '/'])
            && !text.contains("hookrun")
        {
            return None;
        }
        let program = self.program_words()?.into_iter().next()?;
        let base = program.rsplit('/').next().unwrap_or(&program);
        (base == "hookrun" || program.contains('/')).then_some(program)
    }
}

/// What a hook is: a command hookrun runs, a request it sends, a question to a model, or a handler type it cannot run
/// (listed, never dropped). Each runnable kind has its executor in `execute/`.
#[derive(Debug, Clone)]
pub(crate) enum Handler {
    Command(CommandForm),
    /// An http hook: the payload `POST`ed to a URL (`execute/http.rs`).
    Http(HttpHook),
    /// A prompt hook: one question to a model, answered `{"ok": …}` (the book, "Prompt hooks").
    Prompt(Ask),
    /// An agent hook: a bounded conversation in which the model may read the project with
    /// read-only tools before it answers (the book, "Agent hooks").
    Agent(Ask),
    /// A built-in guard hookrun runs in-process, answering as a command hook would (README,
    /// "Hook kinds").
    Guard(crate::guard::Guard),
    /// A PRX WebAssembly plugin's `on-event`, run by the companion `hookrun-wasm` (README,
    /// "Plugin hooks (PRX WASM)").
    Plugin(Box<crate::model::plugin::WasmPlugin>),
    Unsupported {
        kind: String,
    },
}

/// An http hook's request, as its file wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HttpHook {
    pub(crate) url: String,
    /// Header names and values, in file order; the values may reference `$VAR` / `${VAR}`.
    pub(crate) headers: Vec<(String, String)>,
    /// The only variables a header value may expand (`allowedEnvVars`).
    pub(crate) allowed_env_vars: Vec<String>,
    /// `hookrun.toml`'s `payload_template`: the body to send instead of the payload, its
    /// placeholders filled in from the event (`payload::template::expand_json`).
    pub(crate) payload_template: Option<Box<serde_json::Map<String, serde_json::Value>>>,
}

/// What a prompt or agent hook asks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Ask {
    /// The hook's prompt; `$ARGUMENTS` stands for the payload's JSON.
    pub(crate) prompt: String,
    /// The model the hook names, over `[llm] model`.
    pub(crate) model: Option<String>,
}

/// Which fired events a hook answers to.
#[derive(Debug, Clone)]
pub(crate) enum EventSelector {
    /// One event name of the hook's own dialect, compared as the dialect compares names.
    Named(String),
    /// `hookrun.toml`'s `events`: exact names, `"*"`, and prefix patterns like `"prx.lifecycle.*"`.
    Patterns(Vec<String>),
    /// A hook of a named type that owns phases (PromptKit's `provider`, `tool`, `session`,
    /// `eval`), run in the phases listed; its dialect says which events those are.
    Typed {
        kind: &'static str,
        phases: Vec<String>,
    },
}

/// Whether a hook's verdict can stop the action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Its deny blocks.
    Filter,
    /// It is told about the event; whatever it answers, it never blocks.
    Observe,
}

/// How the payload reaches the hook's standard input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StdinMode {
    Payload,
    Null,
}

/// One hook, as every later stage sees it.
#[derive(Debug, Clone)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent per-hook switches (observe, fail closed, payload file, sanitised env)"
)]
pub(crate) struct Hook {
    /// Unique among the loaded hooks (derived from the command when the file names none).
    pub(crate) name: String,
    /// Index into the loaded sources.
    pub(crate) source: usize,
    pub(crate) dialect: Dialect,
    pub(crate) events: EventSelector,
    pub(crate) matcher: Matcher,
    /// The `if` rule's text; parsed only for the hooks the fired event reaches.
    pub(crate) condition: Option<String>,
    pub(crate) handler: Handler,
    /// Working directory of the hook's process.
    pub(crate) cwd: PathBuf,
    /// Extra environment variables, in file order.
    pub(crate) env: Vec<(String, String)>,
    /// Variables of hookrun's own environment passed through by name (PromptKit's bare `NAME`).
    pub(crate) env_forward: Vec<String>,
    pub(crate) timeout: Duration,
    pub(crate) kill_grace: Duration,
    pub(crate) mode: Mode,
    /// A failure (crash, timeout, bad output) blocks instead of letting the action proceed.
    pub(crate) fail_closed: bool,
    pub(crate) enabled: bool,
    /// Write the payload to a 0600 temp file and name it in `HOOKRUN_PAYLOAD_FILE`.
    pub(crate) payload_file: bool,
    /// Start from an empty environment (PATH only; docs/limits.md) instead of hookrun's own.
    pub(crate) sanitize_env: bool,
    pub(crate) stdin: StdinMode,
    /// Run by a detached worker: hookrun does not wait, and the hook never blocks or rewrites
    /// (Claude's `"async": true`, hookrun.toml's `async = true`).
    pub(crate) run_async: bool,
    /// ProxyAI `loopLimit`: at most this many runs per session for stop events.
    pub(crate) loop_limit: Option<u64>,
    /// The path of the hook's entry in its parsed file (`hooks.PreToolUse[0].hooks[1]`), so that
    /// `validate` can point at one of its fields; empty when the loader does not record it (then
    /// reports point at the hook's entry as a whole).
    pub(crate) entry: Vec<Step>,
    /// The `name` as its file wrote it, before names were made unique (`None`: none given), for a
    /// dialect that tells copies of a command apart by it (Gemini's `name:command`).
    pub(crate) written_name: Option<String>,
    /// The name its file alone would give it, when another file's hook of the same name made it
    /// take another suffix ([`make_names_unique`]): trust fingerprints a file's hooks by it, so
    /// that adding or removing another file never makes a trusted file "changed".
    pub(crate) own_name: Option<String>,
}

impl Hook {
    /// The command form, when hookrun can run this hook.
    pub(crate) fn command(&self) -> Option<&CommandForm> {
        match &self.handler {
            Handler::Command(form) => Some(form),
            Handler::Http(_)
            | Handler::Prompt(_)
            | Handler::Agent(_)
            | Handler::Guard(_)
            | Handler::Plugin(_)
            | Handler::Unsupported { .. } => None,
        }
    }
}

/// Kill grace used when a dialect does not set one (the book, "How a hook runs").
pub(crate) const DEFAULT_KILL_GRACE: Duration = Duration::from_secs(2);

impl Hook {
    /// A hook with the defaults every dialect starts from, read from the entry at `entry` in its
    /// file; the dialect then sets what the entry says.
    pub(crate) fn new(
        dialect: Dialect,
        source: usize,
        events: EventSelector,
        handler: Handler,
        cwd: PathBuf,
        timeout: Duration,
        entry: &[Step],
    ) -> Hook {
        Hook {
            name: String::new(),
            source,
            dialect,
            events,
            matcher: Matcher::new(None, Flavour::Ignored),
            condition: None,
            handler,
            cwd,
            env: Vec::new(),
            env_forward: Vec::new(),
            timeout,
            kill_grace: DEFAULT_KILL_GRACE,
            mode: Mode::Filter,
            fail_closed: false,
            enabled: true,
            payload_file: false,
            sanitize_env: false,
            stdin: StdinMode::Payload,
            run_async: false,
            loop_limit: None,
            entry: entry.to_vec(),
            written_name: None,
            own_name: None,
        }
    }

    /// Every string hookrun would hand to the operating system for this hook, with its field name
    /// (a NUL byte in any of them is a configuration error: docs/limits.md).
    pub(crate) fn os_strings(&self) -> Vec<(&'static str, &str)> {
        let mut out = Vec::new();
        match &self.handler {
            Handler::Command(CommandForm::Shell(command)) => {
                out.push(("command", command.as_str()));
            }
            Handler::Command(CommandForm::Exec { program, args }) => {
                out.push(("command", program.as_str()));
                out.extend(args.iter().map(|arg| ("args", arg.as_str())));
            }
            Handler::Http(http) => {
                out.push(("url", http.url.as_str()));
                for (name, value) in &http.headers {
                    out.push(("headers", name.as_str()));
                    out.push(("headers", value.as_str()));
                }
            }
            Handler::Plugin(plugin) => {
                if let Some(wasm) = plugin.wasm.to_str() {
                    out.push(("wasm", wasm));
                }
            }
            Handler::Prompt(_)
            | Handler::Agent(_)
            | Handler::Guard(_)
            | Handler::Unsupported { .. } => {}
        }
        for (key, value) in &self.env {
            out.push(("env", key.as_str()));
            out.push(("env", value.as_str()));
        }
        out.extend(self.env_forward.iter().map(|name| ("env", name.as_str())));
        if let Some(cwd) = self.cwd.to_str() {
            out.push(("cwd", cwd));
        }
        out
    }
}

impl Handler {
    /// Whether `async` may hand this hook to a detached worker: a command or a request may; a
    /// prompt, agent or guard hook is always waited for, and its loaders refuse `async` on it.
    pub(crate) fn can_detach(&self) -> bool {
        matches!(self, Handler::Command(_) | Handler::Http(_))
    }

    /// A prompt or agent hook: one that asks a model and is always waited for.
    pub(crate) fn asks_a_model(&self) -> bool {
        matches!(self, Handler::Prompt(_) | Handler::Agent(_))
    }

    /// The name a hook gets when its file names none: its script's stem, `http-<host>` for an
    /// http hook, the plugin's name for a plugin hook, or `<type>-hook` for a handler hookrun
    /// cannot run.
    pub(crate) fn default_name(&self) -> String {
        match self {
            Handler::Command(form) => derive_name(form),
            Handler::Prompt(_) => "prompt-hook".to_owned(),
            Handler::Agent(_) => "agent-hook".to_owned(),
            Handler::Guard(guard) => format!("guard-{}", guard.name()),
            Handler::Plugin(plugin) => plugin.name.clone(),
            Handler::Http(http) => {
                let rest = http
                    .url
                    .split_once("://")
                    .map_or(http.url.as_str(), |(_, r)| r);
                let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
                let host = host.rsplit('@').next().unwrap_or_default();
                // Without its port: `http://127.0.0.1:8080/x` is `http-127.0.0.1`.
                let after_bracket = host.rfind(']').map_or(0, |end| end + 1);
                let host = match host[after_bracket..].rfind(':') {
                    Some(colon) => &host[..after_bracket + colon],
                    None => host,
                };
                if host.is_empty() {
                    "http-hook".to_owned()
                } else {
                    format!("http-{host}")
                }
            }
            Handler::Unsupported { kind } => format!("{kind}-hook"),
        }
    }
}

/// The words that run an interpreter or a launcher rather than name the hook
/// (`python3 hooks/x.py` → `x`, `uv run a.py` → `a`).
const INTERPRETERS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "python", "python3", "node", "deno", "bun", "ruby", "perl", "uv",
    "uvx", "npx", "bunx", "npm", "pnpm", "yarn", "poetry", "pipx", "pdm", "env", "exec",
];

/// A launcher's subcommand that runs the next word (`uv run`, `npm exec`, `bun x`): skipped only
/// right after a launcher, so a script named `run` keeps its name.
const LAUNCHER_VERBS: &[&str] = &["run", "exec", "x", "dlx", "tool"];

/// A readable default name for a hook whose file names none: the script's file stem.
fn derive_name(form: &CommandForm) -> String {
    // A name is a best effort: text the shell could not split is taken word by word.
    // Every hook of every file gets a name at load, so the common case borrows its words: shell
    // text without quotes, escapes or comments splits as the shell splits it, on blanks.
    let owned: Vec<String>;
    let words: Vec<&str> = match form {
        CommandForm::Shell(text) if splits_on_blanks(text) => text
            .split([' ', '\t', '\n'])
            .filter(|word| !word.is_empty())
            .skip_while(|word| is_assignment(word))
            .collect(),
        _ => {
            owned = form.program_words().unwrap_or_else(|| {
                form.display()
                    .split_whitespace()
                    .skip_while(|w| is_assignment(w))
                    .map(str::to_owned)
                    .collect()
            });
            owned.iter().map(String::as_str).collect()
        }
    };
    let mut words = words.into_iter();
    let mut word = words.next().unwrap_or_default();
    // `python3 hooks/x.py` is named after the script; `env | grep …` after `env`.
    let is_operator = |w: &str| w.starts_with(['|', '&', ';', '<', '>', '(', ')']);
    while INTERPRETERS.contains(&stem(word)) {
        // The launched words, up to the first shell operator; a launcher's own flags may take
        // values (`uv run --with rich b.py`), so a word that looks like a script wins.
        let launched: Vec<&str> = words
            .by_ref()
            .take_while(|w| !is_operator(w))
            .filter(|w| !w.starts_with('-') && !is_assignment(w))
            .skip_while(|w| LAUNCHER_VERBS.contains(w))
            .collect();
        let script = launched.iter().find(|w| looks_like_a_script(w));
        match script.or(launched.first()) {
            Some(next) => word = next,
            None => break,
        }
        words = launched
            .into_iter()
            .skip_while(|w| *w != word)
            .skip(1)
            .collect::<Vec<_>>()
            .into_iter();
    }
    let name = stem(word);
    if name.is_empty() {
        "hook".to_owned()
    } else {
        name.to_owned()
    }
}

/// Whether a launched word names a script file rather than a subcommand or a flag's value.
fn looks_like_a_script(word: &str) -> bool {
    const EXTENSIONS: &[&str] = &[
        ".py", ".sh", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl", ".bash", ".zsh",
    ];
    word.contains('/') || EXTENSIONS.iter().any(|ext| word.ends_with(ext))
}

/// A program word's file stem: `hooks/check.py` → `check`.
fn stem(word: &str) -> &str {
    let base = word.rsplit('/').next().unwrap_or(word);
    base.split('.')
        .next()
        .filter(|s| !s.is_empty())
        .unwrap_or(base)
}

/// Whether `shell_words::split` would split `text` exactly at its blanks (space, tab, newline):
/// no quotes, backslashes or `#`, and no other whitespace for the two to disagree on.
fn splits_on_blanks(text: &str) -> bool {
    !text.contains(['\'', '"', '\\', '#'])
        && text
            .chars()
            .all(|c| !c.is_whitespace() || matches!(c, ' ' | '\t' | '\n'))
}

/// Makes every hook name unique by suffixing repeats with `-2`, `-3`, … in load order. A hook
/// whose suffix other files' hooks decided keeps the name its own file would give it in
/// [`Hook::own_name`].
pub(crate) fn make_names_unique(hooks: &mut [Hook]) {
    // Hook positions sorted by name (stably, so load order within a name): every run of one name
    // after its first member gets its suffix. No name is copied or hashed unless it repeats.
    let mut order: Vec<usize> = (0..hooks.len()).collect();
    order.sort_by(|&a, &b| hooks[a].name.cmp(&hooks[b].name));
    let (mut first, mut run) = (0, 1);
    for (at, &index) in order.iter().enumerate().skip(1) {
        // The run's first member keeps its name: compare with it, not with a renamed one.
        if hooks[index].name == hooks[order[first]].name {
            run += 1;
            let base = &hooks[index].name;
            let source = hooks[index].source;
            // Its place among its own file's hooks of this name.
            let own = 1 + order[first..at]
                .iter()
                .filter(|&&other| hooks[other].source == source)
                .count();
            let own_name = (own != run).then(|| {
                if own == 1 {
                    base.clone()
                } else {
                    format!("{base}-{own}")
                }
            });
            let suffixed = format!("{base}-{run}");
            hooks[index].name = suffixed;
            hooks[index].own_name = own_name;
        } else {
            (first, run) = (at, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shell(command: &str) -> CommandForm {
        CommandForm::Shell(command.to_owned())
    }

    #[test]
    fn default_names_come_from_the_script_stem() {
        let cases = [
            ("./hooks/deny-rm.sh", "deny-rm"),
            (
                "\"$PROJECT_DIR\"/.agent/hooks/check_style.py --strict",
                "check_style",
            ),
            ("python3 hooks/audit.py", "audit"),
            ("FOO=1 bash -e ./guard.sh", "guard"),
            ("jq -r .tool_name >> log.txt", "jq"),
            ("env | grep HOOKRUN_ | sort", "env"),
            ("./guard.sh 'unbalanced", "guard"),
            ("env LANG=C ./audit.sh", "audit"),
            ("uv run a.py", "a"),
            ("uv run --with rich hooks/b.py", "b"),
            ("uvx ruff check .", "ruff"),
            ("npx --yes prettier --check .", "prettier"),
            ("npm run lint", "lint"),
            ("pnpm exec eslint .", "eslint"),
            ("bun x tsc", "tsc"),
            ("poetry run python hooks/guard.py", "guard"),
            ("./run --fast", "run"),
            ("uv run", "uv"),
            ("", "hook"),
        ];
        for (command, name) in cases {
            assert_eq!(derive_name(&shell(command)), name, "{command}");
        }
        let exec = CommandForm::Exec {
            program: "node".into(),
            args: vec!["lint.js".into()],
        };
        assert_eq!(derive_name(&exec), "lint");
    }

    #[test]
    fn blank_splitting_agrees_with_shell_words_where_it_is_used() {
        let texts = [
            "true 0",
            "  a\tb\nc  d ",
            "FOO=1 bash -e ./guard.sh",
            "jq -r .tool_name >> log.txt",
            "env | grep HOOKRUN_ | sort",
            "a\u{a0}b",
            "a\rb",
            "echo 'x y'",
            "echo \"x y\"",
            "echo a\\ b",
            "echo #c",
            "",
        ];
        for text in texts {
            if splits_on_blanks(text) {
                let fast: Vec<&str> = text
                    .split([' ', '\t', '\n'])
                    .filter(|w| !w.is_empty())
                    .collect();
                assert_eq!(fast, shell_words::split(text).unwrap(), "{text:?}");
            }
        }
        assert!(!splits_on_blanks("a\u{a0}b") && !splits_on_blanks("a\rb"));
        assert!(!splits_on_blanks("echo 'x'") && !splits_on_blanks("echo #c"));
    }

    #[test]
    fn a_hook_renamed_for_another_files_names_keeps_its_own_files_name() {
        // Sources 0 and 1 both name hooks `a`; source 1 alone would call its two `a` and `a-2`.
        let mut hooks: Vec<Hook> = [(0, "a"), (1, "a"), (1, "a"), (0, "b")]
            .iter()
            .map(|&(source, name)| {
                let mut hook = Hook::new(
                    crate::dialects::HOOKRUN,
                    source,
                    EventSelector::Named("Stop".into()),
                    Handler::Command(shell("true")),
                    PathBuf::from("/p"),
                    Duration::from_secs(1),
                    &[],
                );
                hook.name = name.to_owned();
                hook
            })
            .collect();
        make_names_unique(&mut hooks);
        let names: Vec<(&str, Option<&str>)> = hooks
            .iter()
            .map(|hook| (hook.name.as_str(), hook.own_name.as_deref()))
            .collect();
        assert_eq!(
            names,
            [
                ("a", None),
                ("a-2", Some("a")),
                ("a-3", Some("a-2")),
                ("b", None)
            ]
        );
    }

    #[test]
    fn repeated_names_get_suffixes_in_load_order() {
        let mut hooks: Vec<Hook> = ["a", "b", "a", "c", "a", "b", "a-2"]
            .iter()
            .map(|name| {
                let mut hook = Hook::new(
                    crate::dialects::HOOKRUN,
                    0,
                    EventSelector::Named("Stop".into()),
                    Handler::Command(shell("true")),
                    PathBuf::from("/p"),
                    Duration::from_secs(1),
                    &[],
                );
                hook.name = (*name).to_owned();
                hook
            })
            .collect();
        make_names_unique(&mut hooks);
        let names: Vec<&str> = hooks.iter().map(|hook| hook.name.as_str()).collect();
        // A file's own `a-2` is left as it is, as before: names are made unique by their spelling.
        assert_eq!(names, ["a", "b", "a-2", "c", "a-3", "b-2", "a-2"]);
    }

    #[test]
    fn exec_form_displays_as_quoted_words() {
        let exec = CommandForm::Exec {
            program: "./a b".into(),
            args: vec!["x y".into(), "z".into()],
        };
        assert_eq!(exec.display(), "'./a b' 'x y' z");
    }
}
