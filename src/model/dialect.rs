//! The one interface every dialect implements ([`DialectSpec`]) and the handle the rest of hookrun
//! holds ([`Dialect`]). Everything hookrun knows about one agent — where its files are, how they
//! load, its events and matcher targets, what its hooks receive, how their answers count, and how
//! hookrun answers in the agent's own format — sits behind these methods, in that dialect's module
//! under `src/dialects/`. The stages of the pipeline ask the handle; none of them names a dialect.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

use serde_json::{Map, Value};

use crate::config::diagnostics::Severity;
use crate::config::format::Format;
use crate::config::locate::Step;
use crate::config::tree::Node;
use crate::matching::Target;
use crate::model::answer::{Answer, Merged, Policy};
use crate::model::hook::{CommandForm, EventSelector, Hook, Level, Mode, Source};
use crate::model::load::{DialectLoad, LoadContext};

/// A hook-configuration dialect: whose file format, and whose semantics, a hook comes from. A
/// cheap copyable handle on the dialect's [`DialectSpec`]; two handles are equal when they name
/// the same dialect.
#[derive(Clone, Copy)]
pub(crate) struct Dialect(&'static dyn DialectSpec);

impl Dialect {
    /// The handle of one dialect's implementation (each dialect module has one such constant).
    pub(crate) const fn new(spec: &'static dyn DialectSpec) -> Dialect {
        Dialect(spec)
    }
}

impl std::ops::Deref for Dialect {
    type Target = dyn DialectSpec;

    fn deref(&self) -> &Self::Target {
        self.0
    }
}

impl PartialEq for Dialect {
    fn eq(&self, other: &Dialect) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Dialect {}

impl Hash for Dialect {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A dialect's policy starts here (the policy's fields are the answer vocabulary's; what a hook's
/// mode and posture mean for them is the interface's).
impl Policy {
    /// The common case: a filter hook's deny blocks, exit 2 denies, and the hook's own failure
    /// posture holds. Dialects adjust it from here.
    pub(crate) fn filter(hook: &Hook) -> Policy {
        Policy {
            can_block: hook.mode == Mode::Filter,
            exit2_blocks: true,
            fail_closed: hook.fail_closed,
            ..Policy::default()
        }
    }
}

/// What a file's content says about its dialect, computed once per file named with `-c` whose
/// path does not tell; each dialect recognises its own shape in it.
#[derive(Debug, Default, Clone, Copy)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts of one file's shape"
)]
pub(crate) struct Sniff {
    /// A YAML line `kind: RuntimeConfig`.
    pub(crate) runtime_config: bool,
    /// `hooks` is an array.
    pub(crate) hooks_array: bool,
    /// `hooks` is an object of event → entries.
    pub(crate) hooks_object: bool,
    /// Some entry under an event holds a `hooks` array (Claude's matcher groups).
    pub(crate) nested_hooks: bool,
    /// Some entry (or the root) has a key of the exec form (PRX's): `timeout_ms`, `stdin_json`,
    /// `args`.
    pub(crate) exec_keys: bool,
    /// The root has a `version` key.
    pub(crate) version: bool,
    /// Some entry names its command per shell or as a program (`bash`, `powershell`, `exec`) or
    /// its timeout as `timeoutSec`.
    pub(crate) shell_fields: bool,
}

impl Sniff {
    /// Looks at `text` once.
    pub(crate) fn of(text: &str) -> Sniff {
        if !text.trim_start().starts_with('{') {
            let runtime_config = text.lines().any(|line| {
                line.trim() == "kind: RuntimeConfig" || line.trim() == "kind: \"RuntimeConfig\""
            });
            return Sniff {
                runtime_config,
                ..Sniff::default()
            };
        }
        let Ok(root) = Node::from_json(text) else {
            return Sniff::default();
        };
        let mut sniff = Sniff {
            version: root.get("version").is_some(),
            ..Sniff::default()
        };
        let Some(hooks) = root.get("hooks") else {
            return sniff;
        };
        if hooks.as_array().is_some() {
            sniff.hooks_array = true;
            return sniff;
        }
        let Some(events) = hooks.as_object() else {
            return sniff;
        };
        sniff.hooks_object = true;
        let entries: Vec<&Node<'_>> = events
            .iter()
            .filter_map(|(_, entries)| entries.as_array())
            .flatten()
            .collect();
        sniff.nested_hooks = entries
            .iter()
            .any(|e| e.get("hooks").and_then(Node::as_array).is_some());
        let has = |key: &str| entries.iter().any(|e| e.get(key).is_some());
        sniff.exec_keys = has("timeout_ms")
            || has("stdin_json")
            || has("args")
            || root.get("timeout_ms").is_some();
        sniff.shell_fields = has("bash") || has("powershell") || has("exec") || has("timeoutSec");
        sniff
    }
}

/// What every hook of one fire is delivered with: the fired event and the payload as given.
pub(crate) struct EventContext<'a> {
    pub(crate) event: &'a str,
    pub(crate) project_dir: &'a Path,
    pub(crate) payload: &'a Map<String, Value>,
    /// The caller's payload bytes as one line ending in `\n`, while `payload` is what they say
    /// (`None` after `--set` or a chained rewrite): shapes pass these on rather than serialise.
    pub(crate) raw: Option<&'a Rc<Vec<u8>>>,
    /// The fire's one timestamp (RFC 3339, UTC, milliseconds).
    pub(crate) timestamp: &'a str,
}

