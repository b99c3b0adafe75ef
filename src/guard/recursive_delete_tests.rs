//! Table-driven: every spelling of a forced recursive delete the guard must find, and every
//! command that only mentions one, which it must let through.

use super::*;

fn assert_deletes(rows: &[&str]) {
    for line in rows {
        assert!(
            matches!(find(line), Some(Finding::Delete(_))),
            "should find a forced recursive delete in {line:?}, found {:?}",
            find(line)
        );
    }
}

fn assert_passes(rows: &[&str]) {
    for line in rows {
        assert_eq!(find(line), None, "should let {line:?} through");
    }
}

#[test]
fn rm_with_recursive_and_force_flags_in_any_spelling_is_a_delete() {
    assert_deletes(&[
        "rm -rf /",
        "rm -fr /",
        "rm -Rf /",
        "rm -fR /",
        "rm -rfv build",
        "rm -vrf build",
        "rm -r -f /",
        "rm -f -R /",
        "rm --recursive --force /",
        "rm --force --recursive /",
        "rm -r --force /",
        "rm --recursive -f /",
        "rm --rec --forc /",
        "rm / -rf",
        "rm build -r -f",
        "rm -rf",
        "rm -rf -- /",
    ]);
}

#[test]
fn the_program_is_known_by_its_basename_and_unquoted_name() {
    assert_deletes(&[
        "/bin/rm -rf /",
        "/usr/bin/rm -rf /",
        "\\rm -rf /",
        "\"rm\" -rf /",
        "'rm' -rf /",
        "r\"m\" -rf /",
        "rm '-rf' /",
    ]);
}

#[test]
fn wrappers_and_prefixes_are_looked_through() {
    assert_deletes(&[
        "sudo rm -rf ~",
        "sudo -u root rm -rf /",
        "sudo -E -u root -- rm -rf /",
        "sudo -uroot rm -rf /",
        "doas -u root rm -rf /",
        "env rm -rf /",
        "env -i PATH=/bin rm -rf /",
        "env -u HOME rm -rf /",
        "env -S 'rm -rf /'",
        "FOO=1 BAR=2 rm -rf /",
        "command rm -rf /",
        "exec rm -rf /",
        "builtin rm -rf /",
        "nohup rm -rf / &",
        "nice -n 10 rm -rf /",
        "nice -5 rm -rf /",
        "timeout 5 rm -rf /",
        "timeout -s KILL 5s rm -rf /",
        "time rm -rf /",
        "time -p rm -rf /",
        "stdbuf -oL rm -rf /",
        "stdbuf -o L rm -rf /",
        "ionice -c 3 rm -rf /",
        "sudo nice -n 5 timeout 10 env X=1 /bin/rm -rf /",
    ]);
}

#[test]
fn xargs_and_find_deletes_are_deletes() {
    assert_deletes(&[
        "xargs rm -rf",
        "ls | xargs rm -rf",
        "find . -name x -print0 | xargs -0 rm -rf",
        "xargs -I {} rm -rf {}",
        "xargs -n1 -P4 rm -rf",
        "find / -delete",
        "find . -name '*.o' -delete",
        "find . -exec rm -rf {} \\;",
        "find . -exec rm -rf {} ';'",
        "find . -execdir rm -r -f {} +",
        "find . -ok rm -Rf {} \\;",
        "find . -type d -exec /bin/rm -fr {} +",
    ]);
}

