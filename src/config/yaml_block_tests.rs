//! The block-subset reader against serde-saphyr: wherever it answers, serde-saphyr reads the same
//! tree; and the RuntimeConfig files hookrun ships and benchmarks take it.

use std::fmt::Write as _;

use serde_json::json;

use super::parse;
use crate::config::tree::Node;
use crate::config::yaml::parse_general;
use crate::test_rng::Rng;

/// The subset reader's tree for `text`, checked against serde-saphyr's reading when it has one.
fn agrees(text: &str) -> Option<Node<'_>> {
    let fast = parse(text)?;
    match parse_general("t.yaml", text) {
        Ok(general) => assert_eq!(fast, general, "the two readings differ for:\n{text}"),
        Err(error) => panic!("serde-saphyr refuses what the subset reader read:\n{text}\n{error}"),
    }
    Some(fast)
}

fn read(text: &str) -> serde_json::Value {
    agrees(text)
        .unwrap_or_else(|| panic!("not read by the subset reader:\n{text}"))
        .to_value()
}

#[test]
fn shipped_and_benchmarked_runtime_configs_take_the_subset_reader() {
    let fixture = include_str!("../../fixtures/promptkit/runtime.yaml");
    let root = read(fixture);
    assert_eq!(root["spec"]["providers"][0]["model"], "gpt-4o-mini");
    assert_eq!(
        root["spec"]["hooks"]["tool-guard"]["env"],
        json!(["BLOCKED_TOOLS=exec,delete_file"])
    );
    let mut generated = String::from("apiVersion: promptkit.altairalabs.ai/v1alpha1\n");
    generated.push_str("kind: RuntimeConfig\nmetadata:\n  name: bench\nspec:\n  hooks:\n");
    for n in 0..12 {
        write!(
            generated,
            "    promptkit-{n}:\n      command: /bin/true\n      args: [\"promptkit-{n}\"]\n      \
             hook: tool\n      phases: [before_execution]\n      mode: observe\n      \
             timeout_ms: 5000\n"
        )
        .unwrap();
    }
    let root = read(&generated);
    assert_eq!(root["spec"]["hooks"]["promptkit-11"]["timeout_ms"], 5000);
}

#[test]
fn block_forms_read_as_yaml_reads_them() {
    assert_eq!(
        read("a:\n- x\n- z\nb:\n  - - 1\n    - 2\n  -\n  - k: v\n    l:\n"),
        json!({"a": ["x", "z"], "b": [[1, 2], null, {"k": "v", "l": null}]})
    );
    assert_eq!(
        read(
            "# top\nk: 'a # b'   # c\nq: \"x: y\"\nf: [ a , \"b c\" , 3 ] # c\ne: {}\nu: ./x.sh\n"
        ),
        json!({"k": "a # b", "q": "x: y", "f": ["a", "b c", 3], "e": {}, "u": "./x.sh"})
    );
    assert_eq!(
        read(
            "m: -12\nz: 0\nt: True\nf: FALSE\nx: ~\nu: Null\ns: yes-no\nh: a#b\nw: echo {a}, [b]\n"
        ),
        json!({"m": -12, "z": 0, "t": true, "f": false, "x": null, "u": null, "s": "yes-no",
               "h": "a#b", "w": "echo {a}, [b]"})
    );
}

#[test]
fn anything_outside_the_subset_goes_to_serde_saphyr() {
    for text in [
        "a: &x 1\nb: *x\n",
        "a: !!str 5\n",
        "a: |\n  text\n",
        "a: \"esc\\n\"\n",
        "a: 'it''s'\n",
        "a: plain\n  continued\n",
        "a: 1\na: 2\n",
        "a: 0x1F\n",
        "a: 1.5\n",
        "a: 007\n",
        "a: .inf\n",
        "a: yes\n",
        "y: 1\n",
        "\"quoted key\": 1\n",
        "a b: 1\n",
        "---\na: 1\n",
        "a:\tb\n",
        "a: é\n",
        "a: [x, [y]]\n",
        "a: {b: 1}\n",
        "a: b: c\n",
        "- a\nb: 1\n",
        "a:\n  - x\n  b: 1\n",
        "",
        "# only a comment\n",
        "plain\n",
    ] {
        assert!(parse(text).is_none(), "read by the subset reader:\n{text}");
    }
}

#[test]
fn deep_nesting_goes_to_serde_saphyr() {
    let mut text = String::new();
    for depth in 0..40 {
        text.push_str(&" ".repeat(depth));
        text.push_str("a:\n");
    }
    assert!(parse(&text).is_none());
    assert!(parse_general("deep.yaml", &text).is_ok());
}

/// Keys and scalars inside the subset, and others that are not or might not be.
const KEYS: &[&str] = &[
    "a",
    "b",
    "spec",
    "hooks",
    "timeout_ms",
    "x-y",
    "k.1",
    "p/q",
    "_u",
    "Key",
];
const ODD_KEYS: &[&str] = &[
    "a", "null", "Null", "y", "on", "True", "1", "\"q\"", "'q'", "a b", "? a", "<<", "-k", "k:x",
];

