//! PRX plugin event patterns: which topics a plugin hook's `events` pattern receives.
//!
//! The rules of PRX's event bus: `*` matches every topic; a pattern ending in `.*` matches every
//! topic that starts with the text before the `*` (`prx.lifecycle.*` matches
//! `prx.lifecycle.tool_call`, `prx.*` everything under `prx.`); any other pattern matches only
//! the same topic, byte for byte (a `*` elsewhere is an ordinary character). Pure, so the loader
//! (planning `hookrun fire`) and `hookrun-wasm` (nested publish) share one definition.

/// Whether `pattern` receives `topic`.
// Used by `hookrun-wasm` (feature `plugins`) and by the plugin loader.
#[cfg_attr(not(feature = "plugins"), allow(dead_code))]
pub(crate) fn matches(pattern: &str, topic: &str) -> bool {
    if pattern == "*" {
        return true;
    }
    match pattern.strip_suffix('*') {
        Some(prefix) if prefix.ends_with('.') => topic.starts_with(prefix),
        _ => pattern == topic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_patterns_match_only_the_same_topic() {
        assert!(matches("tool_call", "tool_call"));
        assert!(!matches("tool_call", "tool_call_start"));
        assert!(!matches("tool_call", "prx.lifecycle.tool_call"));
        assert!(!matches("Tool_Call", "tool_call"), "byte for byte");
    }

    #[test]
    fn a_dot_star_pattern_matches_by_prefix() {
        assert!(matches("prx.lifecycle.*", "prx.lifecycle.tool_call"));
        assert!(matches("prx.*", "prx.lifecycle.tool_call"));
        assert!(matches("prx.*", "prx.audit.milestone"));
        assert!(!matches("prx.lifecycle.*", "prx.audit.milestone"));
        assert!(!matches("prx.*", "prx"), "the dot is part of the prefix");
        assert!(!matches("prx.*", "prxy.event"));
    }

    #[test]
    fn the_lone_star_matches_everything() {
        assert!(matches("*", "tool_call"));
        assert!(matches("*", "prx.lifecycle.agent_start"));
        assert!(matches("*", ""));
    }

    #[test]
    fn a_star_not_after_a_dot_is_literal() {
        assert!(!matches("prx*", "prx.lifecycle.error"));
        assert!(matches("prx*", "prx*"));
        assert!(!matches("prx.*.error", "prx.lifecycle.error"));
    }
}