#[test]
fn compound_commands_and_nested_lines_are_looked_into() {
    assert_deletes(&[
        "cd /tmp && rm -rf build",
        "true || rm -rf /",
        "ls; rm -rf /",
        "ls | rm -rf /",
        "ls |& rm -rf /",
        "sleep 1 & rm -rf /",
        "ls\nrm -rf /",
        "(rm -rf /)",
        "( cd / ; rm -rf . )",
        "{ rm -rf /; }",
        "echo $(rm -rf /)",
        "echo \"$(rm -rf /)\"",
        "echo `rm -rf /`",
        "echo \"`rm -rf /`\"",
        "cat <(rm -rf /)",
        "bash -c \"rm -rf /\"",
        "sh -c 'rm -rf /'",
        "zsh -c 'cd / && rm -rf .'",
        "dash -ec 'rm -rf /'",
        "bash -o pipefail -c 'rm -rf /'",
        "ksh -x -c 'rm -rf /'",
        "/bin/bash --norc -c 'rm -rf /'",
        "bash -c \"bash -c 'rm -rf /'\"",
        "sudo bash -c 'rm -rf /'",
        "eval rm -rf /",
        "eval 'rm -rf /'",
        "if true; then rm -rf /; fi",
        "while true; do rm -rf /; done",
        "! rm -rf /",
        "rm -rf / 2>/dev/null",
        ">/dev/null rm -rf /",
        "rm -rf / >&2",
    ]);
}

#[test]
fn commands_that_only_mention_a_delete_pass() {
    assert_passes(&[
        "echo rm -rf is dangerous",
        "echo 'rm -rf /'",
        "printf '%s\\n' \"rm -rf /\"",
        "grep -r \"rm -rf\" .",
        "git commit -m \"no rm -rf\"",
        "git commit -m 'never run rm -rf /'",
        "man rm",
        "command -v rm",
        "which rm",
        "echo hi # rm -rf /",
        "bash script.sh -c 'rm -rf /'",
        "cat rm-rf.txt",
        "ls -rf",
        "rmdir -p a/b",
        "echo \"\\$(rm -rf /)\"",
        "echo '$(rm -rf /)'",
        "echo '`rm -rf /`'",
        "ls",
        "",
    ]);
}

#[test]
fn deletes_without_force_or_recursion_pass() {
    assert_passes(&[
        "rm -r build",
        "rm -R build",
        "rm --recursive build",
        "rm -f file",
        "rm --force file",
        "rm file",
        "rm -- -rf",
        "rm -r -- -f",
        "find . -name '*.o'",
        "find . -exec rm -f {} \\;",
        "find . -exec echo rm -rf {} \\;",
        "xargs rm -f",
        "xargs echo rm -rf",
        "sudo rm -r build",
    ]);
}

#[test]
fn a_line_a_shell_cannot_read_counts_as_unreadable() {
    for (line, why) in [
        (
            "echo 'unterminated",
            Unreadable::Unterminated("single quote"),
        ),
        ("rm -rf \"/", Unreadable::Unterminated("double quote")),
        ("echo $(ls", Unreadable::Unterminated("`(` or `$(`")),
        ("echo `ls", Unreadable::Unterminated("backquote")),
        (
            "bash -c 'echo \"unterminated'",
            Unreadable::Unterminated("double quote"),
        ),
    ] {
        assert_eq!(find(line), Some(Finding::Unreadable(why)), "{line:?}");
    }
}

#[test]
fn nesting_beyond_the_bound_counts_as_unreadable() {
    let deep = format!(
        "{}ls{}",
        "$(".repeat(MAX_DEPTH + 1),
        ")".repeat(MAX_DEPTH + 1)
    );
    assert_eq!(find(&deep), Some(Finding::Unreadable(Unreadable::TooDeep)));
    let mut line = "ls".to_owned();
    for _ in 0..=MAX_DEPTH {
        line = format!("eval {}", shell_words::quote(&line));
    }
    assert_eq!(find(&line), Some(Finding::Unreadable(Unreadable::TooDeep)));
    let shallow = format!("{}ls{}", "$(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    assert_eq!(find(&shallow), None);
}

#[test]
fn the_finding_names_the_simple_command_that_deletes() {
    assert_eq!(
        find("cd /tmp && sudo rm -rf build; ls"),
        Some(Finding::Delete("sudo rm -rf build".into()))
    );
    assert_eq!(
        find("bash -c 'ls; rm -fr /'"),
        Some(Finding::Delete("rm -fr /".into()))
    );
}
