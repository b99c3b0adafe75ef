//! Reads one test file (TOML, YAML or JSON, by its suffix) into the typed model, walking it with the
//! config [`Reader`] so every problem — syntax, wrong type, missing or unknown key, bad regex,
//! missing file — is a `file:line:col` diagnostic, and all of them are reported at once.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use regex_lite::Regex;
use serde_json::Map;

use crate::config::tree::{Node, Object};

use super::locate::{locate_test_toml, locate_yaml};
use super::{
    DECISIONS, Expect, HOOK_OUTCOMES, PayloadSource, ServerSpec, TestCase, TestFile, TextExpect,
};
use crate::config::diagnostics::{Diagnostic, Severity, did_you_mean};
use crate::config::locate::{Step, line_col, locate_json};
use crate::config::reader::{Locator, Reader, child, child_index, kind_of};

const FILE_KEYS: &[&str] = &["$schema", "project_dir", "config", "env", "test"];
const TEST_KEYS: &[&str] = &[
    "name",
    "event",
    "payload",
    "payload_file",
    "output",
    "strict",
    "env",
    "server",
    "expect",
];
const EXPECT_KEYS: &[&str] = &[
    "decision",
    "reason",
    "exit_code",
    "updated_input",
    "continue",
    "additional_context",
    "hooks",
    "document",
    "requests",
];

/// Loads `path`; `default_project_dir` applies when the file names none. Returns the file when it
/// has no errors, and every diagnostic (warnings included) either way.
pub(crate) fn load(
    path: &Path,
    display: &str,
    default_project_dir: &Path,
) -> (Option<TestFile>, Vec<Diagnostic>) {
    // Read as configuration files are: a FIFO or a device is refused, never waited on.
    let text = match crate::config::sources::read_config(path) {
        Ok(Some(text)) => text,
        Ok(None) => {
            let d = Diagnostic::whole_file(Severity::Error, display, "cannot read: no such file");
            return (None, vec![d]);
        }
        Err(error) => {
            let d =
                Diagnostic::whole_file(Severity::Error, display, format!("cannot read: {error}"));
            return (None, vec![d]);
        }
    };
    let (root, locator) = match parse_syntax(path, display, &text) {
        Ok(parsed) => parsed,
        Err(diagnostic) => return (None, vec![diagnostic]),
    };
    let base = path.parent().unwrap_or(Path::new("."));
    let mut reader = Reader::new(display, &text, locator);
    let file = read_file(&mut reader, &root, base, default_project_dir);
    let failed = reader.diagnostics.iter().any(Diagnostic::is_error);
    let file = file.filter(|_| !failed).map(|file| TestFile {
        display: display.to_owned(),
        ..file
    });
    (file, reader.diagnostics)
}

/// Parses the text into a JSON value tree, by the file's suffix.
#[expect(
    clippy::result_large_err,
    reason = "one syntax error per file: boxing it buys nothing"
)]
fn parse_syntax<'a>(
    path: &Path,
    display: &str,
    text: &'a str,
) -> Result<(Node<'a>, Locator), Diagnostic> {
    let name = path.to_string_lossy();
    let syntax_error = |position, what: &str, message: String| {
        Diagnostic::at(
            Severity::Error,
            display,
            text,
            position,
            format!("invalid {what}: {}", message.trim()),
        )
    };
    if name.ends_with(".toml") {
        Node::from_toml(text)
            .map(|v| (v, locate_test_toml as Locator))
            .map_err(|e| {
                let position = e.span().map_or((0, 0), |s| line_col(text, s.start));
                syntax_error(position, "TOML", e.message().to_owned())
            })
    } else if name.ends_with(".json") {
        Node::from_json(text)
            .map(|v| (v, locate_json as Locator))
            .map_err(|e| syntax_error((e.line(), e.column()), "JSON", e.to_string()))
    } else {
        crate::config::yaml::parse(display, text)
            .map(|node| (node, locate_yaml as Locator))
            .map_err(|error| *error)
    }
}

