//! The command line, as clap derive definitions only.
//!
//! Every struct has `#[group(skip)]`: clap's derive otherwise defines an argument group per
//! struct, which hookrun never uses, and every argument given or defaulted is then recorded a
//! second time under its group (~17 k of an empty-project `fire`'s instructions).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::config::duration::parse_duration;
use crate::dialects;
use crate::model::Dialect;
pub(crate) use crate::output::color::ColorChoice;
use crate::payload::DEFAULT_MAX_PAYLOAD;
pub(crate) use crate::schema::SchemaKind;
pub(crate) use crate::testfile::report::Format as TestFormat;

/// Runs AI-agent hooks of every dialect: one fast binary, one merged decision.
#[derive(Debug, Parser)]
#[command(
    name = "hookrun",
    version = crate::runner::platform::VERSION,
    propagate_version = true,
    max_term_width = 100
)]
#[group(skip)]
pub(crate) struct Cli {
    #[command(flatten)]
    pub(crate) global: GlobalArgs,
    #[command(subcommand)]
    pub(crate) command: Command,
}

// The options every subcommand takes: a struct of their own so that `fire`'s fast parse
// (`command_line`) can define them without the other subcommands. No doc comment: clap would make
// it the about text of the command that flattens the struct.
#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct GlobalArgs {
    /// Project directory (default: the current directory).
    #[arg(
        short = 'C',
        long,
        env = "HOOKRUN_PROJECT_DIR",
        global = true,
        value_name = "DIR"
    )]
    pub(crate) project_dir: Option<PathBuf>,
    /// Configuration file to load instead of discovery (repeatable).
    #[arg(short = 'c', long = "config", global = true, value_name = "FILE")]
    pub(crate) config: Vec<PathBuf>,
    /// Dialect of `-c` files whose path does not tell it.
    #[arg(long, global = true, value_parser = parse_dialect, value_name = "NAME")]
    pub(crate) dialect: Option<Dialect>,
    /// Do not load the user-level `~/.config/hookrun/hookrun.toml`.
    #[arg(long, global = true)]
    pub(crate) no_user_config: bool,
    /// Run the project's own hook files without a trust record (CI that means to run the
    /// checkout's hooks; see `hookrun trust`).
    #[arg(
        long,
        global = true,
        env = "HOOKRUN_TRUST_PROJECT",
        value_parser = clap::builder::FalseyValueParser::new()
    )]
    pub(crate) trust_project: bool,
    /// Trace what hookrun does to stderr.
    #[arg(short, long, global = true)]
    pub(crate) verbose: bool,
    /// When to colour human output.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub(crate) color: ColorChoice,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Run the hooks matching EVENT with the payload on stdin; print the merged decision JSON.
    Fire(FireArgs),
    /// Run hook test files (`*.hooktest.toml|yaml|yml|json`) through the real fire pipeline.
    Test(TestArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Print the JSON Schema of the decision document, of `hookrun.toml`, or of test files.
    Schema(SchemaArgs),
    /// Check every hook configuration and report each problem with file:line:col.
    Validate(ValidateArgs),
    /// List the hooks hookrun sees, grouped by source file.
    List(ListArgs),
    /// Review the project's hook files and trust them to run (or list and revoke trust).
    Trust(TrustArgs),
    /// Write a commented starter `hookrun.toml` and a test file that passes as written.
    Init(InitArgs),
    /// Wire hookrun into an agent's own configuration as its single hook for every event.
    Install(InstallArgs),
    /// Remove what `install` added to an agent's configuration.
    Uninstall(UninstallArgs),
    /// List, add, change, remove and switch hooks in the agents' own files.
    Hooks(HooksArgs),
    /// Run a built-in guard on the event payload on stdin: exit 2 with the reason on stderr to
    /// block, 0 to let it through (for other agents' hook files).
    Guard(GuardArgs),
    /// Serve the project over HTTP: PRX's /api/hooks, POST /api/fire/EVENT, the /api/events bus.
    Serve(ServeArgs),
}

