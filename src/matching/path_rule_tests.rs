//! Table-driven tests of file-path rule specs (the book, "Matching").

use super::*;

const PROJECT: &str = "/work/proj";
const HOME: &str = "/home/u";

/// `(spec, file, expected)` with the project at [`PROJECT`] and home at [`HOME`].
fn assert_paths(rows: &[(&str, &str, bool)]) {
    for &(spec, file, expected) in rows {
        let pattern = PathPattern::parse(spec);
        let glob = pattern.compile().expect(spec);
        assert_eq!(
            pattern.matches(&glob, file, Path::new(PROJECT), Some(Path::new(HOME))),
            expected,
            "spec {spec:?} vs file {file:?} ({pattern:?})"
        );
    }
}

#[test]
fn double_star_crosses_directories() {
    assert_paths(&[
        ("src/**/*.ts", "/work/proj/src/a.ts", true),
        ("src/**/*.ts", "/work/proj/src/x/a.ts", true),
        ("src/**/*.ts", "/work/proj/src/x/y/z/a.ts", true),
        ("src/**/*.ts", "/work/proj/lib/a.ts", false),
        ("src/**/*.ts", "/elsewhere/src/a.ts", false),
        ("src/**", "/work/proj/src/deep/file", true),
    ]);
}

#[test]
fn single_star_stays_in_segment() {
    assert_paths(&[
        ("src/*.ts", "/work/proj/src/a.ts", true),
        ("src/*.ts", "/work/proj/src/x/a.ts", false),
        ("src/*", "/work/proj/src/x/a.ts", false),
        ("src/?.ts", "/work/proj/src/a.ts", true),
    ]);
}

#[test]
fn leading_slash_is_project_relative() {
    assert_paths(&[
        ("/src/*.ts", "/work/proj/src/a.ts", true),
        ("/src/*.ts", "/src/a.ts", false),
        ("/.env", "/work/proj/.env", true),
        ("/.env", "/work/proj/sub/.env", false),
        ("/", "/work/proj/any/thing", true),
        ("/", "/work/other/thing", false),
    ]);
}

#[test]
fn double_slash_is_absolute() {
    assert_paths(&[
        ("//etc/passwd", "/etc/passwd", true),
        ("//etc/passwd", "/work/proj/etc/passwd", false),
        ("//tmp/**", "/tmp/a/b", true),
        ("//tmp/*", "/tmp/a/b", false),
    ]);
}

#[test]
fn tilde_is_home() {
    assert_paths(&[
        ("~/.ssh/*", "/home/u/.ssh/id_rsa", true),
        ("~/.ssh/*", "/work/proj/.ssh/id_rsa", false),
        ("~/.zshrc", "/home/u/.zshrc", true),
    ]);
    let pattern = PathPattern::parse("~/.zshrc");
    let glob = pattern.compile().unwrap();
    assert!(!pattern.matches(&glob, "/home/u/.zshrc", Path::new(PROJECT), None));
}

#[test]
fn bare_and_dot_paths_are_project_relative() {
    assert_paths(&[
        ("./src/*.ts", "/work/proj/src/a.ts", true),
        ("src/a.ts", "/work/proj/src/a.ts", true),
        ("src/a.ts", "/work/proj/x/src/a.ts", false),
        ("../shared/*.md", "/work/shared/notes.md", true),
        ("../shared/*.md", "/work/proj/shared/notes.md", false),
    ]);
}

#[test]
fn name_without_slash_matches_in_any_directory() {
    assert_paths(&[
        ("*.env", "/work/proj/.env", true),
        ("*.env", "/work/proj/config/prod.env", true),
        ("*.env", "/etc/app.env", true),
        ("*.env", "/work/proj/env", false),
        (".env", "/work/proj/.env", true),
        (".env", "/work/proj/sub/.env", true),
        (".env", "/work/proj/.env.local", false),
        ("Cargo.{toml,lock}", "/work/proj/Cargo.lock", true),
        ("Cargo.{toml,lock}", "/work/proj/crate/Cargo.toml", true),
        ("Cargo.{toml,lock}", "/work/proj/Cargo.json", false),
    ]);
}

#[test]
fn trailing_slash_means_directory_contents() {
    assert_paths(&[
        ("docs/", "/work/proj/docs/a.md", true),
        ("docs/", "/work/proj/x/docs/y/z.md", true),
        ("/docs/", "/work/proj/docs/a/b.md", true),
        ("/docs/", "/work/proj/x/docs/a.md", false),
    ]);
}

#[test]
fn file_paths_are_resolved_and_normalised() {
    assert_paths(&[
        ("src/*.ts", "src/a.ts", true),
        ("src/*.ts", "./src/a.ts", true),
        ("src/*.ts", "/work/proj/./src/a.ts", true),
        ("secrets/*", "/work/proj/src/../secrets/key", true),
        ("src/*", "/work/proj/src/../secrets/key", false),
        ("secrets/*", "lib/../../proj/secrets/key", true),
    ]);
}

#[test]
fn parse_splits_anchor_and_glob() {
    let rows: &[(&str, Base, usize, &str)] = &[
        ("src/**/*.ts", Base::Project, 0, "src/**/*.ts"),
        ("/src/*.ts", Base::Project, 0, "src/*.ts"),
        ("./src/*.ts", Base::Project, 0, "src/*.ts"),
        ("../../x/*", Base::Project, 2, "x/*"),
        ("//etc/*", Base::Root, 0, "/etc/*"),
        ("~/.ssh/*", Base::Home, 0, ".ssh/*"),
        ("*.env", Base::Root, 0, "**/*.env"),
        ("build/", Base::Root, 0, "**/build/**"),
        ("/", Base::Project, 0, "**"),
        (" src/a ", Base::Project, 0, "src/a"),
    ];
    for &(spec, base, up, glob) in rows {
        let expected = PathPattern {
            base,
            up,
            glob: glob.to_owned(),
        };
        assert_eq!(PathPattern::parse(spec), expected, "{spec:?}");
    }
}

#[test]
fn invalid_glob_is_reported() {
    let error = PathPattern::parse("src/{a,b").compile().unwrap_err();
    assert!(error.contains("unclosed"), "{error}");
}

#[test]
fn normalize_is_lexical() {
    let rows: &[(&str, &str)] = &[
        ("/a/./b/../c", "/a/c"),
        ("/../a", "/a"),
        ("a/../../b", "../b"),
        ("./a", "a"),
        ("/a/b/", "/a/b"),
    ];
    for &(path, expected) in rows {
        assert_eq!(normalize(Path::new(path)), Path::new(expected), "{path}");
    }
}
