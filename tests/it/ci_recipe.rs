//! The book's CI recipe (`docs/guide/ci.md`), read from the page itself and run as a CI runner
//! runs it: a fresh clone of a project `hookrun init` made, an empty `HOME`, `CI=true`, the job's
//! `env`, and each step's `run` through `bash -eo pipefail` with hookrun on the `PATH` (the install
//! step is the one not run: the binary under test stands for what it installs). Every step must
//! pass on the starter policy, and the job must fail when the policy is broken or when the job
//! forgets to trust its checkout.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::harness::{Case, hookrun_bin};
use crate::recipes::recipe;

/// What the recipe's job runs: its `env` and its steps that have a `run`, in order.
struct Job {
    env: Vec<(String, String)>,
    steps: Vec<Step>,
}

struct Step {
    name: String,
    run: String,
}

/// Reads the recipe's job: the `env:` under the job and every step's `name:` and `run:` (one line,
/// or a `|` block). The recipe is plain GitHub Actions YAML; this reads the few keys it uses.
fn job() -> Job {
    let (path, text) = recipe("ci");
    assert_eq!(path, ".github/workflows/hooks.yml");
    let lines: Vec<&str> = text.lines().collect();
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut job = Job {
        env: Vec::new(),
        steps: Vec::new(),
    };
    let (mut in_env, mut name) = (false, String::new());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        i += 1;
        if line == "    env:" {
            in_env = true;
            continue;
        }
        if in_env && indent(line) == 6 && !trimmed.starts_with('#') {
            let (key, value) = trimmed.split_once(": ").expect("KEY: value");
            job.env
                .push((key.to_owned(), value.trim_matches('"').to_owned()));
            continue;
        }
        if indent(line) <= 6 && !trimmed.starts_with('#') {
            in_env = false;
        }
        if let Some(step) = trimmed.strip_prefix("- ") {
            step.strip_prefix("name: ")
                .unwrap_or(step)
                .clone_into(&mut name);
        } else if let Some(run) = trimmed.strip_prefix("run: ") {
            let run = if run == "|" {
                let body_indent = indent(lines[i]);
                let mut body = String::new();
                while i < lines.len()
                    && (lines[i].trim().is_empty() || indent(lines[i]) >= body_indent)
                {
                    body.push_str(lines[i].get(body_indent..).unwrap_or(""));
                    body.push('\n');
                    i += 1;
                }
                body
            } else {
                run.to_owned()
            };
            job.steps.push(Step {
                name: name.clone(),
                run,
            });
        }
    }
    job
}

/// A project `hookrun init` made and committed (the case's own directory), and a fresh clone of
/// it beside the case, in a directory of its own: (case, the clone's parent, the clone).
fn fresh_clone() -> (Case, tempfile::TempDir, PathBuf) {
    let case = Case::new();
    case.run(&["init"]).exit(0);
    git(case.path(), &["init", "-q"]);
    git(case.path(), &["add", "-A"]);
    git(
        case.path(),
        &[
            "-c",
            "user.name=ci",
            "-c",
            "user.email=ci@example.invalid",
            "commit",
            "-qm",
            "hooks",
        ],
    );
    let runner = tempfile::tempdir().unwrap();
    git(
        runner.path(),
        &["clone", "-q", case.path().to_str().unwrap(), "clone"],
    );
    let clone = runner.path().join("clone");
    (case, runner, clone)
}

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

/// Runs `step` as a runner would: in the clone, an empty `HOME`, `CI=true`, the job's `env`
/// (when `trusting`), hookrun on the `PATH`. Returns the exit code and what it printed.
fn run_step(runner: &Path, clone: &Path, job: &Job, step: &str, trusting: bool) -> (i32, String) {
    let home = runner.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let bin_dir = Path::new(hookrun_bin()).parent().unwrap();
    let mut command = Command::new("bash");
    command
        .args(["--noprofile", "--norc", "-eo", "pipefail", "-c", step])
        .current_dir(clone)
        .env_clear()
        .env(
            "PATH",
            format!("{}:/usr/local/bin:/usr/bin:/bin", bin_dir.display()),
        )
        .env("HOME", &home)
        .env("CI", "true")
        .env("GITHUB_ACTIONS", "true");
    if trusting {
        for (key, value) in &job.env {
            command.env(key, value);
        }
    }
    let output = command.output().expect("bash runs");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code().unwrap_or(-1), said)
}

/// Every step of the job but the install, with its exit code.
fn run_job(runner: &tempfile::TempDir, clone: &Path, trusting: bool) -> Vec<(String, i32, String)> {
    let job = job();
    job.steps
        .iter()
        .filter(|step| !step.run.starts_with("cargo install"))
        .map(|step| {
            let (code, said) = run_step(runner.path(), clone, &job, &step.run, trusting);
            (step.name.clone(), code, said)
        })
        .collect()
}

fn code_of(results: &[(String, i32, String)], name: &str) -> i32 {
    results
        .iter()
        .find(|(step, ..)| step == name)
        .unwrap_or_else(|| panic!("no step {name:?} in {results:?}"))
        .1
}

