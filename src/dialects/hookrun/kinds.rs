//! The kinds of hook a `hookrun.toml` may hold and the design note's words for them (README,
//! "Hook kinds"): `kind = "command" | "prompt" | "agent" | "http" | "guard"` (implied by
//! `command`, `prompt`, `url` or `guard` when absent), with `mode` read both ways — `"filter"`/`"observe"` say
//! whether a deny blocks, the design note's `"command"`/`"prompt"`/`"agent"`/`"http"` say how
//! the hook runs (the two sets share no word) — a prompt or agent hook's `prompt` and `model`,
//! and the file's `[llm]` table.

use crate::config::diagnostics::closest_word;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::{Node, Object};
use crate::guard::Guard;
use crate::llm::{LlmTable, Protocol};
use crate::model::hook::{Ask, Handler, Mode};
use crate::model::load::LoadContext;

/// How a hook runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Command,
    Prompt,
    Agent,
    Http,
    /// A built-in guard run in-process (`guard = "rm-rf"`).
    Guard,
}

impl Kind {
    fn from_word(word: &str) -> Option<Kind> {
        match word {
            "command" => Some(Kind::Command),
            "prompt" => Some(Kind::Prompt),
            "agent" => Some(Kind::Agent),
            "http" => Some(Kind::Http),
            "guard" => Some(Kind::Guard),
            _ => None,
        }
    }
}

const KIND_WORDS: &str = "\"command\", \"prompt\", \"agent\", \"http\" or \"guard\"";
/// The words of `kind` (and of `mode` read as a kind), for a did-you-mean.
const KINDS: &[&str] = &["command", "prompt", "agent", "http", "guard"];
/// The words of `mode` read as filter/observe.
const MODES: &[&str] = &["filter", "observe"];

/// A `[[hook]]` table's kind and its `mode` as filter/observe (`None`: not said). A wrong word is
/// reported and read as the default.
pub(super) fn kind_and_mode(
    reader: &mut Reader<'_>,
    table: &Object<'_>,
    path: &[Step],
) -> (Kind, Option<Mode>) {
    let mut mode = None;
    let mut from_mode = None;
    match reader.opt_str(table, "mode", path) {
        None => {}
        Some("filter") => mode = Some(Mode::Filter),
        Some("observe") => mode = Some(Mode::Observe),
        Some(word) => {
            if let Some(kind) = Kind::from_word(word) {
                from_mode = Some(kind);
            } else {
                // The closest word of either set the reader accepts; the example of both at once
                // only when no word is close (`mode = "observ"` meant "observe", not a kind).
                let words: Vec<&str> = MODES.iter().chain(KINDS).copied().collect();
                reader
                    .error(
                        &child(path, "mode"),
                        format!(
                            "`mode` must be \"filter\" or \"observe\" (whether the hook's deny \
                             blocks), or {KIND_WORDS} (how it runs, as `kind`), found {word:?}"
                        ),
                    )
                    .help = Some(closest_word(word, &words).unwrap_or_else(|| {
                    "an observing prompt hook: kind = \"prompt\" with mode = \"observe\"".into()
                }));
            }
        }
    }
    let word = reader.opt_str(table, "kind", path);
    let from_kind = word.and_then(Kind::from_word);
    if let Some(word) = word.filter(|_| from_kind.is_none()) {
        reader
            .error(
                &child(path, "kind"),
                format!("`kind` must be {KIND_WORDS}, found {word:?}"),
            )
            .help = closest_word(word, KINDS);
    }
    if let (Some(kind), Some(other)) = (from_kind, from_mode)
        && kind != other
    {
        reader.error(
            &child(path, "mode"),
            format!("`mode` says {other:?} but `kind` says {kind:?}: say how the hook runs once"),
        );
    }
    let implied = if table.get("guard").is_some() {
        Kind::Guard
    } else if table.get("prompt").is_some() {
        Kind::Prompt
    } else if table.get("url").is_some() {
        Kind::Http
    } else {
        Kind::Command
    };
    (from_kind.or(from_mode).unwrap_or(implied), mode)
}

