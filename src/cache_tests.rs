use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::*;
use crate::config::sources::Probe;

const EVENT: &str = "PreToolUse";

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A project with hooks of several dialects, on the fired event and on others.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join(".claude/settings.json"),
        r#"{"hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [
                {"type": "command", "command": "true a", "timeout": 5, "if": "Bash(git *)"},
                {"type": "command", "command": "./guard.sh", "args": ["x"]}]},
                {"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "true a"}]}],
            "Stop": [{"hooks": [{"type": "command", "command": "true stop", "async": true}]}]
        }}"#,
    );
    write(
        &dir.path().join("hookrun.toml"),
        "[[hook]]\nname = \"all\"\nevents = [\"*\"]\ncommand = \"true all\"\n\n\
         [[hook]]\nname = \"post\"\nevents = [\"PostToolUse\"]\ncommand = \"true post\"\n\n\
         [[hook]]\nname = \"off\"\nevents = [\"Stop\"]\ncommand = \"true off\"\nenabled = false\n\n\
         [[hook]]\nname = \"pre\"\nevents = [\"PreToolUse\"]\nmatcher = \"^B.*\"\n\
         command = \"true pre\"\nmode = \"observe\"\nenv = { K = \"v\" }\n\n\
         [[hook]]\nname = \"later\"\nevents = [\"PreToolUse\"]\ncommand = \"true later\"\nasync = true\n\n\
         [llm]\nmodel = \"a-model\"\n",
    );
    write(
        &dir.path().join(".proxyai/settings.json"),
        r#"{"hooks": {"beforeToolUse": [{"command": "true p", "matcher": "Ba.*"}]}}"#,
    );
    dir
}

/// What `fire` gets for `event` with the cache in `dir`, every hook read: the configuration, and
/// whether it came from the cache.
fn load_in<'a>(options: &LoadOptions<'a>, event: &'a str, dir: Option<&Path>) -> (Config, bool) {
    load_at(options, event, dir, SystemTime::now())
}

/// [`load_in`] as if the time were `now`.
fn load_at<'a>(
    options: &LoadOptions<'a>,
    event: &'a str,
    dir: Option<&Path>,
    now: SystemTime,
) -> (Config, bool) {
    let (mut config, pending) = super::load_at(options, event, dir.map(Path::to_path_buf), now);
    let Some(pending) = pending else {
        return (config, false);
    };
    let read = pending.read_hooks(&mut config, |_| false).is_some();
    (config, read)
}

fn options(project: &Path) -> LoadOptions<'_> {
    LoadOptions {
        project_dir: project,
        config_files: &[],
        dialect: None,
        user_config: false,
    }
}

/// What `fire` plans for `event`: its hooks and every disabled one, whole, with their files.
fn seen(config: &Config, event: &str) -> Vec<String> {
    config
        .hooks
        .iter()
        .filter(|hook| !hook.enabled || hook.dialect.fires_on(&hook.events, event))
        .map(|hook| {
            let source = &config.sources[hook.source];
            format!(
                "{hook:?} in {} {:?} {:?} {:?}",
                source.display, source.level, source.switches, source.plugin_root
            )
        })
        .collect()
}

#[test]
fn a_hit_gives_the_fired_events_hooks_as_loading_the_files_does() {
    let project = project();
    let cache = tempfile::tempdir().unwrap();
    let options = options(project.path());
    let full = sources::load(&options);
    assert!(full.diagnostics.is_empty(), "{:?}", full.diagnostics);
    let (first, partial) = load_in(&options, EVENT, Some(cache.path()));
    assert!(!partial, "the first load reads the files");
    assert_eq!(seen(&first, EVENT), seen(&full, EVENT));
    for event in [EVENT, "Stop", "PostToolUse", "beforeToolUse", "Nothing"] {
        let (hit, partial) = load_in(&options, event, Some(cache.path()));
        assert!(partial, "{event}: the second load reads the cache");
        assert_eq!(seen(&hit, event), seen(&full, event), "{event}");
        assert_eq!(hit.hooks.len(), seen(&full, event).len(), "{event}");
        assert_eq!(hit.sources.len(), full.sources.len());
    }
    // Trust is judged on all of a file's hooks, not the event's.
    let (hit, _) = load_in(&options, "Stop", Some(cache.path()));
    for at in 0..full.sources.len() {
        assert_eq!(
            crate::trust::Fingerprint::of(&hit, at).hash,
            crate::trust::Fingerprint::of(&full, at).hash
        );
    }
}