/// Runs `hookrun-serve` (cargo feature `serve`), which takes the same command line.
#[derive(Debug, Clone, Args)]
#[group(skip)]
pub(crate) struct ServeArgs {
    /// Address to listen on; port 0 takes a free port. The bound address is printed on stdout.
    /// [default: 127.0.0.1:7433, or none with --socket]
    #[arg(long, value_name = "ADDR")]
    pub(crate) addr: Option<std::net::SocketAddr>,
    /// Listen on a Unix socket at PATH (mode 0600).
    #[arg(long, value_name = "PATH")]
    pub(crate) socket: Option<PathBuf>,
    /// Accept an --addr that is not a loopback address (every request still needs the token).
    #[arg(long)]
    pub(crate) allow_remote: bool,
    /// The hook file /api/hooks edits (default: the first editable one, PRX's hooks.json first;
    /// hooks.json when there is none).
    #[arg(long, value_name = "FILE")]
    pub(crate) file: Option<PathBuf>,
    /// Every hook failure blocks, in every fire (as `fire --strict`).
    #[arg(long)]
    pub(crate) strict: bool,
    /// Cap every hook's timeout (e.g. 500ms, 5s, 2m).
    #[arg(long, value_parser = parse_duration_arg, value_name = "DURATION")]
    pub(crate) timeout: Option<Duration>,
    /// Largest request body accepted, in bytes.
    #[arg(long, default_value_t = 1024 * 1024, value_name = "BYTES")]
    pub(crate) max_body: u64,
    /// At SIGINT or SIGTERM, how long running fires may go on before their hooks are ended.
    #[arg(long, default_value = "10s", value_parser = parse_duration_arg, value_name = "DURATION")]
    pub(crate) grace: Duration,
}

