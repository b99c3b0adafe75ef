//! The README's "Getting started" transcript, read from the README itself and run as a new user
//! would type it: each `$` command through `bash` in a new empty directory, with an empty `HOME`
//! and the hookrun under test first on the `PATH`; what it prints (stdout and stderr) must be what
//! the transcript shows. In the transcript a `…` stands for text left out: within a line, any
//! text; on a line of its own, any lines. Durations (`(16 ms)`) may differ.

use std::path::Path;
use std::process::Command;

use crate::harness::hookrun_bin;

/// One command of the transcript and what it prints.
struct Said {
    command: String,
    output: Vec<String>,
}

/// The first `console` block under "## Getting started".
fn transcript() -> Vec<Said> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("the README");
    let section = readme
        .split_once("\n## Getting started\n")
        .expect("a Getting started section")
        .1;
    let block = section
        .split_once("```console\n")
        .expect("a console block")
        .1
        .split_once("\n```")
        .expect("the block ends")
        .0;
    let mut said: Vec<Said> = Vec::new();
    let mut continued = false;
    for line in block.lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            said.push(Said {
                command: command.to_owned(),
                output: Vec::new(),
            });
            continued = command.ends_with('\\');
        } else if continued {
            let last = said.last_mut().expect("a command before");
            last.command.push('\n');
            last.command.push_str(line);
            continued = line.ends_with('\\');
        } else {
            said.last_mut()
                .expect("a command before its output")
                .output
                .push(line.to_owned());
        }
    }
    said
}

/// `(16 ms)` → `(N ms)`.
fn without_durations(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(" ms)") {
        let digits = rest[..at]
            .rfind(|c: char| !c.is_ascii_digit())
            .map_or(0, |i| i + 1);
        if digits < at && rest[..digits].ends_with('(') {
            out.push_str(&rest[..digits]);
            out.push('N');
        } else {
            out.push_str(&rest[..at]);
        }
        out.push_str(" ms)");
        rest = &rest[at + " ms)".len()..];
    }
    out.push_str(rest);
    out
}

/// Whether `actual` is `expected` with each `…` standing for any text.
fn line_matches(expected: &str, actual: &str) -> bool {
    let (expected, actual) = (without_durations(expected), without_durations(actual));
    let pieces: Vec<&str> = expected.split('…').collect();
    if pieces.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if !actual.starts_with(first) || !actual[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Whether `actual` is `expected`, a line of only `…` standing for any lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((line, rest)) if line.trim() == "…" => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((line, rest)) => actual
            .split_first()
            .is_some_and(|(first, after)| line_matches(line, first) && lines_match(rest, after)),
    }
}

#[test]
fn elisions_and_durations_match_as_the_transcript_means() {
    assert!(line_matches("  ✓ a (16 ms)", "  ✓ a (3 ms)"));
    assert!(!line_matches("  ✓ a (16 ms)", "  ✓ b (3 ms)"));
    assert!(line_matches("added 3: A, …, C", "added 3: A, B, C"));
    assert!(!line_matches("added 3: A, …, C", "added 3: B, C"));
    let expected = ["a".to_owned(), "…".to_owned(), "d".to_owned()];
    assert!(lines_match(&expected, &["a", "b", "c", "d"]));
    assert!(lines_match(&expected, &["a", "d"]));
    assert!(!lines_match(&expected, &["a", "b"]));
}

#[test]
fn the_getting_started_transcript_runs_as_written_in_an_empty_directory() {
    let said = transcript();
    assert!(said.len() >= 5, "the transcript has its commands");
    let project = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let bin_dir = Path::new(hookrun_bin()).parent().unwrap();
    for step in &said {
        let output = Command::new("bash")
            .args([
                "--noprofile",
                "--norc",
                "-c",
                &format!("{{ {}\n}} 2>&1", step.command),
            ])
            .current_dir(project.path())
            .env_clear()
            .env(
                "PATH",
                format!("{}:/usr/local/bin:/usr/bin:/bin", bin_dir.display()),
            )
            .env("HOME", home.path())
            .output()
            .expect("bash runs");
        let printed = String::from_utf8_lossy(&output.stdout);
        let actual: Vec<&str> = printed.lines().collect();
        assert!(
            lines_match(&step.output, &actual),
            "$ {}\nthe README shows:\n{}\nit printed:\n{printed}",
            step.command,
            step.output.join("\n")
        );
        assert!(output.status.success(), "$ {}: {printed}", step.command);
    }
}
