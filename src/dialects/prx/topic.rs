//! PRX's event-bus topic patterns, as a plugin's `plugin.toml` writes them in `events`: `*` (every
//! topic), `prefix.*` (every topic that starts with `prefix.`, the text before the `*`), else
//! the exact topic. Nothing else is a wildcard: `tool*` matches only the topic `tool*`, as on
//! PRX's bus (openprx/prx `src/plugins/event_bus.rs` line 157). Pure and free of any cargo feature: `hookrun` plans plugin hooks with it and
//! `hookrun-wasm` delivers nested publishes with it.

/// Whether `pattern` selects `topic`.
pub(crate) fn matches(pattern: &str, topic: &str) -> bool {
    if pattern == "*" {
        return true;
    }
    match pattern.strip_suffix('*') {
        // `prefix.*`: the `.` is part of the prefix, so `prx.*` does not match `prx`.
        Some(prefix) if prefix.ends_with('.') => topic.starts_with(prefix),
        _ => pattern == topic,
    }
}

/// The lifecycle topic PRX publishes a hook event under (`tool_call` →
/// `prx.lifecycle.tool_call`).
pub(crate) const LIFECYCLE_PREFIX: &str = "prx.lifecycle.";

/// The `event` string a plugin subscribed with `patterns` receives in `on-event` when `event` is
/// fired (normalised, without `prx.lifecycle.`), or `None` when no pattern selects it. PRX hands
/// a lifecycle event to a hook plugin by its name (`tool_call`), and publishes it on its bus as
/// `prx.lifecycle.tool_call` (openprx/prx `src/hooks/mod.rs` line 164, in `HookManager::emit`,
/// which only `HookEvent`'s eight events reach): a plugin whose patterns select the name gets the
/// name, one whose patterns select only the topic gets the topic, and no plugin gets it twice.
/// Any other event (`prx.lifecycle`, `other.thing`) is a topic of its own, never published under
/// `prx.lifecycle.`: only a pattern that selects it as it is gets it.
pub(crate) fn delivery(patterns: &[String], event: &str) -> Option<String> {
    if patterns.iter().any(|pattern| matches(pattern, event)) {
        return Some(event.to_owned());
    }
    if !super::EVENTS.contains(&event) {
        return None;
    }
    let topic = format!("{LIFECYCLE_PREFIX}{event}");
    patterns
        .iter()
        .any(|pattern| matches(pattern, &topic))
        .then_some(topic)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_are_exact_prefix_dot_star_or_star() {
        let cases = [
            ("*", "tool_call", true),
            ("*", "prx.lifecycle.tool_call", true),
            ("tool_call", "tool_call", true),
            ("tool_call", "tool_call_start", false),
            ("prx.lifecycle.*", "prx.lifecycle.tool_call", true),
            ("prx.lifecycle.*", "prx.lifecycle", false),
            ("prx.*", "prx.lifecycle.agent_start", true),
            ("prx.*", "prx", false),
            ("prx.*", "prxx.a", false),
            // Only `*` alone or after a `.` is a wildcard on PRX's bus.
            ("tool*", "tool_call", false),
            ("tool*", "tool*", true),
            ("weather.update", "weather.update", true),
            ("Tool_Call", "tool_call", false),
        ];
        for (pattern, topic, expected) in cases {
            assert_eq!(matches(pattern, topic), expected, "{pattern} ~ {topic}");
        }
    }

    #[test]
    fn a_lifecycle_event_reaches_name_and_topic_subscribers_once() {
        let of = |patterns: &[&str]| -> Vec<String> {
            patterns.iter().map(|p| (*p).to_owned()).collect()
        };
        assert_eq!(
            delivery(&of(&["tool_call"]), "tool_call").as_deref(),
            Some("tool_call")
        );
        assert_eq!(
            delivery(&of(&["prx.lifecycle.*"]), "tool_call").as_deref(),
            Some("prx.lifecycle.tool_call")
        );
        assert_eq!(
            delivery(&of(&["prx.lifecycle.tool_call", "tool_call"]), "tool_call").as_deref(),
            Some("tool_call")
        );
        assert_eq!(
            delivery(&of(&["*"]), "agent_end").as_deref(),
            Some("agent_end")
        );
        assert_eq!(delivery(&of(&["agent_start"]), "tool_call"), None);
        assert_eq!(delivery(&of(&[]), "tool_call"), None);
    }

    #[test]
    fn only_prx_lifecycle_events_are_published_under_the_lifecycle_prefix() {
        let lifecycle = vec!["prx.lifecycle.*".to_owned()];
        // Not `prx.lifecycle.prx.lifecycle`, not `prx.lifecycle.other.thing`.
        assert_eq!(delivery(&lifecycle, "prx.lifecycle"), None);
        assert_eq!(delivery(&lifecycle, "other.thing"), None);
        assert_eq!(delivery(&lifecycle, "weather_update"), None);
        let other = vec!["other.*".to_owned()];
        assert_eq!(
            delivery(&other, "other.thing").as_deref(),
            Some("other.thing")
        );
        let everything = vec!["*".to_owned()];
        assert_eq!(
            delivery(&everything, "prx.lifecycle").as_deref(),
            Some("prx.lifecycle")
        );
    }
}