const SCALARS: &[&str] = &[
    "5000",
    "0",
    "-0",
    "-1",
    "999999999999999999",
    "-999999999999999999",
    "true",
    "True",
    "TRUE",
    "false",
    "~",
    "null",
    "NULL",
    "\"\"",
    "''",
    "\"a b\"",
    "\"a: b # c\"",
    "'x # y'",
    "./hooks/x.sh",
    "../x",
    "/bin/true",
    "a",
    "echo {a}",
    "x:y",
    "http://h/p",
    "a#c",
    "[a, b]",
    "[]",
    "[ ]",
    "[1, \"2\", '3', true, ~, -4]",
    "{}",
    "{ }",
    "[a] # c",
    "a ,b",
    "'a' # c",
    "\"x\"  # c",
    "plain text here",
    "a #c",
    "yes-no",
    "a-",
    "a:b:c",
    "?x",
    ":x",
    "[a,b]",
    "[ a ]",
    "it's",
    "say \"hi\"",
    "a  b",
    "[a b, -1]",
    "{ } # c",
    "Yes-2",
    "x.5",
];
const ODD_SCALARS: &[&str] = &[
    "007",
    "-007",
    "1.5",
    "1e3",
    ".5",
    "+5",
    "0x1F",
    "0o7",
    "1_000",
    "18446744073709551615",
    "18446744073709551616",
    "1000000000000000000",
    "-9223372036854775808",
    "tRue",
    "yes",
    "No",
    "off",
    "y",
    "n",
    "nUll",
    "'it''s'",
    "\"esc\\n\"",
    ".inf",
    "-.inf",
    ".NaN",
    "inf",
    "NaN",
    ".hidden",
    "_x",
    "a: b",
    "a:",
    "&anc x",
    "*ali",
    "!!str 5",
    "!t x",
    "|",
    ">",
    "`x`",
    "@x",
    "%x",
    "-x",
    "- x",
    "? x",
    "-",
    "[a, [b]]",
    "[a, ]",
    "[a,,b]",
    "{a: 1}",
    "[a # c]",
    "\"unterminated",
    "'unterm",
    "\"a\"b",
    "[a] x",
    "[a]#x",
    "é",
    "a\tb",
    "2024-01-01",
    "1:2",
    "|-",
    "[- a]",
    "--x",
    "'a'b'",
    "\"two",
    "a\r",
    "0.",
    "-.5",
    "+.inf",
    "1e",
    "0b1",
];

impl Rng {
    fn key(&mut self) -> &'static str {
        if self.below(8) == 0 {
            self.pick(ODD_KEYS)
        } else {
            self.pick(KEYS)
        }
    }

    fn scalar(&mut self) -> &'static str {
        if self.below(6) == 0 {
            self.pick(ODD_SCALARS)
        } else {
            self.pick(SCALARS)
        }
    }
}

/// A block node at `indent` as lines, sometimes malformed on purpose.
fn block(rng: &mut Rng, indent: usize, depth: usize, out: &mut Vec<String>) {
    let pad = " ".repeat(indent);
    let sequence = rng.below(10) < 3;
    for _ in 0..=rng.below(3) {
        let head = if sequence {
            format!("{pad}-")
        } else {
            format!("{pad}{}:", rng.key())
        };
        match rng.below(if depth >= 3 { 2 } else { 5 }) {
            0 => out.push(format!("{head} {}", rng.scalar())),
            1 => out.push(head),
            2 => {
                out.push(head);
                let deeper = indent + [1, 2, 4][rng.below(3)];
                block(rng, deeper, depth + 1, out);
            }
            3 if sequence => {
                // A compact mapping or sequence on the item's own line.
                let mut inner = Vec::new();
                block(rng, indent + 2, depth + 1, &mut inner);
                let first = inner[0].trim_start().to_owned();
                out.push(format!("{head} {first}"));
                out.extend(inner.into_iter().skip(1));
            }
            _ => {
                // A sequence aligned with its key (or, in a sequence, a nested one).
                out.push(head);
                let mut inner = Vec::new();
                block(rng, indent, depth + 1, &mut inner);
                out.extend(inner);
            }
        }
    }
}

/// A generated document: a block tree with comments, blank lines, trailing blanks and shifted
/// lines sprinkled in.
fn document(rng: &mut Rng) -> String {
    let mut lines = Vec::new();
    let indent = [0, 0, 0, 2][rng.below(4)];
    block(rng, indent, 0, &mut lines);
    let mut text = String::new();
    for line in lines {
        match rng.below(40) {
            0 => text.push_str("# comment\n"),
            1 => text.push('\n'),
            2 => text.push(' '),
            3 => text.push_str("  # indented comment\n"),
            _ => {}
        }
        text.push_str(&line);
        match rng.below(30) {
            0 => text.push_str("  "),
            1 => text.push_str(" # trailing"),
            _ => {}
        }
        text.push('\n');
    }
    text
}

#[test]
fn subset_reader_agrees_with_serde_saphyr_on_generated_documents() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut read, mut total) = (0, 0);
    for _ in 0..20_000 {
        let text = document(&mut rng);
        total += 1;
        if agrees(&text).is_some() {
            read += 1;
        }
    }
    // The generator is tuned so that a good share lies inside the subset: the comparison must
    // not be vacuous.
    eprintln!("{read} of {total} generated documents read by the subset reader");
    assert!(
        read * 4 >= total,
        "only {read} of {total} documents were read"
    );
}
