//! Sources and hooks in the cache's byte format. Both are taken apart and built with every field
//! named (no `..`), so a field added to the model does not compile here until the cache stores
//! it. A handler kind the cache does not know makes the configuration uncacheable (`None`), never
//! a hook read back without it.

use std::path::PathBuf;
use std::time::Duration;

use super::codec::{Reader, Writer};
use crate::config::locate::Step;
use crate::dialects;
use crate::llm::{LlmTable, Protocol};
use crate::matching::{Flavour, Matcher, Syntax};
use crate::model::hook::Switches;
use crate::model::{CommandForm, EventSelector, Handler, Hook, Level, Mode, Source, StdinMode};

pub(super) fn put_source(w: &mut Writer, source: &Source, trust_hash: Option<&str>) -> Option<()> {
    let Source {
        path,
        display,
        dialect,
        text: _,
        level,
        plugin_root,
        switches,
        trust_hash: _,
    } = source;
    w.path(path)?;
    w.str(display)?;
    w.str(dialect.name())?;
    w.u8(level_tag(*level));
    w.bool(plugin_root.is_some());
    if let Some(root) = plugin_root {
        w.path(root)?;
    }
    let Switches {
        disable_all_hooks,
        managed_hooks_only,
        untrusted_blocks,
        llm,
        http_allow,
    } = switches;
    w.u8(match disable_all_hooks {
        None => 0,
        Some(false) => 1,
        Some(true) => 2,
    });
    w.bool(*managed_hooks_only);
    w.bool(*untrusted_blocks);
    put_llm(w, llm.as_deref())?;
    w.bool(http_allow.is_some());
    put_strs(w, http_allow.as_deref().unwrap_or_default())?;
    w.opt_str(trust_hash)
}

/// A file's `[llm]` table: the provider as a tag (0: none), then its three optional texts.
fn put_llm(w: &mut Writer, llm: Option<&LlmTable>) -> Option<()> {
    w.bool(llm.is_some());
    let Some(LlmTable {
        provider,
        base_url,
        api_key_env,
        model,
    }) = llm
    else {
        return Some(());
    };
    w.u8(match provider {
        None => 0,
        Some(Protocol::Anthropic) => 1,
        Some(Protocol::OpenAi) => 2,
    });
    w.opt_str(base_url.as_deref())?;
    w.opt_str(api_key_env.as_deref())?;
    w.opt_str(model.as_deref())
}

#[expect(
    clippy::option_option,
    reason = "the outer None is damaged bytes, as in every reader here; the inner, no table"
)]
fn get_llm(r: &mut Reader<'_>) -> Option<Option<Box<LlmTable>>> {
    if !r.bool()? {
        return Some(None);
    }
    let provider = match r.u8()? {
        0 => None,
        1 => Some(Protocol::Anthropic),
        2 => Some(Protocol::OpenAi),
        _ => return None,
    };
    Some(Some(Box::new(LlmTable {
        provider,
        base_url: r.opt_str()?.map(str::to_owned),
        api_key_env: r.opt_str()?.map(str::to_owned),
        model: r.opt_str()?.map(str::to_owned),
    })))
}

pub(super) fn get_source(r: &mut Reader<'_>) -> Option<Source> {
    let path = r.path()?.to_path_buf();
    let display = r.str()?.to_owned();
    let dialect = dialects::by_name(r.str()?)?;
    let level = level_of(r.u8()?)?;
    let plugin_root = if r.bool()? {
        Some(r.path()?.to_path_buf())
    } else {
        None
    };
    let disable_all_hooks = match r.u8()? {
        0 => None,
        1 => Some(false),
        2 => Some(true),
        _ => return None,
    };
    let switches = Switches {
        disable_all_hooks,
        managed_hooks_only: r.bool()?,
        untrusted_blocks: r.bool()?,
        llm: get_llm(r)?,
        http_allow: {
            let listed = r.bool()?;
            let patterns = get_strs(r)?;
            listed.then_some(patterns)
        },
    };
    let trust_hash = r.opt_str()?.map(str::to_owned);
    Some(Source {
        path,
        display,
        dialect,
        text: String::new(),
        level,
        plugin_root,
        switches,
        trust_hash,
    })
}

