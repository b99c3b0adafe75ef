use super::*;

fn values(session: &str) -> Values {
    Values {
        project: "/work/my project".to_owned(),
        cwd: "/work/a:b".to_owned(),
        session: session.to_owned(),
        plans: Some("/home/u/.gemini/tmp/p/s/plans".to_owned()),
    }
}

#[test]
fn values_are_quoted_as_shell_quote_quotes_them() {
    // Each expectation is what shell-quote 1.8.3's `quote([s])` prints under node.
    let cases = [
        ("/tmp/ab", "/tmp/ab"),
        ("/tmp/a:b", "/tmp/a\\:b"),
        ("/work/my project", "'/work/my project'"),
        ("it's here", "\"it's here\""),
        ("say \"hi\"", "'say \"hi\"'"),
        ("a\\b", "'a\\b'"),
        ("c:$x", "c:\\$x"),
        ("/p/a:#b", "/p/a:\\#b"),
        ("$HOME!", "\\$HOME\\!"),
        ("x\u{feff}y", "'x\u{feff}y'"),
        ("x\u{85}y", "x\u{85}y"),
        ("tab\there", "'tab\there'"),
    ];
    for (value, quoted) in cases {
        assert_eq!(quote(value), quoted, "{value:?}");
    }
}

#[test]
fn each_gemini_variable_in_the_command_text_becomes_its_quoted_value() {
    let text = "run $GEMINI_PROJECT_DIR $GEMINI_CWD $GEMINI_PLANS_DIR $GEMINI_SESSION_ID \
                $CLAUDE_PROJECT_DIR";
    assert_eq!(
        expand(text, &values("s1")).as_deref(),
        Some(
            "run '/work/my project' /work/a\\:b /home/u/.gemini/tmp/p/s/plans s1 '/work/my project'"
        )
    );
}

#[test]
fn braced_variables_are_left_to_the_shell() {
    let text = "cd \"${GEMINI_PROJECT_DIR}\" && echo ${GEMINI_CWD} $GEMINI_CWD";
    assert_eq!(
        expand(text, &values("s1")).as_deref(),
        Some("cd \"${GEMINI_PROJECT_DIR}\" && echo ${GEMINI_CWD} /work/a\\:b")
    );
}

#[test]
fn a_missing_value_becomes_nothing() {
    assert_eq!(
        expand("echo [$GEMINI_SESSION_ID]", &values("")).as_deref(),
        Some("echo []")
    );
}

#[test]
fn a_name_is_replaced_wherever_it_starts() {
    assert_eq!(
        expand("cat $GEMINI_CWD_LOG $GEMINI_SESSION_IDs", &values("s1")).as_deref(),
        Some("cat /work/a\\:b_LOG s1s")
    );
}

#[test]
fn later_passes_see_the_text_earlier_values_brought_in() {
    // The project's path names `$GEMINI_CWD`; quoted it is `\$GEMINI_CWD`, which the next pass
    // replaces, as Gemini's chain of `replace` calls does.
    let mut odd = values("s1");
    odd.project = "/x$GEMINI_CWD".to_owned();
    assert_eq!(
        expand("ls $GEMINI_PROJECT_DIR", &odd).as_deref(),
        Some("ls /x\\/work/a\\:b")
    );
}

#[test]
fn text_without_gemini_variables_runs_as_written() {
    assert_eq!(expand("echo $HOME $GEMINI", &values("s1")), None);
    assert_eq!(expand("echo ${CLAUDE_PROJECT_DIR}", &values("s1")), None);
}
