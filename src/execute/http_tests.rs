use super::*;

fn allowed(names: &[&str]) -> Vec<String> {
    names.iter().map(|name| (*name).to_owned()).collect()
}

fn lookup(name: &str) -> Option<String> {
    match name {
        "TOKEN" => Some("s3cret".into()),
        "OTHER" => Some("leak".into()),
        _ => None,
    }
}

#[test]
fn only_allowed_variables_expand_and_the_others_become_nothing() {
    let expanded = expand("Bearer $TOKEN/${TOKEN}", &allowed(&["TOKEN"]), lookup);
    assert_eq!(expanded.text, "Bearer s3cret/s3cret");
    assert!(expanded.refused.is_empty());
    let expanded = expand("Bearer $OTHER-${TOKEN}", &allowed(&[]), lookup);
    assert_eq!(expanded.text, "Bearer -");
    assert_eq!(expanded.refused, ["OTHER", "TOKEN"]);
    let expanded = expand("x $UNSET y", &allowed(&["UNSET"]), lookup);
    assert_eq!(expanded.text, "x  y");
}

#[test]
fn a_dollar_that_starts_no_name_stays() {
    for text in ["price: 5$", "$ 5", "${", "${}", "${A-B}", "$1", "a$-b"] {
        let expanded = expand(text, &allowed(&[]), lookup);
        assert_eq!(expanded.text, text, "{text}");
        assert!(expanded.refused.is_empty(), "{text}");
    }
}

#[test]
fn references_know_where_they_start() {
    let pieces = references("a $B c ${D}");
    assert_eq!(
        pieces,
        [
            Piece::Text("a "),
            Piece::Var { name: "B", at: 2 },
            Piece::Text(" c "),
            Piece::Var { name: "D", at: 7 },
        ]
    );
}

#[test]
fn replies_are_read_by_status_and_body() {
    assert!(matches!(read(204, b""), Ok(Answer::Nothing)));
    assert!(matches!(read(200, b"  \n"), Ok(Answer::Nothing)));
    assert!(matches!(
        read(200, br#"{"decision":"deny"}"#),
        Ok(Answer::Stdout(_))
    ));
    let failure = read(500, br#"{"decision":"allow"}"#).unwrap_err();
    assert_eq!(failure.message, "http: status 500");
    assert!(read(200, b"ok").is_err());
    assert!(read(200, b"[1]").is_err());
    assert!(read(302, b"").is_err());
}

#[test]
fn a_test_server_gets_the_path_and_query_of_the_url() {
    let server = "http://127.0.0.1:4000";
    assert_eq!(
        redirected("https://audit.example.com/hook/a?x=1", server),
        "http://127.0.0.1:4000/hook/a?x=1"
    );
    assert_eq!(
        redirected("https://audit.example.com", server),
        "http://127.0.0.1:4000/"
    );
    assert_eq!(
        redirected("http://h:9/p", "http://127.0.0.1:4000/"),
        "http://127.0.0.1:4000/p"
    );
}
