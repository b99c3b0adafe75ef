//! The walls of the house, as a test. hookrun is a pipeline — sources → model → plan → run →
//! verdict → merge → output — with the dialects beside it, and each top-level module of `src/` has
//! a place in [`LAYERS`]. A module may import (`crate::…`) only from modules of a lower layer or
//! from inside its own top-level module; within a top-level module, files may not import each
//! other in a circle. The runner imports nothing of the crate at all: it runs plain jobs.
//!
//! Test code (`*_tests.rs` files, and everything after a file's first `#[cfg(test)]`) may build
//! its inputs from any layer and is not checked.
//!
//! The wall between the core and the agents: outside `dialects/` (and `serve`, `wasm`, `llm`), no
//! code names an agent ([`the_core_names_no_agent`]), save the few lines of [`NAMES_AN_AGENT`].

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The top-level modules of `src/`, lowest first. One module per layer: two modules of one
/// layer could import each other in a circle.
const LAYERS: &[&str] = &[
    // Leaves: constants, a clock, messages to stderr, the unit tests' generator.
    "test_rng",
    "exit",
    "timestamp",
    "stderr",
    // Finding the companion programs (`hookrun-wasm`, `hookrun-serve`).
    "companion",
    // Reading files and the event payload: formats, positions, diagnostics.
    "config",
    "payload",
    // hookrun's one HTTP client, and asking a model with it (prompt and agent hooks): they
    // know nothing of hooks, so the model's `[llm]` table can name the provider settings.
    "net",
    "llm",
    // Pure matching: matchers, targets, `if` rules.
    "matching",
    // Built-in guards (`guard = "rm-rf"`): pure checks of an event's shell command.
    "guard",
    // Editing an agent's own file for `install`: order-keeping JSON, block YAML lines, atomic
    // writes, and the `Installer` interface the dialects implement.
    "install",
    // The one model: hooks, sources, the answer vocabulary, the dialect interface.
    "model",
    // Each agent's knowledge, behind the interface; the registry.
    "dialects",
    // The pipeline.
    "sources",
    // Which project files the user trusted.
    "trust",
    // What a load produced, kept for the next event.
    "cache",
    "plan",
    "runner",
    "verdict",
    "execute",
    "merge",
    "output",
    // The one fire: plan, trust gate, execute, merge (`fire` and `serve` call it).
    "engine",
    // Tools over the pipeline.
    "validate",
    "testfile",
    "schema",
    // Editing hooks in the agents' files (`hookrun hooks`): locked, validated, atomic edits.
    "edit",
    // Finding the companion programs (hookrun-serve, hookrun-wasm) a subcommand runs.
    "companion",
    // The command line, the error type, the subcommands.
    "cli",
    "command_line",
    "error",
    "commands",
    // `hookrun serve` (feature `serve`): the HTTP server over the subcommands' and the edit
    // layer's functions.
    "serve",
    // `hookrun-wasm`'s library (feature `plugins`): plugin hooks in a wasmtime sandbox.
    "wasm",
    // Entry points for the fuzz targets in fuzz/: they reach any parser.
    "fuzzing",
    // lib.rs: main and run.
    "",
    // The companion programs' `main` (src/bin/): one call into the library each.
    "bin",
];

