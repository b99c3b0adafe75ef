use super::*;
use crate::edit::HookFile;
use crate::edit::toml_fields::{duration_ms, duration_text};
use crate::model::Level;
use std::time::Duration;

fn file(dir: &std::path::Path, text: Option<&str>) -> HookFile {
    let path = dir.join("hookrun.toml");
    if let Some(text) = text {
        std::fs::write(&path, text).unwrap();
    }
    HookFile {
        path,
        display: "hookrun.toml".to_owned(),
        dialect: crate::dialects::HOOKRUN,
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
fn durations_are_written_in_the_coarsest_whole_unit() {
    assert_eq!(duration_text(Duration::from_secs(5)).as_deref(), Some("5s"));
    assert_eq!(
        duration_text(Duration::from_millis(1500)).as_deref(),
        Some("1500ms")
    );
    assert_eq!(duration_text(Duration::from_micros(1500)), None);
}

#[test]
fn timeouts_read_back_in_every_form() {
    let doc: DocumentMut = "a = \"2s\"\nb = 3\nc = 0.5\nd = \"x\"\n".parse().unwrap();
    let ms = |key: &str| doc.get(key).and_then(duration_ms);
    assert_eq!(
        (ms("a"), ms("b"), ms("c"), ms("d")),
        (Some(2000), Some(3000), Some(500), None)
    );
}

#[test]
fn an_added_hook_maps_every_field_and_leaves_with_nothing_else_changed() {
    let dir = tempfile::tempdir().unwrap();
    let original = "# mine\ntimeout = \"3s\" # file default\n\n[[hook]]\nevents = [\"Stop\"]\ncommand = \"./a.sh\"\n\n[llm]\nmodel = \"m\"\n";
    let f = file(dir.path(), Some(original));
    let mut change = add(
        "PreToolUse, beforeShellExecution",
        &["./guard.sh", "two words"],
    );
    change.matcher = Some("Bash".to_owned());
    change.timeout = Some(Duration::from_millis(2500));
    change.env = vec![("MODE".to_owned(), "audit".to_owned())];
    change.stdin_json = Some(true);
    let added = f.open(None).unwrap().add(&change).unwrap();
    let text = std::fs::read_to_string(&f.path).unwrap();
    assert!(
        text.contains(
            "[[hook]]\nevents = [\"PreToolUse\", \"beforeShellExecution\"]\nmatcher = \"Bash\"\ncommand = \"./guard.sh\"\nargs = [\"two words\"]\ntimeout = \"2500ms\"\nenv = { MODE = \"audit\" }\n"
        ),
        "{text}"
    );
    // After the last [[hook]], before [llm].
    assert!(text.find("guard").unwrap() < text.find("[llm]").unwrap());
    let listing = f.list().unwrap();
    let hook = &listing.hooks[1];
    assert_eq!(hook.id, added.id);
    assert_eq!(hook.event, "PreToolUse,beforeShellExecution");
    assert_eq!(hook.args, ["two words"]);
    assert_eq!(hook.timeout_ms, Some(2500));
    assert_eq!(hook.env, [("MODE".to_owned(), "audit".to_owned())]);
    assert!(hook.stdin_json && hook.enabled);
    f.open(None).unwrap().remove(&added.id).unwrap();
    assert_eq!(std::fs::read_to_string(&f.path).unwrap(), original);
}

#[test]
fn a_second_hook_of_one_script_gets_a_name_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let f = file(dir.path(), None);
    f.open(None)
        .unwrap()
        .add(&add("Stop", &["./a.sh"]))
        .unwrap();
    f.open(None)
        .unwrap()
        .add(&add("Stop", &["./a.sh"]))
        .unwrap();
    let text = std::fs::read_to_string(&f.path).unwrap();
    assert!(text.contains("name = \"a-2\""), "{text}");
    assert_eq!(f.list().unwrap().hooks.len(), 2);
}

#[test]
fn stdin_cannot_be_switched_off_and_an_inline_hook_array_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = file(dir.path(), None);
    let mut change = add("Stop", &["x"]);
    change.stdin_json = Some(false);
    let refused = f.open(None).unwrap().add(&change);
    assert!(
        matches!(refused, Err(EditError::Unsupported { .. })),
        "{refused:?}"
    );
    assert!(!f.path.exists());
    let inline = "hook = [{ events = [\"Stop\"], command = \"x\" }]\n";
    let f = file(dir.path(), Some(inline));
    let refused = f.open(None).unwrap().add(&add("Stop", &["y"]));
    assert!(
        matches!(refused, Err(EditError::Unsupported { .. })),
        "{refused:?}"
    );
    assert_eq!(std::fs::read_to_string(&f.path).unwrap(), inline);
}

#[test]
fn the_switches_keep_the_id_and_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let original = "[[hook]]\nevents = [\"Stop\"]\ncommand = \"x\" # runs x\n";
    let f = file(dir.path(), Some(original));
    let id = f.list().unwrap().hooks[0].id.clone();
    let off = f.open(None).unwrap().set_enabled(&id, false).unwrap();
    assert_eq!(off.id, id);
    assert!(!f.list().unwrap().hooks[0].enabled);
    f.open(None).unwrap().set_enabled(&id, true).unwrap();
    assert_eq!(std::fs::read_to_string(&f.path).unwrap(), original);
    f.open(None).unwrap().set_all_enabled(false).unwrap();
    let text = std::fs::read_to_string(&f.path).unwrap();
    assert!(text.starts_with("enabled = false\n"), "{text}");
    assert!(!f.list().unwrap().enabled);
    f.open(None).unwrap().set_all_enabled(true).unwrap();
    assert_eq!(std::fs::read_to_string(&f.path).unwrap(), original);
}
