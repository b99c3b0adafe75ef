//! `fire --record FILE`: appends the fire that just happened — event, payload, and its actual
//! result (decision, exit code, reason, continue, rewritten input, context, outcome per hook) — as
//! a new `[[test]]` to a TOML test file, creating it (with `project_dir` and `config` pointing back
//! at the project) when missing. The fastest way to pin today's behaviour.
//!
//! TOML has no null: a payload holding one goes to a JSON file beside the test file
//! (`payload_file`), and a rewritten input holding one is left unchecked.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Component, Path, PathBuf};

use serde_json::{Map, Value};

use super::check::hook_outcome;

/// How the fire was made, beyond its event and payload.
pub(crate) struct Context<'a> {
    pub(crate) project_dir: &'a Path,
    /// `-c` files as given.
    pub(crate) config: &'a [PathBuf],
    pub(crate) strict: bool,
    /// `--output` when an agent's protocol was printed instead of hookrun's document.
    pub(crate) output: Option<&'a str>,
}

/// Appends one test to `file`; returns its name. `printed` is what fire printed: hookrun's
/// document, or with `context.output` the agent's answer (then pinned whole as
/// `expect.document`, since the decision fields are hookrun's).
pub(crate) fn append(
    file: &Path,
    context: &Context<'_>,
    event: &str,
    payload: &Map<String, Value>,
    printed: &Value,
    exit_code: u8,
) -> std::io::Result<String> {
    let existing = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => return Err(error),
    };
    let parent = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent)?;
    let dir = absolute(parent)?;
    let mut out = String::new();
    if existing.trim().is_empty() {
        out.push_str("# hookrun test file: recorded with `hookrun fire --record`; run with `hookrun test`.\n");
        let _ = writeln!(
            out,
            "project_dir = {}",
            string(&relative(&dir, context.project_dir))
        );
        if !context.config.is_empty() {
            let files: Vec<String> = context
                .config
                .iter()
                .map(|c| absolute(c).map(|c| string(&relative(context.project_dir, &c))))
                .collect::<Result<_, _>>()?;
            let _ = writeln!(out, "config = [{}]", files.join(", "));
        }
    }
    let name = unique_name(&existing, event);
    let _ = write!(
        out,
        "\n[[test]]\nname = {}\nevent = {}\n",
        string(&name),
        string(event)
    );
    if let Some(output) = context.output {
        let _ = writeln!(out, "output = {}", string(output));
    }
    if context.strict {
        out.push_str("strict = true\n");
    }
    let payload = Value::Object(payload.clone());
    if let Some(inline) = toml_value(&payload) {
        let _ = writeln!(out, "payload = {inline}");
    } else {
        let stem = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let sidecar = format!(
            "{}.{}.payload.json",
            stem.trim_end_matches(".toml"),
            slug(&name)
        );
        std::fs::write(dir.join(&sidecar), format!("{payload}\n"))?;
        let _ = writeln!(out, "payload_file = {}", string(&sidecar));
    }
    if context.output.is_some() {
        let _ = writeln!(out, "expect.exit_code = {exit_code}");
        match toml_value(printed) {
            Some(inline) if printed.is_object() => {
                let _ = writeln!(out, "expect.document = {inline}");
            }
            _ => {}
        }
    } else {
        expectations(&mut out, printed, exit_code);
    }
    let mut handle = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)?;
    // One write: concurrent recorders interleave whole tests, not lines.
    handle.write_all(out.as_bytes())?;
    Ok(name)
}