/// Modules that may import nothing of the crate.
const SEALED: &[&str] = &["runner", "exit", "timestamp", "stderr", "test_rng"];

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/a/b.rs` → `a::b`; `src/a/mod.rs` → `a`; `src/lib.rs` → ``.
fn module_of(path: &Path) -> String {
    let rel = path.strip_prefix(src_dir()).expect("under src/");
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts.join("::")
}

/// Every `crate::a::b…` path the non-test code of `text` names, `use crate::{a, b::c}` groups
/// included, each as its list of segments.
fn crate_paths(text: &str) -> Vec<Vec<String>> {
    let mut code = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        let line = line.split("//").next().unwrap_or("");
        code.push_str(line);
        code.push('\n');
    }
    let mut paths = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `$crate::`, `hookrun_crate::`
        }
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let segments = segments(item.trim());
                if !segments.is_empty() {
                    paths.push(segments);
                }
            }
            continue;
        }
        paths.push(segments(rest));
    }
    paths
}

/// The leading `a::b::c` of `text`, as segments.
fn segments(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in text.split("::") {
        let word: String = part
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if word.is_empty() {
            break;
        }
        let whole = word.len() == part.len();
        out.push(word);
        if !whole {
            break;
        }
    }
    out
}

/// The longest known module that `path` starts with.
fn module_named(path: &[String], modules: &BTreeSet<String>) -> String {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].join("::"))
        .find(|m| modules.contains(m))
        .unwrap_or_default()
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap_or("")
}

fn is_test_file(path: &Path) -> bool {
    path.file_stem()
        .is_some_and(|s| s.to_string_lossy().ends_with("_tests"))
}

/// Module → the modules it imports, for every non-test file of `src/`.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(&src_dir(), &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(f)).collect();
    let mut graph = BTreeMap::new();
    for file in files.iter().filter(|f| !is_test_file(f)) {
        let text = fs::read_to_string(file).expect("a source file is readable");
        let targets = crate_paths(&text)
            .iter()
            .map(|path| module_named(path, &modules))
            .collect();
        graph.insert(module_of(file), targets);
    }
    graph
}

#[test]
fn every_top_level_module_has_a_layer() {
    let graph = imports();
    let tops: BTreeSet<&str> = graph.keys().map(|m| top(m)).collect();
    let missing: Vec<&str> = tops
        .into_iter()
        // main.rs and the companions' src/bin/*.rs are crate roots of their own.
        .filter(|t| !LAYERS.contains(t) && *t != "main" && *t != "bin")
        .collect();
    assert!(
        missing.is_empty(),
        "modules without a layer in tests/it/layers.rs: {missing:?}"
    );
}

#[test]
fn no_module_imports_from_a_higher_layer() {
    let rank = |module: &str| LAYERS.iter().position(|l| *l == top(module));
    let mut upward = Vec::new();
    for (module, targets) in imports() {
        let Some(own) = rank(&module) else { continue };
        for target in targets {
            if top(&target) == top(&module) {
                continue;
            }
            if SEALED.contains(&top(&module)) {
                upward.push(format!("{module} → {target} (the module imports nothing)"));
            } else if rank(&target).is_none_or(|r| r >= own) {
                upward.push(format!("{module} → {target}"));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports against the layers:\n{}",
        upward.join("\n")
    );
}

/// Files of one module that define types naming each other, with why: the only circles allowed.
const MUTUAL: &[(&str, &str, &str)] = &[(
    "model::hook",
    "model::dialect",
    "a hook names its dialect, and the dialect's methods take the hook",
)];

#[test]
fn no_import_circles_inside_a_module() {
    // An edge to an enclosing module is how a child reaches what its parent re-exports; an edge
    // to a module it encloses is how a parent re-exports. Neither is a circle between rooms.
    let related = |a: &str, b: &str| {
        a == b
            || a.starts_with(&format!("{b}::"))
            || b.starts_with(&format!("{a}::"))
            || b.is_empty()
    };
    let graph = imports();
    let edges: BTreeMap<&str, Vec<&str>> = graph
        .iter()
        .map(|(module, targets)| {
            let out = targets
                .iter()
                .map(String::as_str)
                .filter(|t| top(t) == top(module) && !related(module, t))
                .filter(|t| {
                    !MUTUAL
                        .iter()
                        .any(|(a, b, _)| (module == a && t == b) || (module == b && t == a))
                })
                .collect();
            (module.as_str(), out)
        })
        .collect();
    let mut done = BTreeSet::new();
    for node in edges.keys() {
        let mut stack = Vec::new();
        if let Some(circle) = visit(node, &edges, &mut stack, &mut done) {
            panic!("import circle: {}", circle.join(" → "));
        }
    }
}

/// Depth-first search for a back edge: the circle it closes, if any.
fn visit<'a>(
    node: &'a str,
    edges: &BTreeMap<&'a str, Vec<&'a str>>,
    stack: &mut Vec<&'a str>,
    done: &mut BTreeSet<&'a str>,
) -> Option<Vec<&'a str>> {
    if let Some(at) = stack.iter().position(|n| *n == node) {
        let mut circle = stack[at..].to_vec();
        circle.push(node);
        return Some(circle);
    }
    if !done.insert(node) {
        return None;
    }
    stack.push(node);
    for next in edges.get(node).into_iter().flatten() {
        if let Some(circle) = visit(next, edges, stack, done) {
            return Some(circle);
        }
    }
    stack.pop();
    None
}

#[test]
fn the_runner_and_matching_name_no_dialect() {
    let mut files = Vec::new();
    rust_files(&src_dir().join("runner"), &mut files);
    rust_files(&src_dir().join("matching"), &mut files);
    let mut named = Vec::new();
    for file in files.iter().filter(|f| !is_test_file(f)) {
        let text = fs::read_to_string(file).expect("readable");
        for needle in ["Dialect", "dialects::", "EventSelector", "Hook"] {
            let code: String = text
                .lines()
                .take_while(|l| !l.trim_start().starts_with("#[cfg(test)]"))
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            if code.contains(needle) {
                named.push(format!("{}: {needle}", module_of(file)));
            }
        }
    }
    assert!(named.is_empty(), "{named:?}");
}

#[test]
fn the_scanner_reads_grouped_and_plain_paths() {
    let text = "use crate::a::b::{C, D};\nuse crate::{x::y, z};\nlet v = crate::q::r(1); // crate::no\n#[cfg(test)]\nuse crate::t;";
    let paths: Vec<String> = crate_paths(text).iter().map(|p| p.join("::")).collect();
    assert_eq!(paths, ["a::b", "x::y", "z", "q::r"]);
}

/// The agents hookrun speaks for, as words (an identifier's parts, a string's words): every
/// dialect folder's name (so a new agent joins the wall by being added), and the other words
/// agents go by.
fn agents() -> Vec<String> {
    const OTHER_NAMES: &[&str] = &["praisonai", "goose", "tabnine", "mistral"];
    let dialects = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/dialects");
    let mut names: Vec<String> = std::fs::read_dir(dialects)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| name != "hookrun")
        .collect();
    names.extend(OTHER_NAMES.iter().map(|name| (*name).to_owned()));
    names
}

/// The top-level modules whose code may name agents, with why.
const AGENT_MODULES: &[(&str, &str)] = &[
    (
        "dialects",
        "each agent's knowledge, behind the dialect interface",
    ),
    (
        "serve",
        "`hookrun serve` carries PRX's event bus and its names",
    ),
    ("wasm", "runs PRX's WASM plugins against PRX's `hook` world"),
    (
        "llm",
        "names the model providers, one of which is also an agent's maker",
    ),
];

/// Lines of the core that name an agent all the same: (file under `src/`, text on the line, why).
const NAMES_AN_AGENT: &[(&str, &str, &str)] = &[
    (
        "validate/plugin.rs",
        "",
        "validate's checks of WASM plugins, which only PRX has, say what PRX refuses",
    ),
    (
        "execute/job.rs",
        "CLAUDE_PROJECT_DIR",
        "an exec form's `${CLAUDE_PROJECT_DIR}` is replaced in every dialect's hooks (copied ones)",
    ),
];

/// `line` without a trailing `//` comment (one outside a string literal).
fn code_of(line: &str) -> &str {
    let mut in_string = false;
    let mut escaped = false;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
        } else if c == '/' && previous == '/' {
            return &line[..at - 1];
        }
        previous = c;
    }
    line
}

