//! `GEMINI_PLANS_DIR`, the directory Gemini CLI keeps the session's plans in, which it passes to
//! every hook (`HookRunner.executeCommandHook`: `config.storage.getPlansDir()`). Run by Gemini,
//! hookrun inherits the variable and passes it on unchanged. Fired another way, it finds the
//! directory as Gemini's `Storage` does: `~/.gemini/tmp/<project id>/<session id>/plans`, the
//! project id being the project's entry in `~/.gemini/projects.json` (`ProjectRegistry`), or, for
//! a project Gemini has not registered yet, the id it would give it (the directory's name in
//! lower case, runs of other characters as one `-`). hookrun never writes Gemini's registry.
//! Not followed: a custom plans directory in Gemini's settings (`general.plan.directory`).

use std::path::Path;

use serde_json::Value;

/// The variable's value for a hook of `project` in `session`; `None` when it is inherited or
/// there is no home directory.
pub(crate) fn plans_dir(project: &Path, session: &str) -> Option<String> {
    if std::env::var_os("GEMINI_PLANS_DIR").is_some() {
        return None;
    }
    let gemini = crate::config::sources::home_path(".gemini")?;
    let registered = std::fs::read(gemini.join("projects.json"))
        .ok()
        .and_then(|bytes| project_id(&bytes, project));
    let id = registered.unwrap_or_else(|| slug(project));
    let mut dir = gemini.join("tmp").join(id);
    if !session.is_empty() {
        dir.push(session);
    }
    dir.push("plans");
    Some(dir.to_string_lossy().into_owned())
}

/// `projects[<project>]` in the registry file.
fn project_id(registry: &[u8], project: &Path) -> Option<String> {
    let value: Value = serde_json::from_slice(registry).ok()?;
    let key = project.to_str()?;
    Some(value.get("projects")?.get(key)?.as_str()?.to_owned())
}

/// `ProjectRegistry.slugify` of the project directory's name.
fn slug(project: &Path) -> String {
    let name = project
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let trimmed = out.trim_matches('-');
    if trimmed.is_empty() {
        "project".to_owned()
    } else {
        trimmed.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_project_id_is_the_registered_one_else_the_slug_gemini_would_give() {
        let registry = br#"{"projects": {"/work/My App": "my-app-2"}}"#;
        assert_eq!(
            project_id(registry, Path::new("/work/My App")).as_deref(),
            Some("my-app-2")
        );
        assert_eq!(project_id(registry, Path::new("/work/other")), None);
        assert_eq!(project_id(b"not json", Path::new("/work/My App")), None);
        assert_eq!(slug(Path::new("/work/My App")), "my-app");
        assert_eq!(slug(Path::new("/tmp/gemini__Case.x1-")), "gemini-case-x1");
        assert_eq!(slug(Path::new("/tmp/___")), "project");
        assert_eq!(slug(Path::new("/")), "project");
    }
}