fn level_tag(level: Level) -> u8 {
    match level {
        Level::Managed => 0,
        Level::User => 1,
        Level::Project => 2,
        Level::Local => 3,
        Level::Plugin => 4,
        Level::Named => 5,
    }
}

fn level_of(tag: u8) -> Option<Level> {
    Some(match tag {
        0 => Level::Managed,
        1 => Level::User,
        2 => Level::Project,
        3 => Level::Local,
        4 => Level::Plugin,
        5 => Level::Named,
        _ => return None,
    })
}

/// A hook's events, which the cache groups its hooks by.
pub(super) fn put_events(w: &mut Writer, events: &EventSelector) -> Option<()> {
    match events {
        EventSelector::Named(name) => {
            w.u8(0);
            w.str(name)
        }
        EventSelector::Patterns(patterns) => {
            w.u8(1);
            put_strs(w, patterns)
        }
        EventSelector::Typed { kind, phases } => {
            w.u8(2);
            w.str(kind)?;
            put_strs(w, phases)
        }
    }
}

pub(super) fn get_events(r: &mut Reader<'_>) -> Option<EventSelector> {
    Some(match r.u8()? {
        0 => EventSelector::Named(r.str()?.to_owned()),
        1 => EventSelector::Patterns(get_strs(r)?),
        2 => {
            // The kinds are a dialect's constants; the few bytes of one read back live as long
            // as this short process.
            let kind: &'static str = Box::leak(r.str()?.to_owned().into_boxed_str());
            EventSelector::Typed {
                kind,
                phases: get_strs(r)?,
            }
        }
        _ => return None,
    })
}

fn put_strs(w: &mut Writer, items: &[String]) -> Option<()> {
    w.len(items.len())?;
    items.iter().try_for_each(|item| w.str(item))
}

fn get_strs(r: &mut Reader<'_>) -> Option<Vec<String>> {
    let len = r.len()?;
    (0..len).map(|_| r.str().map(str::to_owned)).collect()
}

/// Everything about a hook but its dialect and events (its group's): first what the screen
/// asks (`fire` rules a hook out by its matcher and `if` rule before reading the rest), then the
/// rest, length-prefixed so that a hook ruled out is stepped over.
pub(super) fn put_hook(w: &mut Writer, hook: &Hook) -> Option<()> {
    let Hook {
        name,
        source,
        dialect: _,
        events: _,
        matcher,
        condition,
        handler,
        cwd,
        env,
        env_forward,
        timeout,
        kill_grace,
        mode,
        fail_closed,
        enabled,
        payload_file,
        sanitize_env,
        stdin,
        loop_limit,
        entry,
        written_name,
        own_name,
        run_async,
    } = hook;
    w.len(*source)?;
    w.opt_str(matcher.pattern())?;
    put_flavour(w, matcher.flavour());
    w.opt_str(condition.as_deref())?;
    w.bool(*enabled);
    // Commands and built-in guards; handlers hookrun cannot run, and the other kinds, are
    // loaded from the files every time.
    let form = match handler {
        Handler::Command(form) => Some(form),
        Handler::Guard(_) => None,
        _ => return None,
    };
    w.bool(form.is_some_and(|form| form.hookrun_candidate().is_some()));
    let mut body = Writer::default();
    let b = &mut body;
    b.str(name)?;
    match (form, handler) {
        (Some(CommandForm::Shell(command)), _) => {
            b.u8(0);
            b.str(command)?;
        }
        (Some(CommandForm::Exec { program, args }), _) => {
            b.u8(1);
            b.str(program)?;
            put_strs(b, args)?;
        }
        (None, Handler::Guard(guard)) => {
            b.u8(2);
            b.str(guard.name())?;
        }
        (None, _) => return None,
    }
    b.path(cwd)?;
    b.len(env.len())?;
    for (key, value) in env {
        b.str(key)?;
        b.str(value)?;
    }
    put_strs(b, env_forward)?;
    put_duration(b, *timeout);
    put_duration(b, *kill_grace);
    b.bool(*mode == Mode::Observe);
    b.bool(*fail_closed);
    b.bool(*payload_file);
    b.bool(*sanitize_env);
    b.bool(*stdin == StdinMode::Null);
    b.bool(loop_limit.is_some());
    b.u64(loop_limit.unwrap_or(0));
    b.len(entry.len())?;
    for step in entry {
        match step {
            Step::Key(key) => {
                b.u8(0);
                b.str(key)?;
            }
            Step::Index(index) => {
                b.u8(1);
                b.u64(*index as u64);
            }
        }
    }
    b.opt_str(written_name.as_deref())?;
    b.opt_str(own_name.as_deref())?;
    b.bool(*run_async);
    w.bytes(&body.buf)
}

