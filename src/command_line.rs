//! Turning the program's arguments into a [`Cli`]: clap's parse of the whole definition, with two
//! cheaper first tries for `fire` — the plain lines agents write read without clap
//! ([`plain_fire`]), then a clap command of `fire` alone.
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

use std::path::PathBuf;

use clap::{Args as _, CommandFactory as _, FromArgMatches as _};

use crate::cli::{Cli, ColorChoice, Command, FireArgs, GlobalArgs};

/// Parses `args` (the program name first) as the whole [`Cli`] definition does.
pub(crate) fn parse(args: Vec<OsString>) -> Result<Cli, clap::Error> {
    if let Some(cli) = plain_fire(&args) {
        return Ok(cli);
    }
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

/// The environment variables the `fire` command line reads (clap's `env`). [`plain_fire`] leaves
/// a command line to clap when any of them is set: how clap reads each is clap's to say.
const FIRE_ENV: &[&str] = &[
    "HOOKRUN_PROJECT_DIR",
    "HOOKRUN_TRUST_PROJECT",
    "HOOKRUN_LOG",
    "HOOKRUN_NO_CACHE",
];

/// The command lines agents and scripts write — `fire EVENT` with a few plain options — read
/// without clap: building even the `fire`-only command and parsing with it cost ~0.17 M
/// instructions, 40 % of an empty project's `fire`. Only these words are read here, each at most
/// once and with its value as a separate word: `-C`/`--project-dir DIR`, `--no-user-config`,
/// `--trust-project` (anywhere), `fire EVENT`, and after it `--payload FILE`, `--strict`,
/// `--pretty`, `--dry-run`, `-q`/`--quiet`, `--no-cache`. A value or event that is empty or
/// starts with `-`, any other word, a repeated one, a word that is not UTF-8, or one of
/// [`FIRE_ENV`] set in the environment: `None`, and clap parses the line as before. What this
/// returns is what clap would (`tests`: the same `Cli`, field by field, for every such line).
fn plain_fire(args: &[OsString]) -> Option<Cli> {
    if FIRE_ENV.iter().any(|name| std::env::var_os(name).is_some()) {
        return None;
    }
    let mut project_dir: Option<PathBuf> = None;
    let (mut no_user_config, mut trust_project) = (false, false);
    let mut event: Option<String> = None;
    let mut payload: Option<PathBuf> = None;
    let mut switches = [false; 5]; // strict, pretty, dry-run, quiet, no-cache
    let mut words = args.iter().skip(1).map(|word| word.to_str());
    // A value word: present, UTF-8, not empty and not an option.
    let value = |words: &mut dyn Iterator<Item = Option<&str>>| {
        words
            .next()
            .flatten()
            .filter(|word| !word.is_empty() && !word.starts_with('-'))
            .map(str::to_owned)
    };
    let set = |flag: &mut bool| (!std::mem::replace(flag, true)).then_some(());
    while let Some(word) = words.next() {
        let fired = event.is_some();
        match word? {
            "-C" | "--project-dir" if project_dir.is_none() => {
                project_dir = Some(value(&mut words)?.into());
            }
            "--no-user-config" => set(&mut no_user_config)?,
            "--trust-project" => set(&mut trust_project)?,
            "fire" if !fired => event = Some(value(&mut words)?),
            "--payload" if fired && payload.is_none() => payload = Some(value(&mut words)?.into()),
            "--strict" if fired => set(&mut switches[0])?,
            "--pretty" if fired => set(&mut switches[1])?,
            "--dry-run" if fired => set(&mut switches[2])?,
            "-q" | "--quiet" if fired => set(&mut switches[3])?,
            "--no-cache" if fired => set(&mut switches[4])?,
            _ => return None,
        }
    }
    let [strict, pretty, dry_run, quiet, no_cache] = switches;
    Some(Cli {
        global: GlobalArgs {
            project_dir,
            config: Vec::new(),
            dialect: None,
            no_user_config,
            trust_project,
            verbose: false,
            color: ColorChoice::Auto,
        },
        command: Command::Fire(FireArgs {
            event: event?,
            payload,
            set: Vec::new(),
            strict,
            timeout: None,
            pretty,
            output: crate::dialects::by_name("hookrun")?,
            max_payload: crate::payload::DEFAULT_MAX_PAYLOAD,
            record: None,
            dry_run,
            log: None,
            quiet,
            no_cache,
        }),
    })
}

#[cfg(test)]
#[path = "command_line_tests.rs"]
mod tests;
