//! The read-only tools an agent hook's model may call (the book, "Agent hooks"): `read_file`,
//! `grep` and `glob`, confined to the project directory. Every path is resolved (`..` and
//! symbolic links followed) and refused unless it stays inside the project; walks do not descend
//! into linked directories, and every answer is capped so a large tree cannot flood the
//! conversation.

use std::fs;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::{ToolCall, ToolDef, ToolResult};

/// The most bytes `read_file` returns.
const READ_LIMIT: usize = 64 * 1024;
/// The most lines `grep` and paths `glob` list.
const LIST_LIMIT: usize = 200;
/// The most directory entries one walk visits.
const WALK_LIMIT: usize = 20_000;
/// Files larger than this are not searched by `grep`.
const GREP_FILE_LIMIT: u64 = 1024 * 1024;

/// The tools, as offered to the model.
pub(crate) fn definitions() -> Vec<ToolDef> {
    vec![
        ToolDef {
            name: "read_file",
            description: "Read a text file of the project (at most 64 KiB from `offset`).",
            schema: json!({
                "type": "object",
                "properties": {
                    "path": {"type": "string", "description": "Path relative to the project directory."},
                    "offset": {"type": "integer", "description": "Byte offset to start at (default 0)."}
                },
                "required": ["path"]
            }),
        },
        ToolDef {
            name: "grep",
            description: "Search the project's files for a regular expression; lists `path:line: text` (at most 200).",
            schema: json!({
                "type": "object",
                "properties": {
                    "pattern": {"type": "string", "description": "A regular expression."},
                    "path": {"type": "string", "description": "A file or directory to search (default: the project)."}
                },
                "required": ["pattern"]
            }),
        },
        ToolDef {
            name: "glob",
            description: "List the project's files whose path matches a glob such as `src/**/*.rs` (at most 200).",
            schema: json!({
                "type": "object",
                "properties": {
                    "pattern": {"type": "string", "description": "A glob relative to the project directory."}
                },
                "required": ["pattern"]
            }),
        },
    ]
}

/// The project directory the tools may read, resolved once.
pub(crate) struct Sandbox {
    root: PathBuf,
}

impl Sandbox {
    pub(crate) fn new(project_dir: &Path) -> std::io::Result<Sandbox> {
        Ok(Sandbox {
            root: fs::canonicalize(project_dir)?,
        })
    }

    /// Runs one call; a refused path or a bad input is an error result the model is shown.
    pub(crate) fn call(&self, call: &ToolCall) -> ToolResult {
        let outcome = match call.name.as_str() {
            "read_file" => self.read_file(&call.input),
            "grep" => self.grep(&call.input),
            "glob" => self.glob(&call.input),
            other => Err(format!("no tool named `{other}` (read_file, grep, glob)")),
        };
        let (content, is_error) = match outcome {
            Ok(content) => (content, false),
            Err(error) => (error, true),
        };
        ToolResult {
            id: call.id.clone(),
            content,
            is_error,
        }
    }

    /// `path` resolved inside the project, or why not.
    pub(crate) fn resolve(&self, path: &str) -> Result<PathBuf, String> {
        let joined = self.root.join(path);
        let resolved = fs::canonicalize(&joined).map_err(|error| format!("{path}: {error}"))?;
        if resolved.starts_with(&self.root) {
            Ok(resolved)
        } else {
            Err(format!(
                "{path}: refused, it resolves outside the project directory"
            ))
        }
    }

    fn relative<'p>(&self, path: &'p Path) -> &'p Path {
        path.strip_prefix(&self.root).unwrap_or(path)
    }

    fn read_file(&self, input: &Value) -> Result<String, String> {
        let path = string(input, "path")?;
        let resolved = self.resolve(path)?;
        if !resolved.is_file() {
            return Err(format!("{path}: not a file"));
        }
        let offset = input.get("offset").and_then(Value::as_u64).unwrap_or(0);
        let mut file = fs::File::open(&resolved).map_err(|error| format!("{path}: {error}"))?;
        std::io::Seek::seek(&mut file, std::io::SeekFrom::Start(offset))
            .map_err(|error| format!("{path}: {error}"))?;
        let mut bytes = Vec::new();
        file.take(READ_LIMIT as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|error| format!("{path}: {error}"))?;
        let more = bytes.len() > READ_LIMIT;
        bytes.truncate(READ_LIMIT);
        let mut text = String::from_utf8_lossy(&bytes).into_owned();
        if more {
            let next = offset + READ_LIMIT as u64;
            text.push_str("\n[truncated: read on with offset ");
            text.push_str(&next.to_string());
            text.push(']');
        }
        Ok(text)
    }

    fn glob(&self, input: &Value) -> Result<String, String> {
        let pattern = string(input, "pattern")?;
        let matcher = globset::GlobBuilder::new(pattern.trim_start_matches("./"))
            .literal_separator(true)
            .build()
            .map_err(|error| format!("bad glob `{pattern}`: {error}"))?
            .compile_matcher();
        let mut found = Vec::new();
        let complete = self.walk(&self.root, &mut |path| {
            if matcher.is_match(self.relative(path)) {
                found.push(self.relative(path).display().to_string());
            }
            found.len() < LIST_LIMIT
        });
        Ok(listing(found, complete, "no file matches"))
    }

    fn grep(&self, input: &Value) -> Result<String, String> {
        let pattern = string(input, "pattern")?;
        let regex = regex_lite::Regex::new(pattern)
            .map_err(|error| format!("bad pattern `{pattern}`: {error}"))?;
        let start = match input.get("path").and_then(Value::as_str) {
            Some(path) => self.resolve(path)?,
            None => self.root.clone(),
        };
        let mut found = Vec::new();
        let mut search = |path: &Path| {
            let Ok(meta) = fs::metadata(path) else {
                return true;
            };
            if meta.len() > GREP_FILE_LIMIT {
                return true;
            }
            let Ok(bytes) = fs::read(path) else {
                return true;
            };
            if bytes.contains(&0) {
                return true;
            }
            let text = String::from_utf8_lossy(&bytes);
            for (number, line) in text.lines().enumerate() {
                if regex.is_match(line) {
                    let line: String = line.chars().take(300).collect();
                    found.push(format!(
                        "{}:{}: {line}",
                        self.relative(path).display(),
                        number + 1
                    ));
                    if found.len() >= LIST_LIMIT {
                        return false;
                    }
                }
            }
            true
        };
        let complete = if start.is_file() {
            search(&start)
        } else {
            self.walk(&start, &mut search)
        };
        Ok(listing(found, complete, "no line matches"))
    }

    /// Visits the regular files under `dir` (not `.git`, not through linked directories; a
    /// linked file only when it resolves inside the project) until `visit` says stop or the walk
    /// limit is reached; whether it ran to the end.
    fn walk(&self, dir: &Path, visit: &mut dyn FnMut(&Path) -> bool) -> bool {
        let mut stack = vec![dir.to_path_buf()];
        let mut seen = 0;
        while let Some(dir) = stack.pop() {
            let Ok(entries) = fs::read_dir(&dir) else {
                continue;
            };
            let mut entries: Vec<_> = entries.flatten().collect();
            entries.sort_by_key(fs::DirEntry::file_name);
            for entry in entries.into_iter().rev() {
                seen += 1;
                if seen > WALK_LIMIT {
                    return false;
                }
                let path = entry.path();
                let Ok(kind) = entry.file_type() else {
                    continue;
                };
                if kind.is_dir() {
                    if entry.file_name() != ".git" {
                        stack.push(path);
                    }
                } else if (kind.is_file() || (kind.is_symlink() && self.links_inside(&path)))
                    && !visit(&path)
                {
                    return false;
                }
            }
        }
        true
    }
}

