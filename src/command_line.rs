//! Turning the program's arguments into a [`Cli`]: clap's parse of the whole definition, with a
//! cheaper first try for `fire`.
//!
//! hookrun starts once per agent event, nearly always as `fire`. Clap spent ~0.27 M of the
//! ~0.52 M instructions of an empty-project `fire`, a third of it defining the whole command:
//! every subcommand, the global options copied into each, help and version flags. So when `fire`
//! is among the arguments, they are first parsed by a command that holds only the global options
//! and `fire`, built from the same derive definitions ([`GlobalArgs`], [`FireArgs`]); that saves
//! ~0.08 M.
//!
//! Why it cannot read a command line otherwise than the whole command: it is a subset of it (the
//! same arguments, values, environment variables and defaults). A word it does not know (another
//! subcommand, `help`, `--help`, `-h`, `--version`, `-V`) is an error in it, and clap looks words
//! up as subcommands only where no option waits for its value, in both commands alike. On any
//! error the whole command parses the arguments again, so help, version, error messages and exit
//! codes stay clap's own.

use std::ffi::OsString;

use clap::{Args as _, CommandFactory as _, FromArgMatches as _};

use crate::cli::{Cli, FireArgs, GlobalArgs};

/// Parses `args` (the program name first) as the whole [`Cli`] definition does.
pub(crate) fn parse(args: Vec<OsString>) -> Result<Cli, clap::Error> {
    if args.iter().skip(1).any(|arg| arg == "fire")
        && let Ok(cli) = parse_fire(&args)
    {
        return Ok(cli);
    }
    let mut matches = Cli::command().try_get_matches_from(args)?;
    refuse_meaningless_globals(&matches)?;
    Cli::from_arg_matches_mut(&mut matches)
}

/// The global options about configuration mean nothing to `schema` and `completions`, which read
/// none: given on the command line (not through the environment), they are a usage error rather
/// than silently ignored.
fn refuse_meaningless_globals(matches: &clap::ArgMatches) -> Result<(), clap::Error> {
    const CONFIGURATION: &[(&str, &str)] = &[
        ("project_dir", "-C/--project-dir"),
        ("config", "-c/--config"),
        ("dialect", "--dialect"),
        ("no_user_config", "--no-user-config"),
    ];
    let Some((name, sub)) = matches.subcommand() else {
        return Ok(());
    };
    if !matches!(name, "schema" | "completions") {
        return Ok(());
    }
    let given = |id: &str| {
        [matches, sub]
            .iter()
            .any(|m| m.value_source(id) == Some(clap::parser::ValueSource::CommandLine))
    };
    match CONFIGURATION.iter().find(|(id, _)| given(id)) {
        None => Ok(()),
        Some((_, flag)) => Err(clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            format!(
                "the option '{flag}' cannot be used with 'hookrun {name}': it reads no configuration\n"
            ),
        )
        .with_cmd(&Cli::command())),
    }
}

/// `args` parsed by [`fire_only`]: an error for anything the whole command would treat otherwise
/// than `fire` with its options.
fn parse_fire(args: &[OsString]) -> Result<Cli, clap::Error> {
    let mut command = fire_only();
    let parsed = command.try_get_matches_from_mut(args);
    // Dropping the built command frees every argument's strings one by one: ~0.07 M
    // instructions, a tenth of an empty fire, to give memory back to a process about to end.
    // On an error the whole command parses again (and clap's message is built from that one).
    std::mem::forget(command);
    Cli::from_arg_matches_mut(&mut parsed?)
}

/// The global options and the `fire` subcommand, as [`Cli`] defines them, and nothing else.
fn fire_only() -> clap::Command {
    let fire = FireArgs::augment_args(clap::Command::new("fire")).disable_help_flag(true);
    GlobalArgs::augment_args(clap::Command::new("hookrun"))
        .subcommand(fire)
        .subcommand_required(true)
        .disable_help_flag(true)
        .disable_help_subcommand(true)
}

#[cfg(test)]
#[path = "command_line_tests.rs"]
mod tests;