/// A hook's first fields, which decide whether the rest is read: what [`put_hook`] writes
/// first, and the rest still in bytes.
pub(super) struct Head<'a> {
    pub(super) source: usize,
    pub(super) matcher: Matcher,
    pub(super) condition: Option<&'a str>,
    pub(super) enabled: bool,
    /// Its command may start hookrun itself (`CommandForm::hookrun_candidate`).
    pub(super) may_run_hookrun: bool,
    body: &'a [u8],
}

pub(super) fn get_head<'a>(r: &mut Reader<'a>) -> Option<Head<'a>> {
    let source = r.len()?;
    let pattern = r.opt_str()?;
    let matcher = Matcher::new(pattern, get_flavour(r)?);
    Some(Head {
        source,
        matcher,
        condition: r.opt_str()?,
        enabled: r.bool()?,
        may_run_hookrun: r.bool()?,
        body: r.bytes()?,
    })
}

/// The whole hook: its head and the rest read from its bytes, which it must use up.
pub(super) fn get_hook(
    head: Head<'_>,
    dialect: crate::model::Dialect,
    events: &EventSelector,
) -> Option<Hook> {
    let Head {
        source,
        matcher,
        condition,
        enabled,
        may_run_hookrun: _,
        body,
    } = head;
    let r = &mut Reader::new(body);
    let name = r.str()?.to_owned();
    let handler = match r.u8()? {
        0 => Handler::Command(CommandForm::Shell(r.str()?.to_owned())),
        1 => Handler::Command(CommandForm::Exec {
            program: r.str()?.to_owned(),
            args: get_strs(r)?,
        }),
        2 => Handler::Guard(crate::guard::Guard::from_name(r.str()?)?),
        _ => return None,
    };
    let cwd = PathBuf::from(r.path()?);
    let env_len = r.len()?;
    let env = (0..env_len)
        .map(|_| Some((r.str()?.to_owned(), r.str()?.to_owned())))
        .collect::<Option<Vec<_>>>()?;
    let env_forward = get_strs(r)?;
    let timeout = get_duration(r)?;
    let kill_grace = get_duration(r)?;
    let mode = if r.bool()? {
        Mode::Observe
    } else {
        Mode::Filter
    };
    let fail_closed = r.bool()?;
    let payload_file = r.bool()?;
    let sanitize_env = r.bool()?;
    let stdin = if r.bool()? {
        StdinMode::Null
    } else {
        StdinMode::Payload
    };
    let has_limit = r.bool()?;
    let limit = r.u64()?;
    let loop_limit = has_limit.then_some(limit);
    let entry_len = r.len()?;
    let entry = (0..entry_len)
        .map(|_| match r.u8()? {
            0 => Some(Step::Key(std::sync::Arc::from(r.str()?))),
            1 => Some(Step::Index(usize::try_from(r.u64()?).ok()?)),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let written_name = r.opt_str()?.map(str::to_owned);
    let own_name = r.opt_str()?.map(str::to_owned);
    let run_async = r.bool()?;
    if !r.at_end() {
        return None;
    }
    Some(Hook {
        name,
        source,
        dialect,
        events: events.clone(),
        matcher,
        condition: condition.map(str::to_owned),
        handler,
        cwd,
        env,
        env_forward,
        timeout,
        kill_grace,
        mode,
        fail_closed,
        enabled,
        payload_file,
        sanitize_env,
        stdin,
        loop_limit,
        entry,
        written_name,
        own_name,
        run_async,
    })
}

fn put_duration(w: &mut Writer, duration: Duration) {
    w.u64(duration.as_secs());
    w.u32(duration.subsec_nanos());
}

fn get_duration(r: &mut Reader<'_>) -> Option<Duration> {
    let secs = r.u64()?;
    let nanos = r.u32()?;
    (nanos < 1_000_000_000).then(|| Duration::new(secs, nanos))
}

fn put_flavour(w: &mut Writer, flavour: Flavour) {
    let (tag, syntax) = match flavour {
        Flavour::Ignored => (0, Syntax::Rust),
        Flavour::NamesOrRegex(syntax) => (1, syntax),
        Flavour::TrimmedRegexOrExact(syntax) => (2, syntax),
        Flavour::RegexOrSubstring(syntax) => (3, syntax),
        Flavour::StartRegexOrSubstring(syntax) => (4, syntax),
        Flavour::WholeRegex(syntax) => (5, syntax),
        Flavour::AliasedWholeRegex(syntax) => (6, syntax),
        Flavour::SlashedOrWholeRegexOrExact(syntax) => (7, syntax),
    };
    w.u8(tag);
    w.u8(match syntax {
        Syntax::Rust => 0,
        Syntax::EcmaScript => 1,
        Syntax::Python => 2,
        Syntax::Java => 3,
    });
}

fn get_flavour(r: &mut Reader<'_>) -> Option<Flavour> {
    let tag = r.u8()?;
    let syntax = match r.u8()? {
        0 => Syntax::Rust,
        1 => Syntax::EcmaScript,
        2 => Syntax::Python,
        3 => Syntax::Java,
        _ => return None,
    };
    Some(match tag {
        0 => Flavour::Ignored,
        1 => Flavour::NamesOrRegex(syntax),
        2 => Flavour::TrimmedRegexOrExact(syntax),
        3 => Flavour::RegexOrSubstring(syntax),
        4 => Flavour::StartRegexOrSubstring(syntax),
        5 => Flavour::WholeRegex(syntax),
        6 => Flavour::AliasedWholeRegex(syntax),
        7 => Flavour::SlashedOrWholeRegexOrExact(syntax),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sources_switches_come_back_whole() {
        let full = Switches {
            disable_all_hooks: Some(true),
            managed_hooks_only: true,
            untrusted_blocks: true,
            llm: Some(Box::new(LlmTable {
                provider: Some(Protocol::OpenAi),
                base_url: Some("http://127.0.0.1:11434/v1".into()),
                api_key_env: Some("KEY".into()),
                model: Some("m".into()),
            })),
            http_allow: Some(vec!["https://audit.example.com/*".into()]),
        };
        // An allowlist that lists nothing refuses every URL: it must not come back as none.
        let empty_allowlist = Switches {
            http_allow: Some(Vec::new()),
            ..Switches::default()
        };
        for switches in [full, empty_allowlist, Switches::default()] {
            let mut source = Source::new(
                PathBuf::from("/home/u/.config/hookrun/hookrun.toml"),
                "~/.config/hookrun/hookrun.toml".into(),
                dialects::HOOKRUN,
                String::new(),
                Level::User,
            );
            source.switches = switches.clone();
            let mut w = Writer::default();
            put_source(&mut w, &source, Some("hash")).unwrap();
            let back = get_source(&mut Reader::new(&w.buf)).unwrap();
            assert_eq!(back.switches, switches);
            assert_eq!(back.trust_hash.as_deref(), Some("hash"));
        }
    }
}
