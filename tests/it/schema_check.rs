//! The published JSON Schemas match the code: real documents — fire outputs of many shapes, the
//! shipped `hookrun.toml` fixtures, the test files — validate against `hookrun schema …`, checked
//! by a small structural validator (`$ref`, `type`, `enum`, `required`, `properties`,
//! `additionalProperties`, `items`, `oneOf`, `not`, bounds, `pattern`).

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::harness::{Case, claude_settings, fixture, hookrun_command};

fn schema(kind: &str) -> Value {
    let output = hookrun_command()
        .args(["schema", kind])
        .output()
        .expect("run hookrun schema");
    serde_json::from_slice(&output.stdout).expect("a JSON schema")
}

/// Every violation of `schema` by `value`, as `path: problem`.
fn violations(root: &Value, schema: &Value, value: &Value, path: &str, out: &mut Vec<String>) {
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference.strip_prefix("#/$defs/").expect("local $ref");
        violations(root, &root["$defs"][name], value, path, out);
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(t) => vec![t.as_str()],
            other => other
                .as_array()
                .expect("type list")
                .iter()
                .filter_map(Value::as_str)
                .collect(),
        };
        if !types.iter().any(|t| has_type(value, t)) {
            out.push(format!("{path}: {value} is not of type {types:?}"));
            return;
        }
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array)
        && !allowed.contains(value)
    {
        out.push(format!("{path}: {value} is not one of {allowed:?}"));
    }
    if let Some(options) = schema.get("oneOf").and_then(Value::as_array) {
        let matching = options
            .iter()
            .filter(|option| {
                let mut errors = Vec::new();
                violations(root, option, value, path, &mut errors);
                errors.is_empty()
            })
            .count();
        if matching != 1 {
            out.push(format!("{path}: {value} matches {matching} of oneOf"));
        }
    }
    if let Some(not) = schema.get("not") {
        let mut errors = Vec::new();
        violations(root, not, value, path, &mut errors);
        if errors.is_empty() {
            out.push(format!("{path}: matches a forbidden shape {not}"));
        }
    }
    bounds(schema, value, path, out);
    if let Some(items) = schema.get("items")
        && let Some(array) = value.as_array()
    {
        for (index, item) in array.iter().enumerate() {
            violations(root, items, item, &format!("{path}[{index}]"), out);
        }
    }
    let Some(object) = value.as_object() else {
        return;
    };
    for required in schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let key = required.as_str().expect("required names");
        if !object.contains_key(key) {
            out.push(format!("{path}: missing required `{key}`"));
        }
    }
    let properties = schema.get("properties").and_then(Value::as_object);
    for (key, item) in object {
        let here = format!("{path}.{key}");
        let sub = properties
            .and_then(|p| p.get(key))
            .or_else(|| schema.get("additionalProperties").filter(|a| a.is_object()));
        if let Some(sub) = sub {
            violations(root, sub, item, &here, out);
        } else if schema.get("additionalProperties") == Some(&Value::Bool(false)) {
            out.push(format!("{here}: not allowed by the schema"));
        }
    }
}

fn has_type(value: &Value, kind: &str) -> bool {
    match kind {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "null" => value.is_null(),
        other => panic!("unknown schema type {other}"),
    }
}

fn bounds(schema: &Value, value: &Value, path: &str, out: &mut Vec<String>) {
    let limit = |key: &str| schema.get(key).and_then(Value::as_f64);
    if let Some(number) = value.as_f64() {
        let low = limit("minimum").is_some_and(|m| number < m)
            || limit("exclusiveMinimum").is_some_and(|m| number <= m);
        let high = limit("maximum").is_some_and(|m| number > m);
        if low || high {
            out.push(format!("{path}: {number} is out of bounds"));
        }
    }
    let min_items = schema.get("minItems").and_then(Value::as_u64);
    if let (Some(min), Some(array)) = (min_items, value.as_array())
        && (array.len() as u64) < min
    {
        out.push(format!("{path}: fewer than {min} items"));
    }
    if let (Some(pattern), Some(text)) = (
        schema.get("pattern").and_then(Value::as_str),
        value.as_str(),
    ) && !regex_lite::Regex::new(pattern)
        .expect("schema pattern")
        .is_match(text)
    {
        out.push(format!("{path}: {text:?} does not match {pattern}"));
    }
}

#[track_caller]
fn assert_valid(schema: &Value, value: &Value, what: &str) {
    let mut out = Vec::new();
    violations(schema, schema, value, "$", &mut out);
    assert!(
        out.is_empty(),
        "{what} does not match its schema:\n  {}\n{value:#}",
        out.join("\n  ")
    );
}

