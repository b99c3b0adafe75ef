//! Generated artefacts are checked, not trusted: the committed completion scripts (`completions/`)
//! and JSON Schemas (`schemas/`) must equal what the binary generates now. After a change to the
//! command line or the documents, regenerate them with
//! `HOOKRUN_UPDATE_GENERATED=1 cargo test generated`.

use std::path::Path;

use crate::harness::hookrun_command;

const UPDATE: &str = "HOOKRUN_UPDATE_GENERATED";

/// (arguments, committed file) for every generated artefact.
pub(crate) const ARTEFACTS: &[(&[&str], &str)] = &[
    (&["completions", "bash"], "completions/hookrun.bash"),
    (&["completions", "zsh"], "completions/_hookrun"),
    (&["completions", "fish"], "completions/hookrun.fish"),
    (&["completions", "powershell"], "completions/_hookrun.ps1"),
    (&["completions", "elvish"], "completions/hookrun.elv"),
    (&["schema", "decision"], "schemas/decision.schema.json"),
    (&["schema", "config"], "schemas/config.schema.json"),
    (&["schema", "test"], "schemas/test.schema.json"),
];

fn generate(args: &[&str]) -> String {
    let output = hookrun_command().args(args).output().expect("run hookrun");
    assert!(
        output.status.success(),
        "hookrun {args:?} failed: {output:?}"
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn check(filter: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let update = std::env::var_os(UPDATE).is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    for (args, rel) in ARTEFACTS.iter().filter(|(args, _)| args[0] == filter) {
        let fresh = generate(args);
        let path = root.join(rel);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed == fresh {
            continue;
        }
        if update {
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(&path, &fresh).expect("write generated file");
        } else {
            stale.push(format!("{rel} (from `hookrun {}`)", args.join(" ")));
        }
    }
    assert!(
        stale.is_empty(),
        "generated files are out of date:\n  {}\nrun `{UPDATE}=1 cargo test generated` to update them",
        stale.join("\n  ")
    );
}

#[test]
fn generated_completions_are_current() {
    check("completions");
}

#[test]
fn generated_schemas_are_current() {
    check("schema");
}

#[test]
fn generated_completions_know_every_subcommand() {
    let bash = generate(&["completions", "bash"]);
    for word in [
        "fire",
        "test",
        "completions",
        "schema",
        "--record",
        "--filter",
    ] {
        assert!(bash.contains(word), "bash completion lacks {word}");
    }
}