#[derive(Debug, Args)]
#[group(skip)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent command-line switches"
)]
pub(crate) struct FireArgs {
    /// The event name, in the vocabulary of the hooks it should fire (PreToolUse, beforeShellExecution, …).
    pub(crate) event: String,
    /// Read the payload from FILE instead of stdin.
    #[arg(long, value_name = "FILE")]
    pub(crate) payload: Option<PathBuf>,
    /// Set a payload field: `key.path=value` (JSON when it parses, else a string). Repeatable.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub(crate) set: Vec<String>,
    /// Every hook failure blocks.
    #[arg(long)]
    pub(crate) strict: bool,
    /// Cap every hook's timeout (e.g. 500ms, 5s, 2m).
    #[arg(long, value_parser = parse_duration_arg, value_name = "DURATION")]
    pub(crate) timeout: Option<Duration>,
    /// Pretty-print the decision JSON.
    #[arg(long)]
    pub(crate) pretty: bool,
    /// Answer in the calling agent's protocol (its JSON and exit codes); its own hook files are
    /// then skipped unless named with -c.
    #[arg(long, value_parser = output_parser(), default_value = "hookrun", value_name = "FORMAT")]
    pub(crate) output: Dialect,
    /// Largest payload accepted, in bytes.
    #[arg(long, default_value_t = DEFAULT_MAX_PAYLOAD, value_name = "BYTES")]
    pub(crate) max_payload: u64,
    /// Append this fire (event, payload, actual result) as a new test to FILE (a `.hooktest.toml`).
    #[arg(long, value_name = "FILE")]
    pub(crate) record: Option<PathBuf>,
    /// Print the plan as JSON (every hook, matched or skipped and why); spawn nothing.
    #[arg(long)]
    pub(crate) dry_run: bool,
    /// Append one JSON line describing this fire to FILE.
    #[arg(long, env = "HOOKRUN_LOG", value_name = "FILE")]
    pub(crate) log: Option<PathBuf>,
    /// No notes on stderr (an unknown event, no configuration, skipped own hooks); warnings about
    /// hooks that cannot run still show.
    #[arg(short, long)]
    pub(crate) quiet: bool,
    /// Load the configuration files without the cache of what they loaded to (the cache is
    /// used only while every file it came from is unchanged; see the README's Performance).
    #[arg(
        long,
        env = "HOOKRUN_NO_CACHE",
        value_parser = clap::builder::FalseyValueParser::new()
    )]
    pub(crate) no_cache: bool,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct TestArgs {
    /// Test files or directories to search (default: every test file under the project dir).
    #[arg(value_name = "PATH")]
    pub(crate) paths: Vec<PathBuf>,
    /// Run only the tests whose name contains TEXT.
    #[arg(long, value_name = "TEXT")]
    pub(crate) filter: Option<String>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = TestFormat::Human, value_name = "FORMAT")]
    pub(crate) format: TestFormat,
    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub(crate) json: bool,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub(crate) shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct SchemaArgs {
    /// Which document's schema.
    #[arg(value_enum)]
    pub(crate) kind: SchemaKind,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct ValidateArgs {
    /// Configuration files to check instead of discovery (dialect told as for `-c`).
    #[arg(value_name = "PATH")]
    pub(crate) paths: Vec<PathBuf>,
    /// Treat warnings as errors.
    #[arg(long)]
    pub(crate) strict: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Human, value_name = "FORMAT")]
    pub(crate) format: ReportFormat,
    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub(crate) json: bool,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct ListArgs {
    /// Only the hooks registered for this event.
    pub(crate) event: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Human, value_name = "FORMAT")]
    pub(crate) format: ReportFormat,
    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub(crate) json: bool,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct GuardArgs {
    /// The guard: `rm-rf` blocks shell commands that run a forced recursive delete.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(
        crate::guard::Guard::ALL.iter().map(|guard| guard.name())
    ))]
    pub(crate) name: String,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct TrustArgs {
    /// Trust without asking (required when stdin is not a terminal).
    #[arg(long, short = 'y')]
    pub(crate) yes: bool,
    /// List the trust store: every project and the files trusted in it.
    #[arg(long, conflicts_with_all = ["yes", "revoke"])]
    pub(crate) list: bool,
    /// Forget the trust of a project (default: this one).
    #[arg(long, value_name = "PROJECT_DIR", num_args = 0..=1, default_missing_value = ".")]
    pub(crate) revoke: Option<PathBuf>,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct InitArgs {
    /// Overwrite the files if they exist.
    #[arg(long)]
    pub(crate) force: bool,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct InstallArgs {
    #[command(flatten)]
    pub(crate) target: AgentFileArgs,
    /// The hookrun program the agent runs (default: `hookrun`, found on PATH; with --user, this
    /// executable's absolute path).
    #[arg(long, value_name = "PATH")]
    pub(crate) command: Option<PathBuf>,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct UninstallArgs {
    #[command(flatten)]
    pub(crate) target: AgentFileArgs,
}

// What `install` and `uninstall` both take. No doc comment: clap would make it the about text.
#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct AgentFileArgs {
    /// The agent whose configuration to edit.
    #[arg(value_parser = agent_parser(), value_name = "AGENT")]
    pub(crate) agent: Dialect,
    /// Edit the agent's user-level file instead of the project's.
    #[arg(long)]
    pub(crate) user: bool,
    /// Print what would change; write nothing.
    #[arg(long)]
    pub(crate) dry_run: bool,
}

/// `--format`, or `--json` (its alias for JSON), of `test`, `validate`, `list` and `hooks list`.
macro_rules! chosen_format {
    ($($args:ty => $format:ty),*) => {$(
        impl $args {
            /// The report format asked for: `--json` is `--format json`.
            pub(crate) fn chosen_format(&self) -> $format {
                if self.json { <$format>::Json } else { self.format }
            }
        }
    )*};
}

chosen_format!(
    TestArgs => TestFormat,
    ValidateArgs => ReportFormat,
    ListArgs => ReportFormat,
    HooksListArgs => ReportFormat
);

/// `--format` of `validate` and `list`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ReportFormat {
    /// Text for people.
    Human,
    /// JSON for tools.
    Json,
}

fn parse_duration_arg(text: &str) -> Result<Duration, String> {
    parse_duration(text)
}

fn parse_dialect(name: &str) -> Result<Dialect, String> {
    dialects::by_name(name).ok_or_else(|| {
        format!(
            "unknown dialect `{name}` (one of: {})",
            dialects::names().join(", ")
        )
    })
}

/// The agents `install` knows: every dialect with an installer, from the registry.
fn agent_parser() -> impl clap::builder::TypedValueParser<Value = Dialect> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(dialects::installable()).map(|name: String| {
        dialects::by_name(&name).expect("an installable agent is a dialect of the registry")
    })
}

/// `--output`: `hookrun` (its own document) or a dialect that can answer as its agent. Its
/// possible values are listed only when clap asks (help, errors, completions): `fire` starts once
/// per agent event and should not build the list just to parse one word.
fn output_parser() -> OutputParser {
    OutputParser
}

#[derive(Clone)]
struct OutputParser;

