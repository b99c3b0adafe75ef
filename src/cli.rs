//! The command line, as clap derive definitions only.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::config::duration::parse_duration;
use crate::payload::DEFAULT_MAX_PAYLOAD;

/// Runs AI-agent hooks of every dialect: one fast binary, one merged decision.
#[derive(Debug, Parser)]
#[command(name = "hookrun", version, propagate_version = true, max_term_width = 100)]
pub(crate) struct Cli {
    /// Project directory (default: the current directory).
    #[arg(short = 'C', long, env = "HOOKRUN_PROJECT_DIR", global = true, value_name = "DIR")]
    pub(crate) project_dir: Option<PathBuf>,
    /// Configuration file to load instead of discovery (repeatable).
    #[arg(short = 'c', long = "config", global = true, value_name = "FILE")]
    pub(crate) config: Vec<PathBuf>,
    /// Dialect of `-c` files whose path does not tell it.
    #[arg(long, global = true, value_enum, value_name = "NAME")]
    pub(crate) dialect: Option<DialectArg>,
    /// Do not load the user-level `~/.config/hookrun/hookrun.toml`.
    #[arg(long, global = true)]
    pub(crate) no_user_config: bool,
    /// Trace what hookrun does to stderr.
    #[arg(short, long, global = true)]
    pub(crate) verbose: bool,
    /// When to colour human output.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub(crate) color: ColorChoice,
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Run the hooks matching EVENT with the payload on stdin; print the merged decision JSON.
    Fire(FireArgs),
}

#[derive(Debug, Args)]
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
    /// Largest payload accepted, in bytes.
    #[arg(long, default_value_t = DEFAULT_MAX_PAYLOAD, value_name = "BYTES")]
    pub(crate) max_payload: u64,
}

fn parse_duration_arg(text: &str) -> Result<Duration, String> {
    parse_duration(text)
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Dialect names on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum DialectArg {
    Hookrun,
    Claude,
    Gemini,
    Cursor,
    Proxyai,
    Praison,
    Prx,
    Promptkit,
}

impl From<DialectArg> for crate::Dialect {
    fn from(arg: DialectArg) -> crate::Dialect {
        use crate::Dialect as D;
        match arg {
            DialectArg::Hookrun => D::Hookrun,
            DialectArg::Claude => D::Claude,
            DialectArg::Gemini => D::Gemini,
            DialectArg::Cursor => D::Cursor,
            DialectArg::Proxyai => D::Proxyai,
            DialectArg::Praison => D::Praison,
            DialectArg::Prx => D::Prx,
            DialectArg::Promptkit => D::Promptkit,
        }
    }
}