/// What a load reports, as `fire` prints it.
fn said(config: &Config) -> Vec<String> {
    config.diagnostics.iter().map(ToString::to_string).collect()
}

/// Each change to the files is seen by the next load, with the cache written at `now`.
fn a_change_is_loaded_again(now: SystemTime) {
    let project = project();
    let cache = tempfile::tempdir().unwrap();
    let options = options(project.path());
    let _ = load_at(&options, EVENT, Some(cache.path()), now);
    let settings = project.path().join(".claude/settings.json");
    let changes: [&dyn Fn(); 7] = [
        &|| {
            write(
                &settings,
                r#"{"hooks": {"PreToolUse": [{"hooks": [{"command": "true b"}]}]}}"#,
            );
        },
        &|| {
            write(
                &project.path().join(".cursor/hooks.json"),
                r#"{"version": 1, "hooks": {}}"#,
            );
        },
        &|| std::fs::remove_file(project.path().join(".cursor/hooks.json")).unwrap(),
        // A missing file's directory become a file: reading it is an error, not "no file".
        &|| {
            std::fs::remove_dir(project.path().join(".cursor")).unwrap();
            write(&project.path().join(".cursor"), "");
        },
        // A file in a directory that exists, and in one that does not yet.
        &|| write(&project.path().join(".claude/settings.local.json"), "{}"),
        &|| {
            write(
                &project.path().join(".gemini/settings.json"),
                r#"{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "true g"}]}]}}"#,
            );
        },
        &|| {
            std::fs::remove_file(&settings).unwrap();
            std::os::unix::fs::symlink("missing.json", &settings).unwrap();
        },
    ];
    for change in changes {
        // Unchanged files: the cache is used, if the last load could be cached (no error, every
        // file looked at), and gives back the load's warnings.
        let (last, probes) = recording(|| sources::load(&options));
        let cacheable = !last.has_errors() && !probes.contains(&Probe::Unusable);
        let (hit, partial) = load_at(&options, EVENT, Some(cache.path()), now);
        assert_eq!(partial, cacheable);
        assert_eq!(said(&hit), said(&last));
        change();
        let (config, partial) = load_at(&options, EVENT, Some(cache.path()), now);
        assert!(!partial, "a change is loaded from the files");
        let full = sources::load(&options);
        assert_eq!(seen(&config, EVENT), seen(&full, EVENT));
        assert_eq!(config.diagnostics.len(), full.diagnostics.len());
    }
    // The dangling link is a warning about a file that cannot be looked at: not cached.
    let (_, partial) = load_at(&options, EVENT, Some(cache.path()), now);
    assert!(!partial);
}

#[test]
fn a_changed_added_or_removed_file_is_loaded_again() {
    a_change_is_loaded_again(SystemTime::now());
}

#[test]
fn a_file_created_under_a_directory_that_vouched_for_its_absence_is_loaded_again() {
    // An hour on, every directory of the project is settled: the absent paths are proved by
    // their directories (`absent.rs`), and a file created in one must still be seen.
    a_change_is_loaded_again(SystemTime::now() + Duration::from_secs(3600));
}