impl Sandbox {
    /// Whether the link at `path` resolves to a file inside the project.
    fn links_inside(&self, path: &Path) -> bool {
        fs::canonicalize(path)
            .is_ok_and(|target| target.starts_with(&self.root) && target.is_file())
    }
}

fn string<'v>(input: &'v Value, key: &str) -> Result<&'v str, String> {
    input
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("`{key}` (a string) is required"))
}

fn listing(mut found: Vec<String>, complete: bool, none: &str) -> String {
    if found.is_empty() && complete {
        return none.to_owned();
    }
    if !complete {
        found.push(format!("[stopped after {} results]", found.len()));
    }
    found.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(name: &str, input: Value) -> ToolCall {
        ToolCall {
            id: "1".into(),
            name: name.into(),
            input,
        }
    }

    fn project() -> (tempfile::TempDir, tempfile::TempDir, Sandbox) {
        let project = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        fs::create_dir_all(project.path().join("src/deep")).unwrap();
        fs::write(
            project.path().join("src/a.rs"),
            "fn main() {}\n// TODO: x\n",
        )
        .unwrap();
        fs::write(project.path().join("src/deep/b.rs"), "// TODO: y\n").unwrap();
        fs::write(outside.path().join("secret.txt"), "TODO: secret\n").unwrap();
        std::os::unix::fs::symlink(
            outside.path().join("secret.txt"),
            project.path().join("leak.txt"),
        )
        .unwrap();
        std::os::unix::fs::symlink(outside.path(), project.path().join("outdir")).unwrap();
        let sandbox = Sandbox::new(project.path()).unwrap();
        (project, outside, sandbox)
    }

    #[test]
    fn read_file_reads_inside_and_refuses_what_leaves() {
        let (_project, outside, sandbox) = project();
        let read = sandbox.call(&call("read_file", json!({"path": "src/a.rs"})));
        assert!(
            !read.is_error && read.content.contains("fn main"),
            "{read:?}"
        );
        for path in [
            "leak.txt".to_owned(),
            "../outside".to_owned(),
            "outdir/secret.txt".to_owned(),
            outside.path().join("secret.txt").display().to_string(),
            "/etc/passwd".to_owned(),
        ] {
            let refused = sandbox.call(&call("read_file", json!({"path": path})));
            assert!(refused.is_error, "{path}: {refused:?}");
            assert!(!refused.content.contains("TODO"), "{path}: {refused:?}");
        }
        let refused = sandbox.call(&call("read_file", json!({"path": "leak.txt"})));
        assert!(
            refused.content.contains("outside the project"),
            "{refused:?}"
        );
    }

    #[test]
    fn grep_and_glob_stay_inside() {
        let (_project, _outside, sandbox) = project();
        let grep = sandbox.call(&call("grep", json!({"pattern": "TODO"})));
        assert_eq!(
            grep.content, "src/a.rs:2: // TODO: x\nsrc/deep/b.rs:1: // TODO: y",
            "{grep:?}"
        );
        let glob = sandbox.call(&call("glob", json!({"pattern": "**/*.rs"})));
        assert_eq!(glob.content, "src/a.rs\nsrc/deep/b.rs");
        let glob = sandbox.call(&call("glob", json!({"pattern": "*.txt"})));
        assert_eq!(glob.content, "no file matches");
        let refused = sandbox.call(&call("grep", json!({"pattern": "x", "path": "outdir"})));
        assert!(refused.is_error, "{refused:?}");
        let unknown = sandbox.call(&call("write_file", json!({})));
        assert!(unknown.is_error && unknown.content.contains("no tool"));
    }
}