/// A form of the JSON a hook receives on stdin (and in its payload file). Hooks whose shapes
/// have the same `key` share one serialisation per fire.
#[derive(Clone, Copy)]
pub(crate) struct Shape {
    /// Names the shape; equal keys must render equal bytes.
    pub(crate) key: &'static str,
    /// The payload as one line ending in `\n`; shared with the caller's bytes when it is them.
    pub(crate) render: fn(&EventContext<'_>) -> Rc<Vec<u8>>,
}

/// How `validate` judges a hook's timeout in this dialect.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TimeoutRule {
    pub(crate) max: Duration,
    pub(crate) severity: Severity,
    /// The key the file writes it under.
    pub(crate) key: &'static str,
    /// What that key counts, for the help line.
    pub(crate) unit: &'static str,
}

/// Timeouts above this are reported by `validate`: where a dialect sets no maximum, a hook that
/// may hold the agent for over an hour is almost always a unit mistake (milliseconds written
/// where seconds are meant). PRX refuses `timeout_ms` above 300 000 itself: an error there.
pub(crate) const MAX_TIMEOUT: Duration = Duration::from_secs(3600);

/// `timeout` in seconds, warned about above [`MAX_TIMEOUT`].
pub(crate) fn default_timeout_rule() -> TimeoutRule {
    TimeoutRule {
        max: MAX_TIMEOUT,
        severity: Severity::Warning,
        key: "timeout",
        unit: "seconds",
    }
}

/// A configuration file outside the project that a dialect reads.
#[derive(Debug, Clone)]
pub(crate) struct SourceFile {
    pub(crate) path: PathBuf,
    pub(crate) level: Level,
    /// The plugin the file belongs to ([`Source::plugin_root`]).
    pub(crate) plugin_root: Option<PathBuf>,
}

impl SourceFile {
    /// A file at `level` that belongs to no plugin.
    pub(crate) fn at(path: PathBuf, level: Level) -> SourceFile {
        SourceFile {
            path,
            level,
            plugin_root: None,
        }
    }
}

/// The order of a dialect's files, which is the order its hooks run in where they run one by one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FileOrder {
    /// Its [`DialectSpec::discovery`] files, then its listed ones; its managed and user files
    /// after every dialect's project files.
    ProjectFirst,
    /// Its managed and user files, then its listed project files, then its discovery files (the
    /// policy before the user before the repository, as Copilot runs them).
    OutsideFirst,
}

/// hookrun speaking one agent's own protocol (`fire --output <agent>`).
pub(crate) trait AgentOutput: Sync {
    /// The merged decision of `event`, as the agent expects it.
    fn answer(&self, event: &str, merged: &Merged) -> Answer;
    /// hookrun itself failed (configuration error, bad payload, internal error). Where the agent
    /// reads unexpected exit codes as "proceed", the failure must block instead: a broken policy
    /// must not silently allow everything.
    fn failure(&self, message: &str) -> Answer;
}

/// Everything hookrun knows about one agent's hooks. See the module doc; each method says which
/// stage asks it.
pub(crate) trait DialectSpec: Sync {
    /// The name used on the command line (`--dialect`, `--output`), in documents and records.
    fn name(&self) -> &'static str;

    // ---- sources: where the files are, how a file is recognised and loaded ----

