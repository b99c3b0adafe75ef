//! How the book's transcripts are read and compared: a ```console block is `$ ` commands (a
//! line ending in `\\` continues on the next), each followed by what it prints. In what it
//! prints a `…` stands for text left out: within a line, any text; on a line of its own, any
//! lines. Durations (`(16 ms)`, `"duration_ms":4`) may differ.

/// One command of a transcript and what it prints.
pub(crate) struct Said {
    pub(crate) command: String,
    pub(crate) output: Vec<String>,
}

/// The commands of a console block and what each prints.
pub(crate) fn parse(block: &str) -> Vec<Said> {
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

/// `(16 ms)` → `(N ms)`, `"duration_ms":4` → `"duration_ms":N`.
fn without_durations(line: &str) -> String {
    let line = without_duration_fields(line);
    let mut out = String::new();
    let mut rest = line.as_str();
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
pub(crate) fn line_matches(expected: &str, actual: &str) -> bool {
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
pub(crate) fn lines_match(expected: &[String], actual: &[&str]) -> bool {
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

/// `"duration_ms":4` → `"duration_ms":N`.
fn without_duration_fields(line: &str) -> String {
    const KEY: &str = "\"duration_ms\":";
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(KEY) {
        out.push_str(&rest[..at + KEY.len()]);
        rest = &rest[at + KEY.len()..];
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if digits > 0 {
            out.push('N');
        }
        rest = &rest[digits..];
    }
    out.push_str(rest);
    out
}

#[test]
fn elisions_and_durations_match_as_the_transcript_means() {
    assert!(line_matches("  ✓ a (16 ms)", "  ✓ a (3 ms)"));
    assert!(!line_matches("  ✓ a (16 ms)", "  ✓ b (3 ms)"));
    assert!(line_matches(
        r#"{"duration_ms":4,"a":1}"#,
        r#"{"duration_ms":17,"a":1}"#
    ));
    assert!(!line_matches(
        r#"{"duration_ms":4,"a":1}"#,
        r#"{"duration_ms":4,"a":2}"#
    ));
    assert!(line_matches("added 3: A, …, C", "added 3: A, B, C"));
    assert!(!line_matches("added 3: A, …, C", "added 3: B, C"));
    let expected = ["a".to_owned(), "…".to_owned(), "d".to_owned()];
    assert!(lines_match(&expected, &["a", "b", "c", "d"]));
    assert!(lines_match(&expected, &["a", "d"]));
    assert!(!lines_match(&expected, &["a", "b"]));
}

#[test]
fn a_transcript_is_commands_and_what_each_prints() {
    let said = parse("$ a \\\n  --b\nout\n$ c\n");
    assert_eq!(said.len(), 2);
    assert_eq!(said[0].command, "a \\\n  --b");
    assert_eq!(said[0].output, ["out"]);
    assert!(said[1].output.is_empty());
}
