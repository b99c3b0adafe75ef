//! A parsed configuration or test file, whatever its format (JSON, TOML, YAML): a tree whose
//! strings borrow from the file's text wherever the format allows and whose objects are plain
//! vectors in the file's order, so that reading a file costs little more than parsing it
//! (`hookrun fire` loads every discovered file on every event). The checked reader (`reader.rs`)
//! walks it.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Number;

/// One value of the tree.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node<'a> {
    Null,
    Bool(bool),
    Number(Number),
    String(Cow<'a, str>),
    Array(Vec<Node<'a>>),
    Object(Object<'a>),
}

/// A mapping from keys to nodes, in the file's order (for YAML, PromptKit's run order). A key
/// written twice keeps its first place and its last value, as in serde_json's order-preserving
/// map.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Object<'a> {
    entries: Vec<(Cow<'a, str>, Node<'a>)>,
}

impl<'a> Node<'a> {
    /// Parses JSON text.
    pub(crate) fn from_json(text: &'a str) -> Result<Node<'a>, serde_json::Error> {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let node = NodeSeed.deserialize(&mut deserializer)?;
        deserializer.end()?;
        Ok(node)
    }

    /// Parses TOML text.
    pub(crate) fn from_toml(text: &'a str) -> Result<Node<'a>, toml::de::Error> {
        NodeSeed.deserialize(toml::Deserializer::parse(text)?)
    }

    pub(crate) fn as_object(&self) -> Option<&Object<'a>> {
        match self {
            Node::Object(object) => Some(object),
            _ => None,
        }
    }

    pub(crate) fn as_array(&self) -> Option<&[Node<'a>]> {
        match self {
            Node::Array(items) => Some(items),
            _ => None,
        }
    }

    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Node::String(text) => Some(text),
            _ => None,
        }
    }

    pub(crate) fn is_null(&self) -> bool {
        matches!(self, Node::Null)
    }

    /// The value of `key`, when this is an object holding it.
    pub(crate) fn get(&self, key: &str) -> Option<&Node<'a>> {
        self.as_object()?.get(key)
    }
}

/// Scalars as JSON writes them (`5`, `true`, `"text"`); containers as `[…]` and `{…}`.
impl fmt::Display for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Null => f.write_str("null"),
            Node::Bool(flag) => write!(f, "{flag}"),
            Node::Number(number) => write!(f, "{number}"),
            Node::String(text) => write!(f, "{text:?}"),
            Node::Array(_) => f.write_str("[…]"),
            Node::Object(_) => f.write_str("{…}"),
        }
    }
}

impl<'a> Object<'a> {
    fn new(mut entries: Vec<(Cow<'a, str>, Node<'a>)>) -> Object<'a> {
        if has_repeats(&entries) {
            let mut kept: Vec<(Cow<'a, str>, Node<'a>)> = Vec::with_capacity(entries.len());
            for (key, value) in entries {
                match kept.iter_mut().find(|(k, _)| *k == key) {
                    Some(first) => first.1 = value,
                    None => kept.push((key, value)),
                }
            }
            entries = kept;
        }
        Object { entries }
    }

    /// The object of `entries`, or `None` when a key repeats.
    pub(crate) fn without_repeats(entries: Vec<(Cow<'a, str>, Node<'a>)>) -> Option<Object<'a>> {
        (!has_repeats(&entries)).then_some(Object { entries })
    }

    /// The value of `key`.
    pub(crate) fn get(&self, key: &str) -> Option<&Node<'a>> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub(crate) fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(crate) fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(k, _)| k.as_ref())
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &Node<'a>)> {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v))
    }
}

/// Whether some key of `entries` is written twice.
fn has_repeats(entries: &[(Cow<'_, str>, Node<'_>)]) -> bool {
    if entries.len() <= 32 {
        // Hook entries have a handful of keys: comparing every pair is the cheap test.
        (1..entries.len()).any(|i| entries[..i].iter().any(|(k, _)| *k == entries[i].0))
    } else {
        let mut keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_ref()).collect();
        keys.sort_unstable();
        keys.windows(2).any(|pair| pair[0] == pair[1])
    }
}

impl<'o, 'a> IntoIterator for &'o Object<'a> {
    type Item = (&'o str, &'o Node<'a>);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'o, (Cow<'a, str>, Node<'a>)>,
        fn(&'o (Cow<'a, str>, Node<'a>)) -> (&'o str, &'o Node<'a>),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v))
    }
}

impl<'de> serde::Deserialize<'de> for Node<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        NodeSeed.deserialize(deserializer)
    }
}

/// Deserializes one node.
#[derive(Clone, Copy)]
struct NodeSeed;

impl<'de> DeserializeSeed<'de> for NodeSeed {
    type Value = Node<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Node<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for NodeSeed {
    type Value = Node<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Node<'de>, E> {
        Ok(Node::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Node<'de>, E> {
        Ok(Node::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Node<'de>, E> {
        Ok(Node::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Node<'de>, E> {
        // As serde_json reads them: NaN and the infinities are not JSON numbers.
        Ok(Number::from_f64(v).map_or(Node::Null, Node::Number))
    }

    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Node<'de>, E> {
        Ok(Node::String(Cow::Borrowed(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<Node<'de>, E> {
        Ok(Node::String(Cow::Owned(v.to_owned())))
    }

    fn visit_string<E>(self, v: String) -> Result<Node<'de>, E> {
        Ok(Node::String(Cow::Owned(v)))
    }

    fn visit_unit<E>(self) -> Result<Node<'de>, E> {
        Ok(Node::Null)
    }

    fn visit_none<E>(self) -> Result<Node<'de>, E> {
        Ok(Node::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Node<'de>, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node<'de>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Node::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node<'de>, A::Error> {
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0).min(64));
        while let Some(key) = map.next_key_seed(KeySeed)? {
            entries.push((key, map.next_value_seed(self)?));
        }
        Ok(Node::Object(Object::new(entries)))
    }
}

/// Deserializes an object key: a string, or a YAML scalar key (`1:`, `true:`) as its text.
struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Cow<'de, str>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a plain scalar key")
    }

    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Borrowed(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(v))
    }

    fn visit_bool<E>(self, v: bool) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(v.to_string()))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(v.to_string()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(v.to_string()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(v.to_string()))
    }

    fn visit_unit<E>(self) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Borrowed("null"))
    }

    fn visit_none<E>(self) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Borrowed("null"))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Cow<'de, str>, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<Cow<'de, str>, A::Error> {
        Err(de::Error::custom("mapping keys must be plain scalars"))
    }

    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<Cow<'de, str>, A::Error> {
        Err(de::Error::custom("mapping keys must be plain scalars"))
    }
}

impl Node<'_> {
    /// The same tree as a `serde_json::Value` (payloads written in test files; tests).
    pub(crate) fn to_value(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Node::Null => Value::Null,
            Node::Bool(flag) => Value::Bool(*flag),
            Node::Number(number) => Value::Number(number.clone()),
            Node::String(text) => Value::String(text.to_string()),
            Node::Array(items) => Value::Array(items.iter().map(Node::to_value).collect()),
            Node::Object(object) => Value::Object(
                object
                    .iter()
                    .map(|(k, v)| (k.to_owned(), v.to_value()))
                    .collect(),
            ),
        }
    }
}

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
