//! The machine-readable reports of `hookrun test`: JSON (one document), JUnit XML (one
//! `<testsuite>` per test file, `<failure>` per failed test, `<error>` for a bad file) and TAP 14
//! (`1..N`, `ok`/`not ok`, a YAML block with the mismatches).

use std::fmt::Write as _;

use serde_json::json;

use super::CaseResult;
use crate::config::diagnostics::Diagnostic;

type BadFiles = [(String, Vec<Diagnostic>)];

pub(super) fn json(results: &[CaseResult], bad: &BadFiles, passed: usize, failed: usize) -> String {
    let errors: Vec<&Diagnostic> = bad
        .iter()
        .flat_map(|(_, d)| d)
        .filter(|d| d.is_error())
        .collect();
    let document = json!({
        "passed": passed,
        "failed": failed,
        "tests": results,
        "errors": errors,
    });
    format!("{document}\n")
}

pub(super) fn junit(results: &[CaseResult], bad: &BadFiles) -> String {
    let failures = results.iter().filter(|r| !r.passed).count();
    let total_ms: u64 = results.iter().map(|r| r.duration_ms).sum();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"hookrun\" tests=\"{}\" failures=\"{failures}\" errors=\"{}\" time=\"{}\">",
        results.len() + bad.len(),
        bad.len(),
        seconds(total_ms)
    );
    let mut files: Vec<&str> = results.iter().map(|r| r.file.as_str()).collect();
    files.dedup();
    for file in files {
        let cases: Vec<&CaseResult> = results.iter().filter(|r| r.file == file).collect();
        let failed = cases.iter().filter(|r| !r.passed).count();
        let ms: u64 = cases.iter().map(|r| r.duration_ms).sum();
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failed}\" errors=\"0\" time=\"{}\">",
            xml(file),
            cases.len(),
            seconds(ms)
        );
        for case in cases {
            let _ = write!(
                out,
                "    <testcase name=\"{}\" classname=\"{}\" time=\"{}\"",
                xml(&case.name),
                xml(file),
                seconds(case.duration_ms)
            );
            if case.passed {
                out.push_str("/>\n");
                continue;
            }
            let _ = writeln!(
                out,
                ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>",
                xml(&summary(case)),
                xml(&details(case))
            );
        }
        out.push_str("  </testsuite>\n");
    }
    for (file, diagnostics) in bad {
        let text: Vec<String> = diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(ToString::to_string)
            .collect();
        let first = diagnostics
            .iter()
            .find(|d| d.is_error())
            .map_or_else(String::new, |d| format!("{}: {}", d.position(), d.message));
        let _ = writeln!(
            out,
            "  <testsuite name=\"{0}\" tests=\"1\" failures=\"0\" errors=\"1\" time=\"0\">\n    <testcase name=\"(load)\" classname=\"{0}\" time=\"0\">\n      <error message=\"{1}\">{2}</error>\n    </testcase>\n  </testsuite>",
            xml(file),
            xml(&first),
            xml(&text.join("\n\n"))
        );
    }
    out.push_str("</testsuites>\n");
    out
}

pub(super) fn tap(results: &[CaseResult], bad: &BadFiles) -> String {
    let mut out = format!("TAP version 14\n1..{}\n", results.len() + bad.len());
    for (number, case) in results.iter().enumerate() {
        let status = if case.passed { "ok" } else { "not ok" };
        let name = format!("{} › {}", case.file, case.name).replace('#', "\\#");
        let _ = writeln!(
            out,
            "{status} {} - {name} # time={}ms",
            number + 1,
            case.duration_ms
        );
        if !case.passed {
            let _ = writeln!(out, "  ---\n  message: {}", quote(&summary(case)));
            out.push_str("  mismatches:\n");
            for m in &case.mismatches {
                let _ = writeln!(
                    out,
                    "    - field: {}\n      expected: {}\n      actual: {}",
                    quote(&m.field),
                    quote(&m.expected),
                    quote(&m.actual)
                );
            }
            if !case.stderr.is_empty() {
                let _ = writeln!(out, "  stderr: {}", quote(&case.stderr));
            }
            out.push_str("  ...\n");
        }
    }
    for (index, (file, diagnostics)) in bad.iter().enumerate() {
        let number = results.len() + index + 1;
        let _ = writeln!(
            out,
            "not ok {number} - {} (invalid test file)",
            file.replace('#', "\\#")
        );
        out.push_str("  ---\n  errors:\n");
        for d in diagnostics.iter().filter(|d| d.is_error()) {
            let _ = writeln!(
                out,
                "    - {}",
                quote(&format!("{}: {}", d.position(), d.message))
            );
        }
        out.push_str("  ...\n");
    }
    out
}

fn summary(case: &CaseResult) -> String {
    let parts: Vec<String> = case
        .mismatches
        .iter()
        .map(|m| format!("{}: expected {}, actual {}", m.field, m.expected, m.actual))
        .collect();
    parts.join("; ")
}

fn details(case: &CaseResult) -> String {
    let mut out = summary(case).replace("; ", "\n");
    if !case.stderr.is_empty() {
        let _ = write!(out, "\nstderr of fire:\n{}", case.stderr);
    }
    out
}

fn seconds(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// Text escaped for an XML attribute or element.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}

/// A YAML double-quoted scalar (JSON string syntax is a subset of it).
fn quote(text: &str) -> String {
    serde_json::Value::String(text.to_owned()).to_string()
}