fn read_file(
    reader: &mut Reader<'_>,
    root: &Node<'_>,
    base: &Path,
    default_project_dir: &Path,
) -> Option<TestFile> {
    let root = reader.object(root, &[], "the test file")?;
    reader.unknown_keys(root, FILE_KEYS, &[], "the test file");
    let project_dir = match reader.opt_str(root, "project_dir", &[]) {
        Some(dir) => existing(reader, &base.join(dir), &[Step::Key("project_dir".into())])?,
        None => default_project_dir.to_path_buf(),
    };
    let mut config = Vec::new();
    if let Some(files) = reader.opt_str_list(root, "config", &[]) {
        for (index, file) in files.iter().enumerate() {
            let at = child_index(&[Step::Key("config".into())], index);
            if let Some(path) = existing(reader, &project_dir.join(file), &at) {
                config.push(path);
            }
        }
    }
    let env = reader.opt_str_map(root, "env", &[]).unwrap_or_default();
    let Some(tables) = root.get("test") else {
        reader.error(&[], "this test file has no tests").help =
            Some("add a [[test]] table (or a `test` list) with name, event and expect".into());
        return None;
    };
    let path = vec![Step::Key("test".into())];
    let tables = reader.array(tables, &path, "the tests")?;
    let mut tests = Vec::with_capacity(tables.len());
    let mut names = HashSet::new();
    for (index, table) in tables.iter().enumerate() {
        let at = child_index(&path, index);
        let Some(table) = reader.object(table, &at, "a [[test]] table") else {
            continue;
        };
        if let Some(test) = read_test(reader, table, &at, base) {
            if !names.insert(test.name.clone()) {
                reader
                    .error(
                        &child(&at, "name"),
                        format!("duplicate test name {:?}", test.name),
                    )
                    .help = Some("give every test a unique name".into());
            }
            tests.push(test);
        }
    }
    Some(TestFile {
        display: String::new(),
        project_dir,
        config,
        env,
        tests,
    })
}

/// A path that must exist, made absolute; an error at `at` otherwise.
fn existing(reader: &mut Reader<'_>, path: &Path, at: &[Step]) -> Option<PathBuf> {
    match path.canonicalize() {
        Ok(path) => Some(path),
        Err(error) => {
            reader.error(at, format!("{}: {error}", path.display()));
            None
        }
    }
}

fn read_test(
    reader: &mut Reader<'_>,
    table: &Object<'_>,
    path: &[Step],
    base: &Path,
) -> Option<TestCase> {
    reader.unknown_keys(table, TEST_KEYS, path, "a test");
    let name = reader.req_str(table, "name", path, "the test");
    let event = reader.req_str(table, "event", path, "the test");
    let payload = match (
        table.get("payload"),
        reader.opt_str(table, "payload_file", path),
    ) {
        (Some(_), Some(_)) => {
            reader.error(path, "a test has `payload` or `payload_file`, not both");
            None
        }
        (Some(value), None) => {
            let at = child(path, "payload");
            reader.object(value, &at, "the payload").map(|map| {
                let map = map.iter().map(|(k, v)| (k.to_owned(), v.to_value()));
                PayloadSource::Inline(map.collect())
            })
        }
        (None, Some(file)) => existing(reader, &base.join(file), &child(path, "payload_file"))
            .map(PayloadSource::File),
        (None, None) => Some(PayloadSource::Inline(Map::new())),
    };
    let output = reader.opt_str(table, "output", path).map(str::to_owned);
    let strict = reader.opt_bool(table, "strict", path).unwrap_or(false);
    let env = reader.opt_str_map(table, "env", path).unwrap_or_default();
    let server = read_server(reader, table, path);
    let expect = match table.get("expect") {
        Some(value) => {
            let at = child(path, "expect");
            let map = reader.object(value, &at, "the expectations")?;
            read_expect(reader, map, &at)
        }
        None => Expect::default(),
    };
    Some(TestCase {
        name: name?.to_owned(),
        event: event?.to_owned(),
        payload: payload?,
        output,
        strict,
        env,
        server,
        expect,
    })
}

/// `server = { status?, body?, answer? }`: the canned-reply server the test starts.
fn read_server(reader: &mut Reader<'_>, table: &Object<'_>, path: &[Step]) -> Option<ServerSpec> {
    let at = child(path, "server");
    let map = reader.object(table.get("server")?, &at, "the test's server")?;
    reader.unknown_keys(map, &["status", "body", "answer"], &at, "`server`");
    let status = match reader.opt_number(map, "status", &at) {
        None => 200,
        Some(number) if number.fract() == 0.0 && (100.0..=599.0).contains(&number) => {
            // Checked to be a whole number within 100..=599.
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "in range"
            )]
            let status = number as u16;
            status
        }
        Some(number) => {
            reader.error(
                &child(&at, "status"),
                format!("`status` must be an HTTP status from 100 to 599, found {number}"),
            );
            200
        }
    };
    Some(ServerSpec {
        status,
        body: reader
            .opt_str(map, "body", &at)
            .unwrap_or_default()
            .to_owned(),
        answer: reader.opt_str(map, "answer", &at).map(str::to_owned),
    })
}

