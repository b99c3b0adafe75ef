//! YAML configuration files (PromptKit's RuntimeConfig): parsed with serde-saphyr, whose budgets
//! bound alias expansion, nesting and node counts (SPEC §11), into a tree whose mappings keep the
//! file's key order. The checked reader works on the `serde_json::Value` made from it; the order of
//! a mapping's keys (PromptKit's run order) is read from the tree itself.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use crate::config::diagnostics::{Diagnostic, Severity};

/// A YAML document with mappings in file order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Yaml {
    Null,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(String),
    Seq(Vec<Yaml>),
    Map(Vec<(String, Yaml)>),
}

impl Yaml {
    /// Parses `text`; a syntax error or a breached budget becomes a positioned diagnostic.
    pub(crate) fn parse(file: &str, text: &str) -> Result<Yaml, Box<Diagnostic>> {
        let mut options = serde_saphyr::Options::default();
        options.with_snippet = false;
        // YAML 1.2 booleans only, as PromptKit's Go parser reads them: `command: y` is a string.
        options.strict_booleans = true;
        serde_saphyr::from_str_with_options(text, options).map_err(|error| {
            let position = error.location().map_or((0, 0), |location| {
                (to_usize(location.line()), to_usize(location.column()))
            });
            let message = error.to_string();
            let message = message.trim();
            let message = message
                .strip_prefix("error: ")
                .unwrap_or(message)
                .split_once(": ")
                .filter(|(head, _)| head.starts_with("line "))
                .map_or(message, |(_, rest)| rest);
            let message = message
                .rsplit_once(" at line ")
                .filter(|(_, at)| at.contains("column"))
                .map_or(message, |(head, _)| head);
            Box::new(Diagnostic::at(
                Severity::Error,
                file,
                text,
                position,
                format!("invalid YAML: {message}"),
            ))
        })
    }

    /// The value at a path of mapping keys, if every step is a mapping holding the key.
    pub(crate) fn get(&self, keys: &[&str]) -> Option<&Yaml> {
        keys.iter().try_fold(self, |node, key| match node {
            Yaml::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        })
    }

    /// A mapping's keys in file order (empty for other nodes).
    pub(crate) fn keys(&self) -> Vec<&str> {
        match self {
            Yaml::Map(entries) => entries.iter().map(|(k, _)| k.as_str()).collect(),
            _ => Vec::new(),
        }
    }

    /// The same document as JSON, for the checked reader.
    pub(crate) fn to_json(&self) -> Value {
        match self {
            Yaml::Null => Value::Null,
            Yaml::Bool(flag) => Value::Bool(*flag),
            Yaml::Int(number) => Value::from(*number),
            Yaml::UInt(number) => Value::from(*number),
            Yaml::Float(number) => Number::from_f64(*number).map_or(Value::Null, Value::Number),
            Yaml::Str(text) => Value::String(text.clone()),
            Yaml::Seq(items) => Value::Array(items.iter().map(Yaml::to_json).collect()),
            Yaml::Map(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_json()))
                    .collect::<Map<_, _>>(),
            ),
        }
    }
}

fn to_usize(number: u64) -> usize {
    usize::try_from(number).unwrap_or(usize::MAX)
}

impl<'de> Deserialize<'de> for Yaml {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Yaml, D::Error> {
        deserializer.deserialize_any(YamlVisitor)
    }
}

struct YamlVisitor;

impl<'de> Visitor<'de> for YamlVisitor {
    type Value = Yaml;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any YAML value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Yaml, E> {
        Ok(Yaml::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Yaml, E> {
        Ok(Yaml::Int(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Yaml, E> {
        Ok(Yaml::UInt(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Yaml, E> {
        Ok(Yaml::Float(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Yaml, E> {
        Ok(Yaml::Str(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Yaml, E> {
        Ok(Yaml::Str(v))
    }

    fn visit_unit<E>(self) -> Result<Yaml, E> {
        Ok(Yaml::Null)
    }

    fn visit_none<E>(self) -> Result<Yaml, E> {
        Ok(Yaml::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Yaml, D::Error> {
        Yaml::deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Yaml, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Yaml::Seq(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Yaml, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<Yaml>()? {
            let key = match key {
                Yaml::Str(text) => text,
                Yaml::Bool(flag) => flag.to_string(),
                Yaml::Int(number) => number.to_string(),
                Yaml::UInt(number) => number.to_string(),
                Yaml::Float(number) => number.to_string(),
                Yaml::Null => "null".to_owned(),
                Yaml::Seq(_) | Yaml::Map(_) => {
                    return Err(de::Error::custom("mapping keys must be plain scalars"));
                }
            };
            entries.push((key, map.next_value()?));
        }
        Ok(Yaml::Map(entries))
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use serde_json::json;

    use super::*;

    #[test]
    fn mappings_keep_the_file_order() {
        let doc = Yaml::parse(
            "r.yaml",
            "spec:\n  hooks:\n    zeta: {a: 1}\n    alpha: {}\n    mid: {}\n",
        )
        .unwrap();
        assert_eq!(
            doc.get(&["spec", "hooks"]).unwrap().keys(),
            ["zeta", "alpha", "mid"]
        );
        assert_eq!(
            doc.to_json(),
            json!({"spec": {"hooks": {"zeta": {"a": 1}, "alpha": {}, "mid": {}}}})
        );
    }

    #[test]
    fn scalars_become_json_values() {
        let doc = Yaml::parse(
            "r.yaml",
            "a: 5\nb: -1\nc: 1.5\nd: true\ne: ~\nf: text\ng: [x, 2]\nh: y\ni: off\n",
        )
        .unwrap();
        assert_eq!(
            doc.to_json(),
            json!({"a": 5, "b": -1, "c": 1.5, "d": true, "e": null, "f": "text", "g": ["x", 2], "h": "y", "i": "off"})
        );
    }

    #[test]
    fn syntax_errors_are_positioned() {
        let error = Yaml::parse("r.yaml", "spec:\n  hooks: [a, b\n  x: 1\n").unwrap_err();
        assert!(error.is_error());
        assert!(error.line >= 2, "{error}");
        assert!(error.message.starts_with("invalid YAML: "), "{error}");
        assert!(!error.message.contains(" at line "), "{error}");
    }

    #[test]
    fn alias_bombs_are_refused() {
        let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
        for level in 1..10 {
            let prev = level - 1;
            let refs = vec![format!("*a{prev}"); 9].join(", ");
            writeln!(text, "a{level}: &a{level} [{refs}]").unwrap();
        }
        let error = Yaml::parse("bomb.yaml", &text).unwrap_err();
        assert!(error.is_error(), "{error}");
    }

    #[test]
    fn deep_nesting_is_refused() {
        let text = format!("a: {}{}\n", "[".repeat(10_000), "]".repeat(10_000));
        assert!(Yaml::parse("deep.yaml", &text).is_err());
    }
}
