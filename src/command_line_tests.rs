use std::ffi::OsString;

use clap::Parser as _;
use clap::error::ErrorKind;

use super::{parse, parse_fire};
use crate::cli::Cli;

fn argv(line: &str) -> Vec<OsString> {
    std::iter::once("hookrun")
        .chain(line.split_whitespace())
        .map(OsString::from)
        .collect()
}

/// `fire` command lines: the fast parse must give the very `Cli` the whole definition gives
/// (compared through `Debug`, which shows every field).
#[test]
fn fire_parses_fast_into_the_same_cli_as_the_whole_command() {
    let lines = [
        "fire PreToolUse",
        "-C /p fire PreToolUse",
        "fire PreToolUse -C /p",
        "fire -C /p PreToolUse",
        "--project-dir=/p fire PreToolUse --project-dir /q",
        "-vC /p fire PreToolUse",
        "-c a.json --config b.toml --dialect claude fire Stop -c=c.json",
        "--no-user-config -v --color never fire Stop",
        "fire Stop --color=always --verbose --no-user-config --dialect=cursor",
        "fire PreToolUse --payload p.json --set a=1 --set b.c=x --strict --timeout 500ms --pretty \
         --output claude --max-payload 10 --record r.hooktest.toml --dry-run --log l.jsonl",
        "fire beforeShellExecution --output=cursor --timeout=2m --max-payload=0",
        "fire list",
        "fire fire",
        "fire help",
        "-C test fire Stop",
        "-C list fire Stop -c help",
        "fire -- --dashed-event",
    ];
    for line in lines {
        let fast =
            parse_fire(&argv(line)).unwrap_or_else(|e| panic!("fast parse of `{line}`: {e}"));
        let full = Cli::try_parse_from(argv(line)).unwrap_or_else(|e| panic!("`{line}`: {e}"));
        assert_eq!(format!("{fast:?}"), format!("{full:?}"), "`{line}`");
        assert_eq!(
            format!("{:?}", parse(argv(line)).expect("parses")),
            format!("{full:?}"),
            "`{line}`"
        );
    }
}

/// Help, version, other subcommands and every usage error: the fast parse refuses them, and
/// `parse` answers exactly as the whole command does (the same error kind and message, so the
/// same output and exit code).
#[test]
fn anything_else_falls_back_to_the_whole_command() {
    let cases = [
        ("fire --help", ErrorKind::DisplayHelp),
        ("fire PreToolUse -h", ErrorKind::DisplayHelp),
        ("--help fire PreToolUse", ErrorKind::DisplayHelp),
        ("-vh fire PreToolUse", ErrorKind::DisplayHelp),
        ("help fire", ErrorKind::DisplayHelp),
        ("fire PreToolUse --version", ErrorKind::DisplayVersion),
        ("-V fire", ErrorKind::DisplayVersion),
        ("fire", ErrorKind::MissingRequiredArgument),
        ("-C fire", ErrorKind::MissingSubcommand),
        ("fire PreToolUse --bogus", ErrorKind::UnknownArgument),
        ("fire PreToolUse extra", ErrorKind::UnknownArgument),
        ("fire PreToolUse --payload", ErrorKind::InvalidValue),
        ("fire PreToolUse --timeout soon", ErrorKind::ValueValidation),
        ("fire PreToolUse --output nope", ErrorKind::InvalidValue),
        ("fire PreToolUse --dialect nope", ErrorKind::ValueValidation),
        ("fire PreToolUse --color nope", ErrorKind::InvalidValue),
        (
            "fire PreToolUse --max-payload -1",
            ErrorKind::UnknownArgument,
        ),
        ("fir PreToolUse", ErrorKind::InvalidSubcommand),
        ("test fire --format nope", ErrorKind::InvalidValue),
    ];
    for (line, kind) in cases {
        assert!(
            parse_fire(&argv(line)).is_err(),
            "fast parse accepted `{line}`"
        );
        let full = Cli::try_parse_from(argv(line)).expect_err(line);
        let error = parse(argv(line)).expect_err(line);
        assert_eq!((error.kind(), full.kind()), (kind, kind), "`{line}`");
        assert_eq!(error.to_string(), full.to_string(), "`{line}`");
    }
}

/// Other subcommands, even with `fire` among their words, parse with the whole command.
#[test]
fn other_subcommands_parse_as_before() {
    for line in [
        "list fire",
        "-C fire list",
        "validate -c fire.json",
        "schema decision",
    ] {
        let full = Cli::try_parse_from(argv(line)).unwrap_or_else(|e| panic!("`{line}`: {e}"));
        let cli = parse(argv(line)).unwrap_or_else(|e| panic!("`{line}`: {e}"));
        assert_eq!(format!("{cli:?}"), format!("{full:?}"), "`{line}`");
    }
}

/// The plain command lines agents write: read without clap into the very `Cli` clap gives; any
/// other line is left to clap.
#[test]
fn plain_fire_lines_parse_without_clap_into_the_same_cli() {
    let plain = [
        "fire PreToolUse",
        "-C /p fire PreToolUse",
        "fire PreToolUse -C /p",
        "--project-dir /p --no-user-config --trust-project fire Stop",
        "fire PreToolUse --payload p.json --strict --pretty --dry-run -q --no-cache",
        "fire fire --quiet --trust-project --no-user-config",
        "-C test fire Stop",
        "-C /p fire list --payload fire",
    ];
    let env_set = super::FIRE_ENV
        .iter()
        .any(|name| std::env::var_os(name).is_some());
    for line in plain {
        let full = Cli::try_parse_from(argv(line)).unwrap_or_else(|e| panic!("`{line}`: {e}"));
        let parsed = parse(argv(line)).expect("parses");
        assert_eq!(format!("{parsed:?}"), format!("{full:?}"), "`{line}`");
        let fast = super::plain_fire(&argv(line));
        if env_set {
            assert!(fast.is_none(), "`{line}` with HOOKRUN_* set is clap's");
        } else {
            let fast = fast.unwrap_or_else(|| panic!("`{line}` is a plain line"));
            assert_eq!(format!("{fast:?}"), format!("{full:?}"), "`{line}`");
        }
    }
    for line in [
        "fire",
        "-C fire",
        "fire -C /p",
        "fire PreToolUse --payload",
        "fire PreToolUse --payload --strict",
        "fire PreToolUse --strict --strict",
        "-C /p -C /q fire Stop",
        "fire PreToolUse --payload=p.json",
        "fire PreToolUse -qv",
        "fire PreToolUse extra",
        "--strict fire PreToolUse",
        "fire PreToolUse --output claude",
        "fire PreToolUse --help",
        "fire -- -x",
        "list fire",
    ] {
        assert!(
            super::plain_fire(&argv(line)).is_none(),
            "`{line}` is clap's"
        );
    }
}

/// Every environment variable `fire`'s command line reads is one the plain parse steps aside
/// for.
#[test]
fn plain_fire_knows_every_variable_the_fire_command_reads() {
    let command = super::fire_only();
    let fire = command.find_subcommand("fire").expect("fire");
    let mut read: Vec<String> = command
        .get_arguments()
        .chain(fire.get_arguments())
        .filter_map(|arg| arg.get_env())
        .map(|name| name.to_string_lossy().into_owned())
        .collect();
    read.sort();
    let mut known: Vec<&str> = super::FIRE_ENV.to_vec();
    known.sort_unstable();
    assert_eq!(read, known);
}