#[test]
fn a_cache_written_before_its_directories_settled_is_written_again_once_then_kept() {
    let project = project();
    let cache = tempfile::tempdir().unwrap();
    let options = options(project.path());
    let now = SystemTime::now();
    let index = |cache: &Path| std::fs::read(cache.join(file_name(&options))).unwrap();
    let (_, partial) = load_at(&options, EVENT, Some(cache.path()), now);
    assert!(!partial);
    let unsettled = index(cache.path());
    // Before the directories settle, the cache holds.
    let (_, partial) = load_at(
        &options,
        EVENT,
        Some(cache.path()),
        now + Duration::from_secs(1),
    );
    assert!(partial);
    // Once they have, the files are loaded once more and the cache written again, grouped.
    let settled = now + Duration::from_secs(60);
    let (config, partial) = load_at(&options, EVENT, Some(cache.path()), settled);
    assert!(!partial);
    assert_eq!(seen(&config, EVENT), seen(&sources::load(&options), EVENT));
    // `.claude` (which exists, without settings.local.json) is now recorded as a directory.
    let mut claude = Writer::default();
    claude.path(&project.path().join(".claude")).unwrap();
    let holds = |index: &[u8]| index.windows(claude.buf.len()).any(|w| w == claude.buf);
    assert!(!holds(&unsettled));
    assert!(holds(&index(cache.path())), "the absent paths are grouped");
    let (_, partial) = load_at(&options, EVENT, Some(cache.path()), settled);
    assert!(partial);
    // A new file beside the configuration moves the directory's key: its paths are checked one
    // by one, and the cache holds.
    std::fs::write(project.path().join("other.txt"), "").unwrap();
    let (_, partial) = load_at(&options, EVENT, Some(cache.path()), settled);
    assert!(partial, "a change beside the files is not a change to them");
}

#[test]
fn absent_paths_are_grouped_under_the_settled_directory_above_them() {
    let project = tempfile::tempdir().unwrap();
    let root = project.path();
    std::fs::create_dir(root.join(".claude")).unwrap();
    std::os::unix::fs::symlink("nowhere", root.join(".codex")).unwrap();
    let paths = [
        root.join("hookrun.toml"),
        root.join(".claude/settings.json"),
        root.join(".claude/settings.local.json"),
        root.join(".gemini/settings.json"),
        root.join(".codex/hooks.json"),
    ];
    let later = SystemTime::now() + Duration::from_secs(3600);
    let absent::Grouped {
        groups,
        alone,
        unsettled,
    } = absent::group(paths.iter().map(PathBuf::as_path), later);
    assert!(!unsettled);
    let dirs: Vec<(&Path, usize)> = groups
        .iter()
        .map(|g| (g.dir.as_path(), g.paths.len()))
        .collect();
    // The root vouches for hookrun.toml and .gemini/…, .claude for its two files; behind the
    // dangling link `.codex` nothing can vouch: that path is checked alone.
    assert_eq!(dirs, [(root, 2), (root.join(".claude").as_path(), 2)]);
    assert_eq!(alone, [paths[4].as_path()]);
    for group in &groups {
        assert!(absent::still_absent(&group.dir, &group.key, &group.paths));
    }
    // A directory changed a moment ago vouches for nothing.
    let fresh = absent::group(paths.iter().map(PathBuf::as_path), SystemTime::now());
    assert!(fresh.groups.is_empty() && fresh.unsettled);
    assert_eq!(fresh.alone.len(), paths.len());
    // One of the paths appears: its directory's key moved, and the paths are checked one by one.
    let groups = absent::group(paths.iter().map(PathBuf::as_path), later).groups;
    write(&paths[2], "{}");
    let claude = &groups[1];
    assert!(!absent::still_absent(
        &claude.dir,
        &claude.key,
        &claude.paths
    ));
    assert!(absent::still_absent(
        &groups[0].dir,
        &groups[0].key,
        &groups[0].paths
    ));
}

#[test]
fn a_damaged_or_truncated_cache_never_changes_what_fire_sees() {
    let project = project();
    let cache = tempfile::tempdir().unwrap();
    let options = options(project.path());
    let full = seen(&sources::load(&options), EVENT);
    let _ = load_in(&options, EVENT, Some(cache.path()));
    let file = cache.path().join(file_name(&options));
    let pristine = std::fs::read(&file).unwrap();
    let mut hits = 0;
    // Every fifth byte: the head, the index and each group all have some of them.
    for at in (0..pristine.len()).step_by(5) {
        let mut bytes = pristine.clone();
        bytes[at] ^= 0x5a;
        std::fs::write(&file, &bytes).unwrap();
        let (config, partial) = load_in(&options, EVENT, Some(cache.path()));
        assert_eq!(seen(&config, EVENT), full, "byte {at} flipped");
        hits += usize::from(partial);
    }
    for len in (0..pristine.len()).step_by(11) {
        std::fs::write(&file, &pristine[..len]).unwrap();
        let (config, partial) = load_in(&options, EVENT, Some(cache.path()));
        assert_eq!(seen(&config, EVENT), full, "cut at {len}");
        assert!(!partial, "cut at {len}");
    }
    // Only bytes of groups the event does not read may differ unnoticed.
    assert!(
        hits < pristine.len() / 10,
        "{hits} of {} flips unnoticed",
        pristine.len() / 5
    );
}