    /// Paths relative to the project directory, in the order their hooks run.
    fn discovery(&self) -> &'static [&'static str];
    /// The level of its project file `rel` (one of [`DialectSpec::discovery`]).
    fn discovery_level(&self, _rel: &str) -> Level {
        Level::Project
    }
    /// Its project files found by listing a directory (PRX's `plugins/*/plugin.toml`), in the
    /// order their hooks run, after its [`DialectSpec::discovery`] files; every path is listed
    /// whether or not the file exists yet. `Err` says why the listing is refused.
    fn listed_files(&self, _project_dir: &Path) -> Result<Vec<PathBuf>, String> {
        Ok(Vec::new())
    }
    /// Its files outside the project, managed and user-level, in the order their hooks run
    /// (after the project's, unless [`DialectSpec::file_order`] says otherwise). User-level ones
    /// are read unless `--no-user-config`.
    fn outside_files(&self) -> Vec<SourceFile> {
        Vec::new()
    }
    /// Where its three kinds of files stand in the order its hooks run.
    fn file_order(&self) -> FileOrder {
        FileOrder::ProjectFirst
    }
    /// The plugin root of a file named with `-c`, when its place says it is a plugin's (a Claude
    /// Code plugin's `<root>/hooks/hooks.json`).
    fn plugin_root_of(&self, _path: &Path) -> Option<PathBuf> {
        None
    }
    /// The files of the plugins its loaded `sources` enable (read unless `--no-user-config`).
    fn plugin_files(&self, _sources: &[&Source], _project_dir: &Path) -> Vec<SourceFile> {
        Vec::new()
    }
    /// Weighs the switches of its files (one file's `disableAllHooks` turning off other files'
    /// hooks) once every file is loaded: `sources` and `hooks` are all that were loaded, and the
    /// dialect disables those of its own hooks that must not run.
    fn settle(&self, _sources: &[Source], _hooks: &mut [Hook]) {}
    /// Whether [`DialectSpec::settle`] is asked even when none of its files sets a switch (a rule
    /// across its files' hooks themselves, such as a name taken by an earlier file's hook).
    fn always_settles(&self) -> bool {
        false
    }
    /// Whether a file named with `-c` is this dialect's by its name: `file` is the last path
    /// component, `parent` the one before it (`""` when none).
    fn claims_path(&self, parent: &str, file: &str) -> bool;
    /// Whether a file named with `-c`, whose path did not tell, is this dialect's by its shape.
    /// Dialects recognise mutually exclusive shapes.
    fn recognises(&self, sniff: Sniff) -> bool;
    /// The file format its files are written in.
    fn format(&self) -> Format {
        Format::Json
    }
    /// The format of its file at `path`, for a dialect whose files are written in more than one
    /// (Codex: `hooks.json` and `config.toml`). Reports and `validate` locate hooks with it.
    fn format_of(&self, _path: &Path) -> Format {
        self.format()
    }
    /// Its agent reads its JSON files with `//` and `/* */` comments, which count as blanks
    /// (`config::jsonc::strip_comments`): its loader and `hookrun hooks` read them so.
    fn json_comments(&self) -> bool {
        false
    }
    /// Reports about a hook point at its entry's key rather than its value (mapping entries).
    fn entry_is_key(&self) -> bool {
        false
    }
    /// Loads one source into the shared model, with positioned diagnostics.
    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad;

    // ---- plan: events and matchers ----

    /// The event names the dialect documents (for `validate`'s did-you-mean).
    fn known_events(&self) -> &'static [&'static str];
    /// Event names compare case-insensitively (and suggestions come from the lower case).
    fn folds_event_case(&self) -> bool {
        false
    }
    /// Whether `event` is a name this dialect knows, with its own case rules.
    fn is_known_event(&self, event: &str) -> bool {
        if self.folds_event_case() {
            self.known_events()
                .iter()
                .any(|known| known.eq_ignore_ascii_case(event))
        } else {
            self.known_events().contains(&event)
        }
    }
    /// Whether a hook registered with `selector` answers to the fired `event`.
    fn fires_on(&self, selector: &EventSelector, event: &str) -> bool {
        match selector {
            EventSelector::Named(name) if self.folds_event_case() => {
                name.eq_ignore_ascii_case(event)
            }
            EventSelector::Named(name) => name == event,
            EventSelector::Patterns(patterns) => {
                patterns
                    .iter()
                    .any(|pattern| match pattern.strip_suffix('*') {
                        Some(prefix) => event.starts_with(prefix),
                        None => pattern == event,
                    })
            }
            EventSelector::Typed { .. } => false,
        }
    }
    /// What a hook's matcher is tested against for `event`.
    fn target(&self, event: &str) -> Target;
    /// Whether a command planned twice for one event from one file, under one written `name` (or
    /// none), runs once (Gemini's planner deduplicates). Across files hookrun always runs a
    /// command once.
    fn runs_named_command_once(&self) -> bool {
        false
    }

    // ---- run: what a hook receives ----

    /// The JSON shape `hook` receives.
    fn shape(&self, hook: &Hook) -> Shape;
    /// The dialect's own environment variables for `hook`. `payload` is the shaped JSON the hook
    /// receives (for dialects that also pass it in a variable).
    fn environment(
        &self,
        hook: &Hook,
        ctx: &EventContext<'_>,
        payload: &[u8],
    ) -> Vec<(String, String)>;
    /// The variables [`DialectSpec::environment`] sets to the project directory (for
    /// `validate`, which expands them in the programs it checks).
    fn project_dir_vars(&self) -> &'static [&'static str] {
        &[]
    }
    /// The command `form` of a hook as it runs in this fire, when the dialect rewrites its text
    /// first (PraisonAI replaces `$PRAISON_CWD` with the payload's `cwd`); `None` runs it as
    /// written.
    fn expand_command(&self, _form: &CommandForm, _ctx: &EventContext<'_>) -> Option<CommandForm> {
        None
    }
    /// The shell a hook's command text runs in, as `<shell> -c <text>`.
    fn shell(&self) -> &'static std::ffi::OsStr {
        std::ffi::OsStr::new("/bin/sh")
    }
    /// The variable that names the hook's 0600 payload file, when it gets one.
    fn payload_file_var(&self, hook: &Hook) -> Option<&'static str> {
        hook.payload_file.then_some("HOOKRUN_PAYLOAD_FILE")
    }

    // ---- verdict: how its hooks' answers count ----

    /// How a run of `hook` on `event` may count (before `--strict`).
    fn policy(&self, hook: &Hook, event: &str) -> Policy;
    /// A rewrite replaces the tool input whole (true) or is shallow-merged into it (false).
    fn rewrite_replaces_input(&self) -> bool {
        false
    }
    /// Whether a deny of `hook` on `event` skips the rest of this dialect's hooks (a chain).
    fn deny_ends_chain(&self, _hook: &Hook, _event: &str) -> bool {
        false
    }
    /// Whether only the first deny among this dialect's hooks gives the reason (its agent reports
    /// the first blocking result's reason, even an absent one, rather than every reason).
    fn first_deny_reason_only(&self) -> bool {
        false
    }
    /// Whether `event` counts towards a hook's `loop_limit`.
    fn loop_limited(&self, _event: &str) -> bool {
        false
    }
    /// The name under which a WASM plugin hook subscribed to `patterns` receives the fired
    /// `event` on the dialect's plugin bus (`Err` with the event's own name on the bus when no
    /// pattern selects it). Only a dialect with plugin hooks has a bus: the rest pass the name on.
    fn plugin_event(&self, _patterns: &[String], event: &str) -> Result<String, String> {
        Err(event.to_owned())
    }

    // ---- output ----

    /// hookrun answering as this agent, when it can (`fire --output <name>`).
    fn output(&self) -> Option<&'static dyn AgentOutput> {
        None
    }

    // ---- install ----

    /// Whether this run of hookrun, answering as `output` for `event`, is one this dialect's
    /// agent started from another agent's file it also reads (GitHub Copilot runs Claude's
    /// `.claude/settings.json`) while it runs hookrun through its own installed entry too:
    /// `Some(why)`, and the run answers nothing, so that no hook runs twice for one event.
    fn answered_by_own_entry(
        &self,
        _output: Dialect,
        _event: &str,
        _project_dir: &Path,
    ) -> Option<String> {
        None
    }
    /// How `hookrun install` wires hookrun into this agent's own configuration, when it can.
    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        None
    }
    /// How `hookrun hooks` edits its file at `path` (one of its files), when it can.
    fn editing(&self, _path: &Path) -> Option<crate::model::editing::Editing> {
        None
    }

    // ---- validate ----

    /// Codes of warnings its loader gives that `validate` reports as errors (beside
    /// [`crate::config::diagnostics::VALIDATE_ERRORS`]).
    fn validate_errors(&self) -> &'static [&'static str] {
        &[]
    }
    /// How `validate` judges a timeout.
    fn timeout_rule(&self) -> TimeoutRule {
        default_timeout_rule()
    }
    /// Where a hook's matcher is written when not in the hook's own entry (Claude's matcher
    /// groups), for `validate` to point at.
    fn matcher_path(&self, _entry: &[Step]) -> Option<Vec<Step>> {
        None
    }
}