impl clap::builder::TypedValueParser for OutputParser {
    type Value = Dialect;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Dialect, clap::Error> {
        let name = value.to_str().unwrap_or("");
        match dialects::by_name(name) {
            Some(dialect) if dialects::output_names().contains(&dialect.name()) => Ok(dialect),
            _ => clap::builder::PossibleValuesParser::new(dialects::output_names())
                .parse_ref(cmd, arg, value)
                .map(|_| unreachable!("a name PossibleValuesParser accepts is a dialect's")),
        }
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            dialects::output_names()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct HooksArgs {
    #[command(subcommand)]
    pub(crate) action: HooksAction,
}

#[derive(Debug, Subcommand)]
pub(crate) enum HooksAction {
    /// List the hooks of every file `hookrun hooks` can edit, with their ids.
    List(HooksListArgs),
    /// Add a hook: `hookrun hooks add EVENT -- COMMAND [ARGS…]`.
    Add(HooksAddArgs),
    /// Change a hook's event, command, matcher, timeout, stdin or environment.
    Update(HooksUpdateArgs),
    /// Remove a hook.
    Rm(HooksIdArgs),
    /// Switch a hook on.
    Enable(HooksSwitchArgs),
    /// Switch a hook off (or, with --all, every hook of the file).
    Disable(HooksSwitchArgs),
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct HooksListArgs {
    /// Only this file.
    #[arg(long, value_name = "FILE")]
    pub(crate) file: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Human, value_name = "FORMAT")]
    pub(crate) format: ReportFormat,
    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub(crate) json: bool,
}

/// The fields a hook is given on `add` and `update`.
#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct HookFields {
    /// The file to edit (default: the first of the project's editable files, PRX's `hooks.json`
    /// first).
    #[arg(long, value_name = "FILE")]
    pub(crate) file: Option<PathBuf>,
    /// The matcher (Claude, Gemini, Cursor, ProxyAI, hookrun.toml).
    #[arg(long, value_name = "PATTERN")]
    pub(crate) matcher: Option<String>,
    /// The hook's timeout (e.g. 500ms, 5s), written in the file's own unit.
    #[arg(long, value_parser = parse_duration_arg, value_name = "DURATION")]
    pub(crate) timeout: Option<Duration>,
    /// Set a variable of the hook's environment (PRX, hookrun.toml; repeatable).
    #[arg(long = "env", value_name = "KEY=VALUE", value_parser = parse_env_pair)]
    pub(crate) env: Vec<(String, String)>,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct HooksAddArgs {
    /// The event, in the file's own vocabulary (tool_call, PreToolUse, …; hookrun.toml: several,
    /// comma-separated).
    pub(crate) event: String,
    #[command(flatten)]
    pub(crate) fields: HookFields,
    /// Give the hook the payload on stdin (PRX's `stdin_json`).
    #[arg(long)]
    pub(crate) stdin_json: bool,
    /// The program and its arguments.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub(crate) command: Vec<String>,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct HooksUpdateArgs {
    /// The hook's id (`hookrun hooks list`).
    pub(crate) id: String,
    /// Move the hook to this event.
    #[arg(long, value_name = "EVENT")]
    pub(crate) event: Option<String>,
    #[command(flatten)]
    pub(crate) fields: HookFields,
    /// Give the hook the payload on stdin, or not (PRX's `stdin_json`).
    #[arg(long, value_name = "BOOL")]
    pub(crate) stdin_json: Option<bool>,
    /// A new program and arguments.
    #[arg(last = true, value_name = "COMMAND")]
    pub(crate) command: Vec<String>,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct HooksIdArgs {
    /// The hook's id (`hookrun hooks list`).
    pub(crate) id: String,
    /// Look for the id in this file only.
    #[arg(long, value_name = "FILE")]
    pub(crate) file: Option<PathBuf>,
}

#[derive(Debug, Args)]
#[group(skip)]
pub(crate) struct HooksSwitchArgs {
    /// The hook's id (`hookrun hooks list`).
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    pub(crate) id: Option<String>,
    /// Every hook of the file, with the file's own switch (PRX and hookrun.toml `enabled`,
    /// Claude `disableAllHooks`, Gemini `hooksConfig.enabled`).
    #[arg(long)]
    pub(crate) all: bool,
    /// The file (default: the one holding the id; with --all, the first editable file).
    #[arg(long, value_name = "FILE")]
    pub(crate) file: Option<PathBuf>,
}

fn parse_env_pair(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) if !key.is_empty() => Ok((key.to_owned(), value.to_owned())),
        _ => Err(format!("expected KEY=VALUE, found {text:?}")),
    }
}
