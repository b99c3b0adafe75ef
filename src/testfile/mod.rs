//! Hook test files (the book, "Testing your hooks"): `*.hooktest.toml|yaml|yml|json`, each a project
//! (`project_dir`,
//! `config`) and a list of `[[test]]` cases — an event, a payload and what `fire` must answer.
//! This module owns their typed model, parsing (with `file:line:col` diagnostics), discovery,
//! running a case through the real binary, checking the result, the reports, and `fire --record`.

use std::path::{Path, PathBuf};

use regex_lite::Regex;
use serde_json::{Map, Value};

pub(crate) mod check;
pub(crate) mod discover;
mod locate;
mod parse;
pub(crate) mod record;
pub(crate) mod report;
pub(crate) mod run;
pub(crate) mod server;

pub(crate) use parse::load;

/// The file-name endings of test files.
pub(crate) const SUFFIXES: &[&str] = &[
    ".hooktest.toml",
    ".hooktest.yaml",
    ".hooktest.yml",
    ".hooktest.json",
];

/// Whether `path` names a test file.
pub(crate) fn is_test_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| SUFFIXES.iter().any(|suffix| name.ends_with(suffix)))
}

/// One loaded test file.
#[derive(Debug)]
pub(crate) struct TestFile {
    /// The file as reports name it.
    pub(crate) display: String,
    /// The project the tests fire in (absolute).
    pub(crate) project_dir: PathBuf,
    /// `-c` files (absolute); empty means discovery.
    pub(crate) config: Vec<PathBuf>,
    /// The file-level `env`: every test's `fire` gets it, the test's own `env` over it.
    pub(crate) env: Vec<(String, String)>,
    pub(crate) tests: Vec<TestCase>,
}

/// One `[[test]]`.
#[derive(Debug)]
pub(crate) struct TestCase {
    pub(crate) name: String,
    pub(crate) event: String,
    pub(crate) payload: PayloadSource,
    /// `fire --output`.
    pub(crate) output: Option<String>,
    /// `fire --strict`.
    pub(crate) strict: bool,
    /// Extra environment for the `fire` process.
    pub(crate) env: Vec<(String, String)>,
    /// The canned-reply server `hookrun test` starts for this test (`server = { … }`).
    pub(crate) server: Option<ServerSpec>,
    pub(crate) expect: Expect,
}

/// What a test's server answers (`testfile/server.rs`).
#[derive(Debug, Clone)]
pub(crate) struct ServerSpec {
    /// An http hook's reply status (default 200).
    pub(crate) status: u16,
    /// An http hook's reply body (default empty).
    pub(crate) body: String,
    /// A prompt or agent hook's model answer; `None`: a model request fails (status 500).
    pub(crate) answer: Option<String>,
}

/// Where a test's payload comes from.
#[derive(Debug)]
pub(crate) enum PayloadSource {
    Inline(Map<String, Value>),
    /// Absolute path, handed to `fire --payload`.
    File(PathBuf),
}

/// What the test asserts; `None` fields are not checked.
#[derive(Debug, Default)]
pub(crate) struct Expect {
    pub(crate) decision: Option<String>,
    pub(crate) reason: Option<TextExpect>,
    pub(crate) exit_code: Option<i32>,
    pub(crate) updated_input: Option<Value>,
    pub(crate) continue_: Option<bool>,
    pub(crate) additional_context: Option<TextExpect>,
    /// Outcome per hook name (`success`, `blocking`, `non_blocking_error`, `cancelled`, `skipped`).
    pub(crate) hooks: Vec<(String, String)>,
    /// A JSON object every field of which must appear in the printed document (any `output`).
    pub(crate) document: Option<Value>,
    /// How many requests the test's server answered.
    pub(crate) requests: Option<u64>,
}

/// An expectation on a text field.
#[derive(Debug)]
pub(crate) enum TextExpect {
    Exact(String),
    Contains(String),
    Matches(Regex),
}

impl TextExpect {
    pub(crate) fn accepts(&self, actual: Option<&str>) -> bool {
        let Some(actual) = actual else { return false };
        match self {
            TextExpect::Exact(text) => actual == text,
            TextExpect::Contains(text) => actual.contains(text.as_str()),
            TextExpect::Matches(regex) => regex.is_match(actual),
        }
    }

    pub(crate) fn describe(&self) -> String {
        match self {
            TextExpect::Exact(text) => format!("{text:?}"),
            TextExpect::Contains(text) => format!("contains {text:?}"),
            TextExpect::Matches(regex) => format!("matches /{}/", regex.as_str()),
        }
    }
}

/// The outcomes `expect.hooks` accepts.
pub(crate) const HOOK_OUTCOMES: &[&str] = &[
    "success",
    "blocking",
    "non_blocking_error",
    "cancelled",
    "skipped",
];

/// The decisions `expect.decision` accepts.
pub(crate) const DECISIONS: &[&str] = &["allow", "deny", "ask", "none"];
