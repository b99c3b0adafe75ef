//! Entry points for the fuzz targets in `fuzz/` (not an API: hidden from the docs, free to change).
//!
//! Each function hands untrusted bytes to one parser the way hookrun does, and answers in plain
//! types, so the targets need none of the crate's internals. They stay a few lines over the
//! internals they call, so that moving those means re-pointing a `use` or a call here; the
//! properties checked (no panic, agreements, decision invariants) live in the targets.

use std::path::Path;
use std::sync::OnceLock;

use serde_json::Value;

use crate::config::tree::Node;
use crate::config::yaml;
use crate::dialects;
use crate::matching::{Flavour, Matcher, Rule, RuleContext, Syntax};
use crate::model::Source;
use crate::model::load::LoadContext;
use crate::runner::capture::Capture;
use crate::runner::{Exit, Finished, STDERR_CAP, STDOUT_CAP};
use crate::sources::Config;
use crate::verdict::{Limits, Policy};

/// The project directory the fuzzed files belong to; it does not exist, so nothing is found in it.
const PROJECT: &str = "/nonexistent/hookrun-fuzz-project";

/// Every dialect's name, in the registry's order (the targets pick one by index).
pub fn dialect_names() -> Vec<&'static str> {
    dialects::names()
}

/// Loads `text` as a configuration file of the dialect named `dialect` (`None`: told from the
/// content, as for a `-c` file), as `fire` and `validate` do after reading it: the loader, each
/// hook's position, the names made unique, `validate`'s checks, every diagnostic rendered.
/// Returns how many hooks were read, or `None` when the content tells no dialect.
pub fn load_config(dialect: Option<&str>, text: &str) -> Option<usize> {
    let dialect = match dialect {
        Some(name) => dialects::by_name(name)?,
        None => dialects::by_content(text)?,
    };
    let project_dir = Path::new(PROJECT);
    let rel = dialect.discovery().first().copied().unwrap_or("hooks.json");
    let source = Source::new(
        project_dir.join(rel),
        (*rel).to_owned(),
        dialect,
        text.to_owned(),
        crate::model::Level::Named,
    );
    let loaded = dialect.load(&LoadContext {
        source: &source,
        index: 0,
        project_dir,
    });
    for hook in &loaded.hooks {
        source.position_of(hook);
    }
    let mut config = Config {
        sources: vec![source],
        hooks: loaded.hooks,
        diagnostics: loaded.diagnostics,
    };
    crate::model::hook::make_names_unique(&mut config.hooks);
    let checked = crate::validate::check(&config, project_dir);
    for diagnostic in config.diagnostics.iter().chain(&checked) {
        let _ = diagnostic.to_string();
    }
    Some(config.hooks.len())
}

/// A YAML configuration text read by hookrun's YAML reader (the block-subset reader wherever it
/// answers, serde-saphyr elsewhere) and by serde-saphyr alone, with the options
/// `config::yaml::parse_general` sets. `Err` describes a disagreement: one reads a tree the other
/// refuses, or they read different trees (compared with mapping order).
pub fn yaml_agreement(text: &str) -> Result<(), String> {
    let reader = yaml::parse("f.yaml", text).ok();
    let mut options = serde_saphyr::Options::default();
    options.with_snippet = false;
    options.strict_booleans = true;
    let general = serde_saphyr::from_str_with_options::<Node<'_>>(text, options).ok();
    if reader == general {
        Ok(())
    } else {
        Err(format!(
            "hookrun read {reader:?}\nserde-saphyr read {general:?}"
        ))
    }
}

/// Decodes `bytes` as a payload, as `fire --payload FILE --max-payload MAX --set …` does (the
/// payload goes through a private temporary file, reused), and answers the object as JSON text.
pub fn decode_payload(bytes: &[u8], sets: &[String], max: u64) -> Result<String, String> {
    static FILE: OnceLock<tempfile::NamedTempFile> = OnceLock::new();
    let file = FILE.get_or_init(|| tempfile::NamedTempFile::new().expect("a temporary file"));
    std::fs::write(file.path(), bytes).expect("the temporary payload file is writable");
    crate::payload::read(Some(file.path()), sets, max)
        .map(|payload| payload.value().to_string())
        .map_err(|error| error.to_string())
}

/// The switches of `verdict::Policy`, for [`judge_answer`].
#[derive(Debug, Clone, Copy, Default)]
#[expect(clippy::struct_excessive_bools, reason = "mirrors verdict::Policy")]
pub struct AnswerPolicy {
    pub can_block: bool,
    pub exit2_blocks: bool,
    pub fail_closed: bool,
    pub require_allow: bool,
    pub text_is_context: bool,
    pub ignore_stdout: bool,
    pub observe_only: bool,
}

/// What [`judge_answer`] concluded, in the words of the decision document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    /// `success`, `blocking`, `non_blocking_error` or `cancelled`.
    pub outcome: String,
    /// `none`, `allow`, `ask` or `deny`.
    pub decision: String,
    /// The decision blocks the action (deny or ask).
    pub blocks: bool,
    pub reason: Option<String>,
    pub error: Option<String>,
}

