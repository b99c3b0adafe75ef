use std::borrow::Cow;

use serde::de::DeserializeSeed;

use super::*;

fn yaml(text: &str) -> Node<'_> {
    NodeSeed(KeyOrder::File)
        .deserialize(&mut serde_json::Deserializer::from_str(text))
        .unwrap()
}

#[test]
fn json_objects_read_sorted_with_the_last_of_a_repeated_key() {
    let node =
        Node::from_json(r#"{"b": 1, "a": [true, null, "x"], "b": 2, "c": {"z": 0, "y": 1.5}}"#)
            .unwrap();
    let object = node.as_object().unwrap();
    assert_eq!(object.keys().collect::<Vec<_>>(), ["a", "b", "c"]);
    assert_eq!(object.get("b"), Some(&Node::Number(2.into())));
    assert_eq!(object.len(), 3);
    let inner = node.get("c").unwrap().as_object().unwrap();
    assert_eq!(inner.keys().collect::<Vec<_>>(), ["y", "z"]);
    assert_eq!(inner.get("y").unwrap().to_string(), "1.5");
    let items = node.get("a").unwrap().as_array().unwrap();
    assert_eq!(
        items,
        [Node::Bool(true), Node::Null, Node::String("x".into())]
    );
    assert!(object.get("d").is_none());
    // The same reading as serde_json's own Value, key order included.
    let value: serde_json::Value = serde_json::from_str(r#"{"b": 1, "a": 2, "b": 3}"#).unwrap();
    let keys: Vec<_> = value.as_object().unwrap().keys().cloned().collect();
    let node = Node::from_json(r#"{"b": 1, "a": 2, "b": 3}"#).unwrap();
    assert_eq!(node.as_object().unwrap().keys().collect::<Vec<_>>(), keys);
    assert_eq!(node.get("b").unwrap().to_string(), value["b"].to_string());
}

#[test]
fn json_strings_borrow_from_the_text_unless_escaped() {
    let node = Node::from_json(r#"{"plain": "abc", "escaped": "a\"b"}"#).unwrap();
    assert!(matches!(
        node.get("plain"),
        Some(Node::String(Cow::Borrowed("abc")))
    ));
    assert!(matches!(node.get("escaped"), Some(Node::String(Cow::Owned(text))) if text == "a\"b"));
}

#[test]
fn json_syntax_errors_and_trailing_text_are_errors() {
    assert!(Node::from_json(r#"{"a": }"#).is_err());
    assert!(Node::from_json(r#"{"a": 1} x"#).is_err());
    assert!(Node::from_json("").is_err());
}

#[test]
fn toml_tables_read_sorted() {
    let node = Node::from_toml("z = 1\na = \"x\"\n[[hook]]\nname = \"n\"\nt = 1.5\n").unwrap();
    let object = node.as_object().unwrap();
    assert_eq!(object.keys().collect::<Vec<_>>(), ["a", "hook", "z"]);
    let hooks = node.get("hook").unwrap().as_array().unwrap();
    assert_eq!(hooks[0].get("name"), Some(&Node::String("n".into())));
    assert!(Node::from_toml("a = ").is_err());
}

#[test]
fn file_order_objects_keep_their_order() {
    let node = yaml(r#"{"zeta": 1, "alpha": 2, "mid": 3}"#);
    let object = node.as_object().unwrap();
    assert_eq!(object.keys().collect::<Vec<_>>(), ["zeta", "alpha", "mid"]);
    assert_eq!(object.get("alpha"), Some(&Node::Number(2.into())));
    let pairs: Vec<_> = object.iter().map(|(k, v)| format!("{k}={v}")).collect();
    assert_eq!(pairs, ["zeta=1", "alpha=2", "mid=3"]);
}

#[test]
fn display_writes_scalars_as_json() {
    let node = Node::from_json(r#"[5, -1, 2.5, true, null, "t\"x", [1], {}]"#).unwrap();
    let shown: Vec<_> = node
        .as_array()
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        shown,
        ["5", "-1", "2.5", "true", "null", r#""t\"x""#, "[…]", "{…}"]
    );
}
