//! Every fenced example of the README and the book, read from the pages and run, so that an
//! example that stops working fails the tests. Each block says what it is on the line before
//! its fence, in an HTML comment the book does not show:
//!
//! - `<!-- example: file PATH -->`: a file; it is written at PATH in the page's project (in
//!   the copy of `fixtures/` for a PATH inside it).
//! - `<!-- example: config PATH -->`: a hook configuration, written as a file and checked:
//!   `hookrun validate PATH` must find no error in it.
//! - `<!-- example: run -->`: a console session; each `$` command runs through `bash` in the
//!   page's project and must print what the block shows (the rules of [`crate::transcript`]).
//! - `<!-- example: output of COMMAND -->`: what COMMAND prints, run the same way.
//! - `<!-- example: in PATH -->`: text the page's earlier examples left in the file PATH.
//! - `<!-- recipe: NAME PATH -->`: an agent recipe, which `recipes.rs` runs as the agent would.
//! - `<!-- example: not run: WHY -->`: shown only, for the reason given.
//!
//! A block without one fails the test. Each page has a project of its own: a new empty
//! directory, with an empty `HOME` and the hookrun under test first on the `PATH`; the page's
//! examples act on it in page order. A session whose first command names `fixtures/` starts
//! instead in a copy of the repository's `fixtures/` (beside the project, so that the project
//! stays empty). The commands of one session share their working directory: a `cd` holds for
//! the commands after it.

use std::cell::OnceCell;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::harness::hookrun_bin;
use crate::transcript::{lines_match, parse};

/// A fenced block of a page: where it is, its marker and its text.
struct Block {
    place: String,
    marker: Option<String>,
    body: String,
}

/// What a marker says of its block.
#[derive(Debug, PartialEq)]
enum Example {
    File(String),
    Config(String),
    Run,
    Output(String),
    In(String),
    Recipe(String),
    NotRun(String),
}