/// Judges a hook that exited with `code` after printing `stdout` and `stderr`.
pub fn judge_answer(policy: AnswerPolicy, code: i32, stdout: &[u8], stderr: &[u8]) -> Judged {
    let capture = |bytes: &[u8], cap: usize| {
        let mut capture = Capture::new(cap);
        capture.bytes = bytes[..bytes.len().min(cap)].to_vec();
        capture.overflowed = bytes.len() > cap;
        capture
    };
    let run = Finished {
        exit: Exit::Code(code),
        stdout: capture(stdout, STDOUT_CAP),
        stderr: capture(stderr, STDERR_CAP),
        timed_out: false,
        interrupted: None,
        killed: None,
        leaked: false,
        left_behind: 0,
        duration: std::time::Duration::from_millis(1),
    };
    let policy = Policy {
        can_block: policy.can_block,
        exit2_blocks: policy.exit2_blocks,
        fail_closed: policy.fail_closed,
        require_allow: policy.require_allow,
        text_is_context: policy.text_is_context,
        ignore_stdout: policy.ignore_stdout,
        observe_only: policy.observe_only,
        ..Policy::default()
    };
    let limits = Limits {
        timeout: std::time::Duration::from_secs(60),
        grace: std::time::Duration::from_secs(2),
    };
    let verdict = crate::verdict::judge_process(&run, policy, limits, "fuzzed");
    Judged {
        outcome: serde_word(verdict.outcome),
        decision: serde_word(verdict.decision),
        blocks: verdict.decision.blocks(),
        reason: verdict.reason,
        error: verdict.error,
    }
}

/// The name serde gives a unit variant (`non_blocking_error`, `deny`).
fn serde_word(value: impl serde::Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(word)) => word,
        other => format!("{other:?}"),
    }
}

/// Loads `text` as a hook test file whose name ends with `suffix` (`.hooktest.toml`, `.yaml`,
/// `.json`), as `hookrun test` does (the text goes through a private temporary directory).
/// Returns how many tests it holds, or the rendered diagnostics when it has errors.
pub fn load_test_file(suffix: &str, text: &[u8]) -> Result<usize, String> {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    let dir = DIR.get_or_init(|| tempfile::tempdir().expect("a temporary directory"));
    let path = dir.path().join(format!("fuzz{suffix}"));
    std::fs::write(&path, text).expect("the temporary test file is writable");
    let (file, diagnostics) = crate::testfile::load(&path, "fuzz.hooktest", dir.path());
    let rendered: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
    file.map(|file| file.tests.len())
        .ok_or_else(|| rendered.join("\n"))
}

/// What a matcher answered about one value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched {
    /// How it compares: `all`, `exact`, `substring`, `prefix` or `regex`.
    pub kind: &'static str,
    /// Against a name-like value (`Err`: an invalid regex where that is an error).
    pub name: Result<bool, String>,
    /// Against free text (a shell command, a path).
    pub text: Result<bool, String>,
    /// `validate`'s compile check.
    pub check: Result<(), String>,
    /// Why a lenient dialect compares the text as plain text (its regex does not compile).
    pub fallback: Option<String>,
}

/// How many matcher flavours [`match_matcher`] takes (by index).
pub const FLAVOURS: usize = 5;
/// How many regex syntaxes [`match_matcher`] takes (by index; 0 is Rust's).
pub const SYNTAXES: usize = 4;

/// Classifies `pattern` in the flavour numbered `flavour` (modulo [`FLAVOURS`]: ignored, names
/// or regex, trimmed regex or exact, regex or substring, start regex or substring) with the regex
/// syntax numbered `syntax` (modulo [`SYNTAXES`]: Rust, ECMAScript, Python, Java) and matches
/// `value` with it.
pub fn match_matcher(flavour: usize, syntax: usize, pattern: &str, value: &str) -> Matched {
    let syntax = [
        Syntax::Rust,
        Syntax::EcmaScript,
        Syntax::Python,
        Syntax::Java,
    ][syntax % SYNTAXES];
    let flavour = [
        Flavour::Ignored,
        Flavour::NamesOrRegex(syntax),
        Flavour::TrimmedRegexOrExact(syntax),
        Flavour::RegexOrSubstring(syntax),
        Flavour::StartRegexOrSubstring(syntax),
    ][flavour % FLAVOURS];
    let matcher = Matcher::new(Some(pattern), flavour);
    Matched {
        kind: matcher.kind_name(),
        name: matcher.is_match(value).map_err(|e| e.to_string()),
        text: matcher.is_match_text(value).map_err(|e| e.to_string()),
        check: matcher.check().map_err(|e| e.to_string()),
        fallback: matcher.fallback_reason().map(|e| e.to_string()),
    }
}

/// Parses `rule` as an `if` condition and, when it parses, asks whether `payload` satisfies it
/// (project dir `/project`, home `/home/user`). `Err` is the parse or glob error.
pub fn match_rule(rule: &str, payload: &Value) -> Result<bool, String> {
    let rule = Rule::parse(rule).map_err(|e| e.to_string())?;
    let ctx = RuleContext {
        project_dir: Path::new("/project"),
        home: Some(Path::new("/home/user")),
    };
    let matched = rule.matches(payload, &ctx);
    rule.check().map_err(|e| e.to_string())?;
    Ok(matched)
}
