use std::borrow::Cow;
use std::fmt::Write as _;

use super::*;

#[test]
fn objects_keep_the_file_order_and_the_last_of_a_repeated_key() {
    let node =
        Node::from_json(r#"{"b": 1, "a": [true, null, "x"], "b": 2, "c": {"z": 0, "y": 1.5}}"#)
            .unwrap();
    let object = node.as_object().unwrap();
    assert_eq!(object.keys().collect::<Vec<_>>(), ["b", "a", "c"]);
    assert_eq!(object.get("b"), Some(&Node::Number(2.into())));
    assert_eq!(object.len(), 3);
    let inner = node.get("c").unwrap().as_object().unwrap();
    assert_eq!(inner.keys().collect::<Vec<_>>(), ["z", "y"]);
    assert_eq!(inner.get("y").unwrap().to_string(), "1.5");
    let pairs: Vec<_> = inner.iter().map(|(k, v)| format!("{k}={v}")).collect();
    assert_eq!(pairs, ["z=0", "y=1.5"]);
    let items = node.get("a").unwrap().as_array().unwrap();
    assert_eq!(
        items,
        [Node::Bool(true), Node::Null, Node::String("x".into())]
    );
    assert!(object.get("d").is_none());
    // serde_json reads a repeated key the same way: its last value.
    let value: serde_json::Value = serde_json::from_str(r#"{"b": 1, "a": 2, "b": 3}"#).unwrap();
    let node = Node::from_json(r#"{"b": 1, "a": 2, "b": 3}"#).unwrap();
    assert_eq!(node.to_value(), value);
}

#[test]
fn large_objects_find_repeated_keys_too() {
    let mut text = String::from("{");
    for i in 0..40 {
        write!(text, "\"k{i}\": {i}, ").unwrap();
    }
    text.push_str("\"k3\": \"last\"}");
    let node = Node::from_json(&text).unwrap();
    let object = node.as_object().unwrap();
    assert_eq!(object.len(), 40);
    assert_eq!(object.keys().nth(3), Some("k3"));
    assert_eq!(object.get("k3"), Some(&Node::String("last".into())));
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
fn toml_documents_parse() {
    let node = Node::from_toml("z = 1\na = \"x\"\n[[hook]]\nname = \"n\"\nt = 1.5\n").unwrap();
    let hooks = node.get("hook").unwrap().as_array().unwrap();
    assert_eq!(hooks[0].get("name"), Some(&Node::String("n".into())));
    assert_eq!(node.get("z"), Some(&Node::Number(1.into())));
    assert!(Node::from_toml("a = ").is_err());
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