/// Every file under `fixtures/` whose name satisfies `keep`.
fn fixture_files(keep: &dyn Fn(&str) -> bool) -> Vec<PathBuf> {
    fn walk(dir: &Path, keep: &dyn Fn(&str) -> bool, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read fixtures").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, keep, out);
            } else if path.file_name().and_then(|n| n.to_str()).is_some_and(keep) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&fixture(""), keep, &mut out);
    out
}

/// A test or config file, whatever its syntax, as a JSON value.
fn parse(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("read");
    let name = path.to_string_lossy();
    if name.ends_with(".toml") {
        toml::from_str(&text).expect("TOML")
    } else if name.ends_with(".json") {
        serde_json::from_str(&text).expect("JSON")
    } else {
        serde_saphyr::from_str(&text).expect("YAML")
    }
}

#[test]
fn decision_documents_of_every_shape_match_the_decision_schema() {
    let schema = schema("decision");
    let demo = fixture("demo");
    let demo = demo.to_str().expect("UTF-8 path");
    let payloads = ["rm-rf.json", "npm-install.json", "ls.json"];
    for payload in payloads {
        let output = hookrun_command()
            .args([
                "-C",
                demo,
                "--no-user-config",
                "--trust-project",
                "fire",
                "PreToolUse",
            ])
            .stdin(std::fs::File::open(fixture("demo").join(payload)).expect("payload"))
            .output()
            .expect("run hookrun fire");
        let document = serde_json::from_slice(&output.stdout).expect("a decision document");
        assert_valid(&schema, &document, payload);
    }
    // Failures, timeouts and kills, skipped hooks, observe-mode decisions, context and stop.
    let toml = r#"
[[hook]]
name = "fails"
events = ["Stop"]
command = "echo oops >&2; exit 1"
[[hook]]
name = "slow"
events = ["Stop"]
command = "sleep 5"
timeout = "200ms"
kill_grace = "100ms"
[[hook]]
name = "watcher"
events = ["Stop"]
mode = "observe"
command = "echo '{\"decision\":\"deny\",\"reason\":\"seen\",\"continue\":false,\"stopReason\":\"enough\",\"additionalContext\":\"ctx\",\"systemMessage\":\"hi\"}'"
[[hook]]
name = "shell-only"
events = ["Stop"]
if = "Bash(ls *)"
command = "true"
"#;
    let case = Case::new().file("hookrun.toml", toml).file(
        ".claude/settings.json",
        &claude_settings("Stop", "", "printf 'plain'", ""),
    );
    let run = case.fire("Stop");
    let document = run.json();
    assert!(
        document["hooks"].as_array().is_some_and(|h| h.len() >= 3),
        "{document:#}"
    );
    assert_valid(&schema, &document, "a fire with failures and a timeout");
}

#[test]
fn shipped_hookrun_toml_fixtures_match_the_config_schema() {
    let schema = schema("config");
    let files = fixture_files(&|name| name.ends_with("hookrun.toml"));
    assert!(!files.is_empty(), "no hookrun.toml under fixtures/");
    for file in files {
        assert_valid(&schema, &parse(&file), &file.display().to_string());
    }
}

#[test]
fn test_files_match_the_test_schema() {
    let schema = schema("test");
    let files = fixture_files(&|name| {
        [
            ".hooktest.toml",
            ".hooktest.yaml",
            ".hooktest.yml",
            ".hooktest.json",
        ]
        .iter()
        .any(|suffix| name.ends_with(suffix))
    });
    assert!(!files.is_empty(), "no test files under fixtures/");
    for file in files {
        assert_valid(&schema, &parse(&file), &file.display().to_string());
    }
    // A recorded file, with every expectation kind `--record` writes.
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_settings("PreToolUse", "*", "echo no >&2; exit 2", ""),
    );
    case.fire_with("PreToolUse", &["--record", "rec.hooktest.toml"]);
    assert_valid(
        &schema,
        &parse(&case.at("rec.hooktest.toml")),
        "a recorded test file",
    );
}

#[test]
fn the_schema_checker_rejects_what_the_schemas_forbid() {
    let config = schema("config");
    let bad = json!({"timeout": "5 parsecs", "hook": [{"command": "x", "events": [], "mode": "loud", "colour": 1}]});
    let mut out = Vec::new();
    violations(&config, &config, &bad, "$", &mut out);
    assert_eq!(out.len(), 4, "{out:#?}");
    let test = schema("test");
    let bad = json!({"test": [{"name": "a", "event": "E", "payload": {}, "payload_file": "p.json",
        "expect": {"reason": {"contains": "x", "matches": "y"}, "hooks": {"h": "blocked"}}}]});
    let mut out = Vec::new();
    violations(&test, &test, &bad, "$", &mut out);
    assert_eq!(out.len(), 3, "{out:#?}");
}