fn read_expect(reader: &mut Reader<'_>, map: &Object<'_>, path: &[Step]) -> Expect {
    reader.unknown_keys(map, EXPECT_KEYS, path, "`expect`");
    let decision = reader.opt_str(map, "decision", path).and_then(|decision| {
        one_of(
            reader,
            decision,
            DECISIONS,
            &child(path, "decision"),
            "decision",
        )
    });
    let exit_code = reader.opt_number(map, "exit_code", path).and_then(|code| {
        let valid = code.fract() == 0.0 && (0.0..=255.0).contains(&code);
        if !valid {
            reader.error(
                &child(path, "exit_code"),
                "`exit_code` must be a whole number 0–255",
            );
        }
        #[expect(clippy::cast_possible_truncation, reason = "checked to be 0–255 above")]
        valid.then_some(code as i32)
    });
    let mut hooks = Vec::new();
    if let Some(value) = map.get("hooks") {
        let at = child(path, "hooks");
        if let Some(entries) = reader.object(value, &at, "outcomes per hook name") {
            for (name, outcome) in entries {
                let here = child(&at, name);
                match outcome {
                    Node::String(outcome) => {
                        if let Some(ok) = one_of(reader, outcome, HOOK_OUTCOMES, &here, "outcome") {
                            hooks.push((name.to_owned(), ok));
                        }
                    }
                    other => {
                        let message = format!(
                            "the outcome of hook `{name}` must be a string, found {}",
                            kind_of(other)
                        );
                        reader.error(&here, message);
                    }
                }
            }
        }
    }
    let document = map.get("document").and_then(|value| {
        reader
            .object(
                value,
                &child(path, "document"),
                "fields of the printed document",
            )
            .map(|_| value.to_value())
    });
    Expect {
        decision,
        reason: text_expect(reader, map, "reason", path),
        exit_code,
        updated_input: map.get("updated_input").map(Node::to_value),
        continue_: reader.opt_bool(map, "continue", path),
        additional_context: text_expect(reader, map, "additional_context", path),
        hooks,
        document,
        requests: reader
            .opt_number(map, "requests", path)
            .filter(|n| *n >= 0.0 && n.fract() == 0.0)
            // A whole, non-negative number.
            .map(|n| {
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "checked whole and non-negative"
                )]
                let n = n as u64;
                n
            }),
    }
}

/// `value` when it is one of `allowed`, else an error with a did-you-mean.
fn one_of(
    reader: &mut Reader<'_>,
    value: &str,
    allowed: &[&str],
    at: &[Step],
    what: &str,
) -> Option<String> {
    if allowed.contains(&value) {
        return Some(value.to_owned());
    }
    let help = match did_you_mean(value, allowed) {
        Some(close) => format!("did you mean `{close}`?"),
        None => format!("one of: {}", allowed.join(", ")),
    };
    reader.error(at, format!("unknown {what} {value:?}")).help = Some(help);
    None
}

/// An exact string, `{ contains = "…" }` or `{ matches = "regex" }`.
fn text_expect(
    reader: &mut Reader<'_>,
    map: &Object<'_>,
    key: &str,
    path: &[Step],
) -> Option<TextExpect> {
    let at = child(path, key);
    let help = format!(
        "write {key} = \"exact text\", {{ contains = \"…\" }} or {{ matches = \"regex\" }}"
    );
    match map.get(key)? {
        Node::String(text) => Some(TextExpect::Exact(text.to_string())),
        Node::Object(inner) if inner.len() == 1 => {
            if let Some(text) = reader.opt_str(inner, "contains", &at) {
                return Some(TextExpect::Contains(text.to_owned()));
            }
            if let Some(pattern) = reader.opt_str(inner, "matches", &at) {
                return match Regex::new(pattern) {
                    Ok(regex) => Some(TextExpect::Matches(regex)),
                    Err(error) => {
                        let error = error.to_string();
                        let why = error
                            .lines()
                            .last()
                            .unwrap_or("")
                            .trim_start_matches("error: ");
                        let message = format!("invalid regex in `{key}.matches`: {why}");
                        reader.error(&child(&at, "matches"), message);
                        None
                    }
                };
            }
            if !inner.contains_key("contains") && !inner.contains_key("matches") {
                reader.error(&at, format!("unknown form of `{key}`")).help = Some(help);
            }
            None
        }
        _ => {
            reader.error(&at, format!("unknown form of `{key}`")).help = Some(help);
            None
        }
    }
}