/// A prompt or agent hook's handler: its `prompt` (required) and `model`.
pub(super) fn ask(
    reader: &mut Reader<'_>,
    table: &Object<'_>,
    path: &[Step],
    kind: Kind,
) -> Option<Handler> {
    let what = if kind == Kind::Agent {
        "the agent hook"
    } else {
        "the prompt hook"
    };
    if table.get("command").is_some() {
        reader.error(
            &child(path, "command"),
            format!("{what} has a `command`: a hook is a command or asks a model, not both"),
        );
    }
    let prompt = reader.req_str(table, "prompt", path, what)?;
    let ask = Ask {
        prompt: prompt.to_owned(),
        model: reader.opt_str(table, "model", path).map(str::to_owned),
    };
    Some(if kind == Kind::Agent {
        Handler::Agent(ask)
    } else {
        Handler::Prompt(ask)
    })
}

/// A guard hook's handler: its `guard`, one of the built-in guards' names. It runs hookrun's own
/// code, so a `command`, `url` or `prompt` beside it is an error.
pub(super) fn guard(reader: &mut Reader<'_>, table: &Object<'_>, path: &[Step]) -> Option<Handler> {
    for key in ["command", "args", "url", "prompt"] {
        if table.get(key).is_some() {
            reader.error(
                &child(path, key),
                format!("a guard hook runs a built-in guard: it has no `{key}`"),
            );
        }
    }
    let name = reader.req_str(table, "guard", path, "the guard hook")?;
    if let Some(guard) = Guard::from_name(name) {
        return Some(Handler::Guard(guard));
    }
    reader
        .error(
            &child(path, "guard"),
            format!(
                "unknown guard {name:?}: the built-in guards are {}",
                Guard::known_names()
            ),
        )
        .help = Some("guard = \"rm-rf\" blocks forced recursive deletes".into());
    None
}

const LLM_KEYS: &[&str] = &["provider", "base_url", "api_key_env", "model"];
/// What only the user-level file may set: where requests go and which key they carry.
const USER_ONLY: &[&str] = &["provider", "base_url", "api_key_env"];

/// The file's `[llm]` table. At project level (`hookrun.toml` in the project) only `model`
/// counts; the rest is warned about and ignored, as `[trust]` is.
pub(super) fn read_llm(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    root: &Object<'_>,
) -> Option<Box<LlmTable>> {
    let node = root.get("llm")?;
    let path = vec![Step::Key("llm".into())];
    let table = reader.object(node, &path, "the [llm] table")?;
    reader.unknown_keys(table, LLM_KEYS, &path, "the [llm] table");
    let mut llm = LlmTable {
        provider: None,
        base_url: reader.opt_str(table, "base_url", &path).map(str::to_owned),
        api_key_env: reader
            .opt_str(table, "api_key_env", &path)
            .map(str::to_owned),
        model: reader.opt_str(table, "model", &path).map(str::to_owned),
    };
    match reader.opt_str(table, "provider", &path) {
        None => {}
        Some(word) => match Protocol::from_word(word) {
            Some(protocol) => llm.provider = Some(protocol),
            None => {
                reader.error(
                    &child(&path, "provider"),
                    format!("`provider` must be \"anthropic\" or \"openai\" (any OpenAI-compatible server), found {word:?}"),
                )
                .help = closest_word(word, &["anthropic", "openai"]);
            }
        },
    }
    if let Some(Node::String(url)) = table.get("base_url")
        && !(url.starts_with("http://") || url.starts_with("https://"))
    {
        reader.error(
            &child(&path, "base_url"),
            format!("`base_url` must be an http:// or https:// URL, found {url:?}"),
        );
    }
    let project = matches!(
        ctx.source.level,
        crate::model::Level::Project | crate::model::Level::Local
    );
    if project {
        for key in USER_ONLY.iter().filter(|key| table.get(key).is_some()) {
            reader
                .warn(
                    &child(&path, key),
                    format!(
                        "`[llm] {key}` counts only in the user-level hookrun.toml: ignored here \
                         (a project does not choose where your key and payloads are sent)"
                    ),
                )
                .help = Some("move it to ~/.config/hookrun/hookrun.toml".into());
        }
        llm = LlmTable {
            model: llm.model,
            ..LlmTable::default()
        };
    }
    Some(Box::new(llm))
}
