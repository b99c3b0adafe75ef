//! Gemini CLI's variables in a hook's command text: a Gemini settings file whose command names
//! each of them, fired in a project whose path has a space, and what the hook's shell ran (bash's
//! `$BASH_EXECUTION_STRING`) and the words it saw.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

use crate::harness::{home_env, hookrun_bin};

/// Writes each word the shell sees, then the text it ran.
const COMMAND: &str = "printf '%s|' $GEMINI_PROJECT_DIR $GEMINI_CWD $GEMINI_PLANS_DIR \
    $GEMINI_SESSION_ID $CLAUDE_PROJECT_DIR ${GEMINI_PROJECT_DIR} > words.txt; \
    printf '%s' \"$BASH_EXECUTION_STRING\" > ran.txt";

/// `hookrun -C <project> fire BeforeTool` with `payload`, the plans directory inherited from the
/// Gemini that runs it.
fn fire(project: &Path, home: &Path, plans: &str, payload: &Value) -> Output {
    let mut child = Command::new(hookrun_bin())
        .current_dir(project)
        .envs(home_env(home))
        .env("HOOKRUN_SYSTEM_ROOT", home.join("system"))
        .env("HOOKRUN_TRUST_PROJECT", "1")
        .env("GEMINI_PLANS_DIR", plans)
        .env_remove("HOOKRUN_PROJECT_DIR")
        .env_remove("HOOKRUN_DEPTH")
        .arg("-C")
        .arg(project)
        .args(["fire", "BeforeTool"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn hookrun");
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().expect("piped stdin");
        stdin
            .write_all(payload.to_string().as_bytes())
            .expect("write payload");
    }
    child.wait_with_output().expect("wait for hookrun")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn gemini_variables_in_the_command_text_are_replaced_by_their_shell_quoted_values() {
    let temp = tempfile::tempdir().expect("temp dir");
    let root = temp.path().canonicalize().expect("canonical");
    let project = root.join("my project");
    let home = root.join("home");
    let plans = root.join("plans dir").display().to_string();
    std::fs::create_dir_all(project.join(".gemini")).expect("mkdir");
    std::fs::create_dir_all(&home).expect("mkdir home");
    let settings = json!({"hooks": {"BeforeTool": [
        {"hooks": [{"type": "command", "command": COMMAND}]}]}});
    std::fs::write(project.join(".gemini/settings.json"), settings.to_string()).expect("write");
    let dir = project.display().to_string();
    let cwd = format!("{dir}/src");

    let out = fire(
        &project,
        &home,
        &plans,
        &json!({"session_id": "s-1", "cwd": cwd}),
    );
    assert!(out.status.success(), "{out:?}");
    // Quoted (space: single quotes), each value is one word; the braced form is the shell's
    // own expansion, split at the space.
    let ran = COMMAND
        .replace("$GEMINI_PROJECT_DIR", &format!("'{dir}'"))
        .replace("$GEMINI_CWD", &format!("'{cwd}'"))
        .replace("$GEMINI_PLANS_DIR", &format!("'{plans}'"))
        .replace("$GEMINI_SESSION_ID", "s-1")
        .replace("$CLAUDE_PROJECT_DIR", &format!("'{dir}'"));
    assert_eq!(read(&project.join("ran.txt")), ran);
    let (head, tail) = dir.rsplit_once(' ').expect("a space");
    assert_eq!(
        read(&project.join("words.txt")),
        format!("{dir}|{cwd}|{plans}|s-1|{dir}|{head}|{tail}|")
    );

    // Without a session id, `$GEMINI_SESSION_ID` becomes nothing: no empty word.
    let out = fire(&project, &home, &plans, &json!({"cwd": cwd}));
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        read(&project.join("words.txt")),
        format!("{dir}|{cwd}|{plans}|{dir}|{head}|{tail}|")
    );
}