#[test]
fn a_cache_others_may_write_is_ignored() {
    use std::os::unix::fs::PermissionsExt as _;
    let project = project();
    let cache = tempfile::tempdir().unwrap();
    let options = options(project.path());
    let _ = load_in(&options, EVENT, Some(cache.path()));
    let file = cache.path().join(file_name(&options));
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).unwrap();
    let (_, partial) = load_in(&options, EVENT, Some(cache.path()));
    assert!(!partial, "a group- or world-writable cache is not read");
}

#[test]
fn a_load_with_problems_is_not_cached() {
    let project = project();
    write(&project.path().join(".proxyai/settings.json"), "{ not json");
    let cache = tempfile::tempdir().unwrap();
    let options = options(project.path());
    let (config, partial) = load_in(&options, EVENT, Some(cache.path()));
    assert!(!partial && config.has_errors());
    assert!(!cache.path().join(file_name(&options)).exists());
    let (config, partial) = load_in(&options, EVENT, Some(cache.path()));
    assert!(
        !partial && config.has_errors(),
        "the error is reported every time"
    );
}

#[test]
fn hooks_ruled_out_on_their_first_fields_are_counted_and_the_rest_keep_their_order() {
    let project = project();
    let cache = tempfile::tempdir().unwrap();
    let options = options(project.path());
    let full = sources::load(&options);
    let _ = load_in(&options, EVENT, Some(cache.path()));
    let (mut config, pending) = super::load_in(&options, EVENT, Some(cache.path().to_path_buf()));
    let pending = pending.expect("the second load reads the cache");
    assert!(
        config.hooks.is_empty(),
        "no hook is read before the payload is known"
    );
    let screened = pending
        .read_hooks(&mut config, |hook| {
            assert!(hook.dialect.name() != "hookrun" || hook.source.display == "hookrun.toml");
            hook.matcher.pattern() == Some("Bash")
        })
        .expect("the cache is whole");
    let bash = |hook: &crate::model::Hook| {
        hook.enabled
            && hook.dialect.fires_on(&hook.events, EVENT)
            && hook.matcher.pattern() == Some("Bash")
    };
    assert_eq!(
        screened,
        full.hooks.iter().filter(|&hook| bash(hook)).count()
    );
    assert!(screened > 0);
    let mut kept = full;
    kept.hooks.retain(|hook| !bash(hook));
    assert_eq!(seen(&config, EVENT), seen(&kept, EVENT));
}

#[test]
fn an_index_longer_than_the_first_read_is_read_whole() {
    // A project deep under long directory names: every path the index lists is ~1 KiB.
    let root = project();
    let mut deep = root.path().to_path_buf();
    for letter in ['a', 'b', 'c', 'd', 'e'] {
        deep.push(letter.to_string().repeat(200));
    }
    for rel in [
        ".claude/settings.json",
        "hookrun.toml",
        ".proxyai/settings.json",
    ] {
        let text = std::fs::read_to_string(root.path().join(rel)).unwrap();
        write(&deep.join(rel), &text);
    }
    let cache = tempfile::tempdir().unwrap();
    let options = options(&deep);
    let full = sources::load(&options);
    let _ = load_in(&options, EVENT, Some(cache.path()));
    let file = std::fs::read_dir(cache.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let bytes = std::fs::read(file).unwrap();
    let index = u32::from_le_bytes(bytes[16..HEAD].try_into().unwrap()) as usize;
    assert!(
        index > FIRST_READ,
        "the index ({index} bytes) fits the first read"
    );
    let (hit, from_cache) = load_in(&options, EVENT, Some(cache.path()));
    assert!(from_cache, "the second load reads the cache");
    assert_eq!(seen(&hit, EVENT), seen(&full, EVENT));
}