const VALIDATE: &str = "Validate every hook configuration";
const TEST: &str = "Run the hook tests";
const DENY: &str = "The policy denies rm -rf /";
const DEPLOY: &str = "Check the deploy command against the policy";

#[test]
fn the_ci_recipe_reads_as_a_job_that_installs_with_a_locked_build() {
    let job = job();
    let install = &job.steps[0];
    assert_eq!(install.name, "Install hookrun");
    assert!(
        install
            .run
            .starts_with("cargo install --locked --git https://"),
        "{}",
        install.run
    );
    let names: Vec<&str> = job.steps.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names[1..], [VALIDATE, TEST, DENY, DEPLOY]);
    assert_eq!(job.env, [("HOOKRUN_TRUST_PROJECT".into(), "1".into())]);
}

#[test]
fn the_ci_recipe_passes_in_a_fresh_clone_with_an_empty_home() {
    let (_case, runner, clone) = fresh_clone();
    let results = run_job(&runner, &clone, true);
    for (name, code, said) in &results {
        assert_eq!(*code, 0, "step {name:?} failed:\n{said}");
    }
    let report = std::fs::read_to_string(clone.join("hook-tests.xml")).unwrap();
    assert!(report.contains("<testsuite"), "{report}");
    assert!(report.contains("failures=\"0\""), "{report}");
    assert!(report.contains("rm -rf is blocked"), "{report}");
}

#[test]
fn the_ci_recipe_fails_when_the_policy_lets_rm_rf_through() {
    let (_case, runner, clone) = fresh_clone();
    std::fs::write(
        clone.join("hookrun.toml"),
        "[[hook]]\nname = \"no-rm-rf\"\nevents = [\"PreToolUse\", \"beforeShellExecution\"]\ncommand = \"exit 0\"\n",
    )
    .unwrap();
    let results = run_job(&runner, &clone, true);
    assert_eq!(code_of(&results, VALIDATE), 0, "{results:?}");
    assert_ne!(code_of(&results, TEST), 0, "{results:?}");
    assert_ne!(code_of(&results, DENY), 0, "{results:?}");
    let report = std::fs::read_to_string(clone.join("hook-tests.xml")).unwrap();
    assert!(report.contains("<failure"), "{report}");
}

#[test]
fn the_ci_recipe_fails_when_the_policy_does_not_load() {
    let (_case, runner, clone) = fresh_clone();
    let policy = std::fs::read_to_string(clone.join("hookrun.toml")).unwrap();
    std::fs::write(clone.join("hookrun.toml"), format!("{policy}\n[[hook]\n")).unwrap();
    let results = run_job(&runner, &clone, true);
    for step in [VALIDATE, TEST, DENY, DEPLOY] {
        assert_ne!(code_of(&results, step), 0, "{step}: {results:?}");
    }
}

#[test]
fn the_ci_recipe_without_its_trust_line_fails_instead_of_passing_everything() {
    let (_case, runner, clone) = fresh_clone();
    let results = run_job(&runner, &clone, false);
    let (_, code, said) = results.iter().find(|(step, ..)| step == VALIDATE).unwrap();
    assert_eq!(*code, 1, "{said}");
    assert!(said.contains("pass --trust-project"), "{said}");
    assert_ne!(code_of(&results, TEST), 0, "{results:?}");
    // Held back in CI, the guard blocks: nothing goes through untested.
    assert_eq!(code_of(&results, DEPLOY), 2, "{results:?}");
}

/// `text` as one single-quoted shell word.
fn single_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[test]
fn the_ci_recipes_deny_step_holds_for_every_spelling_of_a_forced_recursive_delete() {
    let (_case, runner, clone) = fresh_clone();
    let job = job();
    let deny = &job
        .steps
        .iter()
        .find(|step| step.name == DENY)
        .expect("the deny step")
        .run;
    assert!(deny.contains("\"rm -rf /\""), "{deny}");
    let with = |command: &str| deny.replace("\"rm -rf /\"", &single_quoted(command));
    for spelling in [
        "rm -rf /",
        "rm -fr /",
        "rm -Rf /",
        "rm -r -f /",
        "rm --recursive --force /",
        "sudo rm -rf ~",
        "/bin/rm -rf /",
        "env rm -rf /",
        "command rm -rf /",
        "bash -c \"rm -rf /\"",
        "find / -delete",
        "find . -name '*.log' | xargs rm -rf",
        "cd /tmp && rm -rf -- /",
    ] {
        let (code, said) = run_step(runner.path(), &clone, &job, &with(spelling), true);
        assert_eq!(code, 0, "the policy must deny {spelling:?}:\n{said}");
    }
    // A command that only mentions it is not denied, so the step fails as it should.
    for mention in ["echo rm -rf is dangerous", "git commit -m 'no rm -rf'"] {
        let (code, said) = run_step(runner.path(), &clone, &job, &with(mention), true);
        assert_ne!(code, 0, "{mention:?} is not a delete:\n{said}");
    }
}
