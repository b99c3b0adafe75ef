//! `hookrun init` and the starter it writes: `.hookrun/` listed in `.gitignore` once, and the
//! starter's tests, run by `hookrun test`, keeping the audit log out of the project.

use crate::harness::Case;

#[test]
fn init_creates_a_gitignore_listing_the_hookrun_dir_and_says_so() {
    let case = Case::new();
    let run = case.run(&["init"]).exit(0);
    assert!(
        run.stdout.contains("wrote .gitignore: .hookrun/"),
        "{}",
        run.stdout
    );
    let ignore = std::fs::read_to_string(case.at(".gitignore")).expect(".gitignore");
    assert_eq!(ignore, ".hookrun/\n");
}

#[test]
fn init_appends_the_hookrun_dir_to_a_gitignore_once_keeping_its_other_lines() {
    let case = Case::new().file(".gitignore", "target/\n*.log");
    let run = case.run(&["init"]).exit(0);
    assert!(
        run.stdout.contains("added .hookrun/ to .gitignore"),
        "{}",
        run.stdout
    );
    let run = case.run(&["init", "--force"]).exit(0);
    assert!(
        run.stdout.contains(".gitignore already lists .hookrun/"),
        "{}",
        run.stdout
    );
    let ignore = std::fs::read_to_string(case.at(".gitignore")).expect(".gitignore");
    assert_eq!(ignore, "target/\n*.log\n.hookrun/\n");
}

#[test]
fn the_starters_tests_leave_no_audit_log_in_the_project() {
    let case = Case::new();
    case.run(&["init"]).exit(0);
    let run = case.run(&["test"]).exit(0);
    assert!(run.stdout.contains("12 passed, 0 failed"), "{}", run.stdout);
    assert!(
        !case.at(".hookrun").exists(),
        "hookrun test wrote into the project's .hookrun/"
    );
    // A real fire still logs where the starter says.
    case.stdin(r#"{"tool_name":"Bash","tool_input":{"command":"ls"}}"#);
    case.fire("PreToolUse").exit(0);
    let log = std::fs::read_to_string(case.at(".hookrun/audit.jsonl")).expect("audit log");
    assert!(log.contains("\"ls\""), "{log}");
}

#[test]
fn test_files_give_every_test_the_file_env_under_its_own_and_a_temporary_directory() {
    let case = Case::new();
    let record = case.at("record.txt");
    let case = case
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"env\"\nevents = [\"Stop\"]\ncommand = 'echo \"$A $B $HOOKRUN_TEST_TMPDIR $LOG\" >> \"$RECORD\"; touch \"$LOG\"'\n",
        )
        .file(
            "env.hooktest.toml",
            &format!(
                "env = {{ A = \"file-a\", B = \"file-b\", RECORD = {record:?}, LOG = \"${{HOOKRUN_TEST_TMPDIR}}/log\" }}\n\n\
                 [[test]]\nname = \"the file's env\"\nevent = \"Stop\"\nexpect.exit_code = 0\n\n\
                 [[test]]\nname = \"the test's env over it\"\nevent = \"Stop\"\nenv = {{ B = \"test-b\" }}\nexpect.exit_code = 0\n"
            ),
        );
    let run = case.run(&["test"]).exit(0);
    assert!(run.stdout.contains("2 passed, 0 failed"), "{}", run.stdout);
    let lines: Vec<Vec<String>> = std::fs::read_to_string(&record)
        .expect("record")
        .lines()
        .map(|line| line.split(' ').map(str::to_owned).collect())
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!((&*lines[0][0], &*lines[0][1]), ("file-a", "file-b"));
    assert_eq!((&*lines[1][0], &*lines[1][1]), ("file-a", "test-b"));
    assert_ne!(lines[0][2], lines[1][2], "each test has its own directory");
    for line in &lines {
        assert_eq!(line[3], format!("{}/log", line[2]), "{line:?}");
        assert!(
            !std::path::Path::new(&line[2]).exists(),
            "{} left behind",
            line[2]
        );
    }
}