fn expectations(out: &mut String, document: &Value, exit_code: u8) {
    let field = |key: &str| document.get(key);
    if let Some(decision) = field("decision").and_then(Value::as_str) {
        let _ = writeln!(out, "expect.decision = {}", string(decision));
    }
    let _ = writeln!(out, "expect.exit_code = {exit_code}");
    if let Some(reason) = field("reason").and_then(Value::as_str) {
        let _ = writeln!(out, "expect.reason = {}", string(reason));
    }
    if field("continue").and_then(Value::as_bool) == Some(false) {
        out.push_str("expect.continue = false\n");
    }
    if let Some(input) = field("updated_input") {
        match toml_value(input) {
            Some(inline) => {
                let _ = writeln!(out, "expect.updated_input = {inline}");
            }
            None => out
                .push_str("# updated_input holds a null (not representable in TOML): unchecked\n"),
        }
    }
    if let Some(context) = field("additional_context").and_then(Value::as_str) {
        let _ = writeln!(out, "expect.additional_context = {}", string(context));
    }
    let hooks = field("hooks")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let outcomes: Vec<String> = hooks
        .iter()
        .filter_map(|h| h.get("name").and_then(Value::as_str))
        .map(|name| format!("{} = {}", key(name), string(&hook_outcome(document, name))))
        .collect();
    if !outcomes.is_empty() {
        let _ = writeln!(out, "expect.hooks = {{ {} }}", outcomes.join(", "));
    }
}

/// `"<event> #<n>"`, with n one more than the tests already in the file (and free).
fn unique_name(existing: &str, event: &str) -> String {
    let count = existing.lines().filter(|l| l.trim() == "[[test]]").count();
    let mut n = count + 1;
    loop {
        let name = format!("{event} #{n}");
        if !existing.contains(&format!("name = {}", string(&name))) {
            return name;
        }
        n += 1;
    }
}

fn slug(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// A JSON value as an inline TOML value; `None` when TOML cannot hold it (a null, a u64 past i64).
fn toml_value(value: &Value) -> Option<String> {
    Some(match value {
        Value::Null => return None,
        Value::Bool(flag) => flag.to_string(),
        Value::Number(number) if number.is_u64() && number.as_i64().is_none() => return None,
        Value::Number(number) => number.to_string(),
        Value::String(text) => string(text),
        Value::Array(items) => {
            let items: Option<Vec<String>> = items.iter().map(toml_value).collect();
            format!("[{}]", items?.join(", "))
        }
        Value::Object(map) if map.is_empty() => "{}".to_owned(),
        Value::Object(map) => {
            let fields: Option<Vec<String>> = map
                .iter()
                .map(|(k, v)| toml_value(v).map(|v| format!("{} = {v}", key(k))))
                .collect();
            format!("{{ {} }}", fields?.join(", "))
        }
    })
}

/// A TOML basic string: JSON's escapes are all valid TOML, except that TOML also forbids DEL.
fn string(text: &str) -> String {
    Value::String(text.to_owned())
        .to_string()
        .replace('\u{7f}', "\\u007F")
}

/// A bare key when it may be one, else a quoted key.
fn key(name: &str) -> String {
    let bare = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare { name.to_owned() } else { string(name) }
}

fn absolute(path: &Path) -> std::io::Result<PathBuf> {
    path.canonicalize()
}

/// `to` relative to the directory `from` (both absolute).
fn relative(from: &Path, to: &Path) -> String {
    let from: Vec<Component<'_>> = from.components().collect();
    let to: Vec<Component<'_>> = to.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); from.len() - common];
    parts.extend(
        to[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn json_values_become_inline_toml_that_parses_back() {
        let value = json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf \"/\"\n\u{7f}"},
            "n": [1, 2.5, true], "odd key": {}});
        let text = format!("v = {}", toml_value(&value).unwrap());
        let back: Value = toml::from_str::<Value>(&text).unwrap()["v"].clone();
        assert_eq!(back, value);
        assert_eq!(toml_value(&json!({"a": null})), None);
    }

    #[test]
    fn names_count_up_and_paths_are_relative() {
        assert_eq!(unique_name("", "Stop"), "Stop #1");
        let existing = "[[test]]\nname = \"Stop #2\"\n";
        assert_eq!(unique_name(existing, "Stop"), "Stop #3");
        assert_eq!(relative(Path::new("/p/tests"), Path::new("/p")), "..");
        assert_eq!(
            relative(Path::new("/p"), Path::new("/p/.agent/s.json")),
            ".agent/s.json"
        );
        assert_eq!(relative(Path::new("/p"), Path::new("/p")), ".");
    }
}
