use super::*;

fn file(dir: &Path, rel: &str, dialect: Dialect, text: Option<&str>) -> HookFile {
    let path = dir.join(rel);
    if let Some(text) = text {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
    }
    HookFile {
        path,
        display: rel.to_owned(),
        dialect,
        level: Level::Project,
        project_dir: dir.to_path_buf(),
    }
}

fn add(event: &str, words: &[&str]) -> Change {
    Change {
        event: Some(event.to_owned()),
        command: Some(words.iter().map(|w| (*w).to_owned()).collect()),
        ..Change::default()
    }
}

#[test]
fn a_claude_hook_goes_in_a_group_of_its_own_and_leaves_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let original = "{\n  \"model\": \"x\",\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"a\"}]}]\n  }\n}\n";
    let f = file(
        dir.path(),
        ".claude/settings.json",
        crate::dialects::CLAUDE,
        Some(original),
    );
    let mut session = f.open(None).unwrap();
    let mut change = add("PreToolUse", &["./check.sh", "two words"]);
    change.matcher = Some("Bash".to_owned());
    change.timeout = Some(Duration::from_secs(5));
    let added = session.add(&change).unwrap();
    drop(session);
    let listing = f.list().unwrap();
    let hook = listing.hooks.iter().find(|h| h.id == added.id).unwrap();
    assert_eq!(hook.command, "./check.sh 'two words'");
    assert_eq!(hook.matcher.as_deref(), Some("Bash"));
    assert_eq!(hook.timeout_ms, Some(5000));
    f.open(Some(&listing.version))
        .unwrap()
        .remove(&added.id)
        .unwrap();
    assert_eq!(std::fs::read_to_string(&f.path).unwrap(), original);
}

#[test]
fn a_stale_version_is_a_conflict_and_fields_of_other_dialects_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = file(
        dir.path(),
        ".cursor/hooks.json",
        crate::dialects::CURSOR,
        Some("{\"version\": 1}"),
    );
    let stale = Version::of(Some(b"{}"));
    assert!(matches!(
        f.open(Some(&stale)),
        Err(EditError::Conflict { .. })
    ));
    let mut change = add("stop", &["x"]);
    change.stdin_json = Some(true);
    let refused = f.open(None).unwrap().add(&change);
    assert!(
        matches!(refused, Err(EditError::Unsupported { .. })),
        "{refused:?}"
    );
    assert_eq!(
        std::fs::read_to_string(&f.path).unwrap(),
        "{\"version\": 1}"
    );
}

#[test]
fn a_prx_command_with_a_metacharacter_is_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let f = file(dir.path(), "hooks.json", crate::dialects::PRX, None);
    let refused = f
        .open(None)
        .unwrap()
        .add(&add("tool_call", &["echo hi; rm -rf /"]));
    let Err(EditError::Invalid { diagnostics, .. }) = refused else {
        panic!("{refused:?}")
    };
    assert!(diagnostics[0].message.contains("metacharacter"));
    assert!(!f.path.exists());
}