/// The words of `code`: each run of letters and digits, and the parts of a camelCase one.
fn words(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for run in code
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|r| !r.is_empty())
    {
        out.push(run.to_ascii_lowercase());
        let mut part = String::new();
        let mut previous_lower = false;
        for c in run.chars() {
            if c.is_ascii_uppercase() && previous_lower {
                out.push(std::mem::take(&mut part).to_ascii_lowercase());
            }
            previous_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
            part.push(c);
        }
        out.push(part.to_ascii_lowercase());
    }
    out
}

/// Every line of the core's code (comments aside) that names an agent, as `file:line: text`.
fn agents_named() -> Vec<String> {
    let agents = agents();
    let mut files = Vec::new();
    rust_files(&src_dir(), &mut files);
    let mut named = Vec::new();
    for file in files.iter().filter(|f| !is_test_file(f)) {
        let rel = file
            .strip_prefix(src_dir())
            .expect("under src/")
            .to_string_lossy()
            .into_owned();
        if AGENT_MODULES
            .iter()
            .any(|(module, _)| top(&module_of(file)) == *module)
        {
            continue;
        }
        let text = fs::read_to_string(file).expect("readable");
        for (number, line) in text.lines().enumerate() {
            let code = code_of(line);
            if code.trim().is_empty()
                || !words(code).iter().any(|w| agents.contains(w))
                || NAMES_AN_AGENT
                    .iter()
                    .any(|(f, needle, _)| *f == rel && line.contains(needle))
            {
                continue;
            }
            named.push(format!("src/{rel}:{}: {}", number + 1, line.trim()));
        }
    }
    named
}

/// Outside the dialects' modules (and `serve`, `wasm` and `llm`), no code names an agent: not a
/// `dialects::<agent>` module, not a dialect's constant, not an agent's name in a string or an
/// identifier. What the core needs of an agent it asks the agent's dialect. Comments may name
/// agents (they say where a rule comes from), and so may the `*_tests.rs` files, which use real
/// dialects as the core's fixtures; the inline tests of core files may not.
#[test]
fn the_core_names_no_agent() {
    let named = agents_named();
    assert!(
        named.is_empty(),
        "core code naming an agent (ask its dialect, or add to NAMES_AN_AGENT with a reason):\n{}",
        named.join("\n")
    );
}

#[test]
fn the_agent_scanner_reads_words_strings_and_identifiers_but_not_comments() {
    assert_eq!(
        code_of(r#"let x = "a // b"; // c"#),
        r#"let x = "a // b"; "#
    );
    let agents = agents();
    let found = |code: &str| words(code).iter().any(|w| agents.contains(w));
    assert!(found("crate::dialects::CLAUDE"));
    assert!(found("crate::dialects::prx::topic"));
    assert!(found("let path = \".claude/settings.json\";"));
    assert!(found("fn read_gemini_keys()"));
    assert!(found("struct CopilotOutput;"));
    assert!(found("\"ProxyAI\""));
    assert!(found("PRX_BLOCKED_ENV"));
    assert!(!found("let cursors = proximity;"));
    assert!(!found(code_of("let x = 1; // PRX's rule")));
}