fn example(marker: &str) -> Option<Example> {
    if let Some(rest) = marker.strip_prefix("recipe: ") {
        return Some(Example::Recipe(rest.split(' ').next()?.to_owned()));
    }
    let said = marker.strip_prefix("example: ")?;
    Some(if said == "run" {
        Example::Run
    } else if let Some(path) = said.strip_prefix("file ") {
        Example::File(path.to_owned())
    } else if let Some(path) = said.strip_prefix("config ") {
        Example::Config(path.to_owned())
    } else if let Some(command) = said.strip_prefix("output of ") {
        Example::Output(command.to_owned())
    } else if let Some(path) = said.strip_prefix("in ") {
        Example::In(path.to_owned())
    } else {
        Example::NotRun(said.strip_prefix("not run: ")?.to_owned())
    })
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The README and every page of the book.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut dirs = vec![root().join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// The fenced blocks of `page`, each with the marker on the line before its fence.
fn blocks(page: &Path) -> Vec<Block> {
    let text = std::fs::read_to_string(page).unwrap();
    let shown = page.strip_prefix(root()).unwrap().display().to_string();
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        if !lines[at].starts_with("```") {
            at += 1;
            continue;
        }
        let end = (at + 1..lines.len())
            .find(|&i| lines[i].starts_with("```"))
            .unwrap_or_else(|| panic!("{shown}:{}: the block never ends", at + 1));
        let marker = at
            .checked_sub(1)
            .map(|before| lines[before].trim())
            .and_then(|line| line.strip_prefix("<!-- ")?.strip_suffix(" -->"))
            .map(str::to_owned);
        out.push(Block {
            place: format!("{shown}:{}", at + 1),
            marker,
            body: lines[at + 1..end].join("\n") + "\n",
        });
        at = end + 1;
    }
    out
}

/// A page's project: a directory, and an empty home.
struct Project {
    dir: tempfile::TempDir,
    home: tempfile::TempDir,
    /// A directory holding a copy of the repository's `fixtures/`, made when first needed.
    repository: OnceCell<tempfile::TempDir>,
}

/// What [`Project::run`] appends to a command's output: the directory it ended in.
const CWD: &str = "\n@@cwd@@";

impl Project {
    fn new() -> Project {
        Project {
            dir: tempfile::tempdir().unwrap(),
            home: tempfile::tempdir().unwrap(),
            repository: OnceCell::new(),
        }
    }

    /// Where a session whose first command is `command` starts.
    fn start(&self, command: &str) -> PathBuf {
        if command.contains("fixtures/") {
            self.repository().to_path_buf()
        } else {
            self.dir.path().to_path_buf()
        }
    }

    /// The directory holding the copy of `fixtures/`.
    fn repository(&self) -> &Path {
        self.repository
            .get_or_init(|| {
                let copy = tempfile::tempdir().unwrap();
                let copied = Command::new("cp")
                    .arg("-R")
                    .arg(root().join("fixtures"))
                    .arg(copy.path())
                    .status()
                    .unwrap();
                assert!(copied.success(), "fixtures/ is copied");
                copy
            })
            .path()
    }

    /// Writes `text` at `path`: in the copy of `fixtures/` for a path inside it.
    fn write(&self, path: &str, text: &str) {
        let base = if path.starts_with("fixtures/") {
            self.repository()
        } else {
            self.dir.path()
        };
        let file = base.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }

    /// What `command` prints (stdout and stderr, in order), run through bash in `cwd`, which
    /// becomes the directory the command ended in.
    fn run(&self, command: &str, cwd: &mut PathBuf) -> String {
        let bin_dir = Path::new(hookrun_bin()).parent().unwrap();
        let script = format!(
            "{{ {command}\n}} 2>&1; printf '{}%s' \"$PWD\"",
            CWD.replace('\n', "\\n")
        );
        let output = Command::new("bash")
            .args(["--noprofile", "--norc", "-c", &script])
            .current_dir(&*cwd)
            .env_clear()
            .env(
                "PATH",
                format!("{}:/usr/local/bin:/usr/bin:/bin", bin_dir.display()),
            )
            .env("HOME", self.home.path())
            .output()
            .expect("bash runs");
        let printed = String::from_utf8_lossy(&output.stdout);
        let (printed, ended) = printed
            .rsplit_once(CWD)
            .expect("the script says where it ended");
        *cwd = PathBuf::from(ended);
        // Blank lines at the end do not show in a block.
        printed.trim_end_matches('\n').to_owned()
    }
}

/// Runs one block of a page in its project; `Err` says what went wrong.
fn check(block: &Block, example: Example, project: &Project) -> Result<(), String> {
    match example {
        Example::File(path) => project.write(&path, &block.body),
        Example::Config(path) => {
            project.write(&path, &block.body);
            let printed = project.run(
                &format!("hookrun --no-user-config validate '{path}' && echo VALID"),
                &mut project.dir.path().to_path_buf(),
            );
            if !printed.ends_with("VALID") || printed.contains("error:") {
                return Err(format!("hookrun validate {path}:\n{printed}"));
            }
        }
        Example::Run => {
            let steps = parse(&block.body);
            let mut cwd = project.start(steps.first().map_or("", |s| s.command.as_str()));
            for step in steps {
                let printed = project.run(&step.command, &mut cwd);
                let actual: Vec<&str> = printed.lines().collect();
                if !lines_match(&step.output, &actual) {
                    return Err(format!(
                        "$ {}\nthe page shows:\n{}\nit printed:\n{printed}",
                        step.command,
                        step.output.join("\n")
                    ));
                }
            }
        }
        Example::Output(command) => {
            let printed = project.run(&command, &mut project.start(&command));
            let expected: Vec<String> = block.body.lines().map(str::to_owned).collect();
            if !lines_match(&expected, &printed.lines().collect::<Vec<_>>()) {
                return Err(format!(
                    "$ {command}\nthe page shows:\n{}it printed:\n{printed}",
                    block.body
                ));
            }
        }
        Example::In(path) => {
            let text = std::fs::read_to_string(project.dir.path().join(&path))
                .map_err(|e| format!("{path}: {e}"))?;
            if !text.contains(&block.body) {
                return Err(format!("{path} does not hold the block; it holds:\n{text}"));
            }
        }
        Example::Recipe(name) => {
            if !crate::recipes::TESTED.contains(&name.as_str()) {
                return Err(format!("recipe {name} is not in recipes.rs's TESTED"));
            }
        }
        Example::NotRun(why) => {
            if why.trim().is_empty() {
                return Err("a block not run says why".to_owned());
            }
        }
    }
    Ok(())
}

#[test]
fn markers_say_what_a_block_is() {
    assert_eq!(example("example: run"), Some(Example::Run));
    assert_eq!(
        example("example: file .claude/settings.json"),
        Some(Example::File(".claude/settings.json".into()))
    );
    assert_eq!(
        example("example: output of hookrun list"),
        Some(Example::Output("hookrun list".into()))
    );
    assert_eq!(
        example("recipe: claude .claude/settings.json"),
        Some(Example::Recipe("claude".into()))
    );
    assert_eq!(
        example("example: not run: it builds hookrun"),
        Some(Example::NotRun("it builds hookrun".into()))
    );
    assert_eq!(example("example: guessed"), None);
    assert_eq!(example("a comment"), None);
}

#[test]
fn every_example_in_the_readme_and_the_book_runs_as_shown() {
    let mut failures = Vec::new();
    let mut run = 0;
    for page in pages() {
        let blocks = blocks(&page);
        if blocks.is_empty() {
            continue;
        }
        let project = Project::new();
        for block in &blocks {
            let Some(example) = block.marker.as_deref().and_then(example) else {
                failures.push(format!(
                    "{}: no `<!-- example: … -->` marker on the line before the block",
                    block.place
                ));
                continue;
            };
            if !matches!(example, Example::NotRun(_) | Example::Recipe(_)) {
                run += 1;
            }
            if let Err(why) = check(block, example, &project) {
                failures.push(format!("{}: {why}", block.place));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(run >= 10, "the examples run: {run}");
}
