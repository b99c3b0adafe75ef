use super::*;

fn block(base: &[&'static CStr], set: &[(&str, &str)]) -> Vec<String> {
    let base: Vec<OwnEntry> = base.iter().map(|entry| OwnEntry::new(entry)).collect();
    EnvBlock::new(&base, set.iter().map(|(k, v)| (k.as_bytes(), v.as_bytes())))
        .expect("no NUL")
        .entries()
        .into_iter()
        .map(|e| String::from_utf8(e.to_vec()).expect("utf-8"))
        .collect()
}

#[test]
fn the_job_s_variables_replace_hookrun_s_and_come_last_in_order() {
    assert_eq!(
        block(
            &[c"HOME=/root", c"PATH=/bin", c"TERM=xterm"],
            &[("PATH", "/usr/bin"), ("HOOKRUN_HOOK", "guard")]
        ),
        [
            "HOME=/root",
            "TERM=xterm",
            "PATH=/usr/bin",
            "HOOKRUN_HOOK=guard"
        ]
    );
}

#[test]
fn of_a_key_set_twice_the_later_value_wins() {
    assert_eq!(
        block(&[c"A=0"], &[("A", "1"), ("B", "2"), ("A", "3")]),
        ["B=2", "A=3"]
    );
}

#[test]
fn a_key_is_matched_whole_and_may_begin_with_an_equals_sign() {
    assert_eq!(entry_key(b"=C:=C:\\"), b"=C:");
    assert_eq!(entry_key(b"PATHS=x"), b"PATHS");
    assert_eq!(entry_key(b"NOVALUE"), b"NOVALUE");
    assert_eq!(entry_key(b""), b"");
    assert_eq!(entry_key(b"="), b"=");
    assert_eq!(
        block(&[c"PATHS=x", c"=C:=y"], &[("PATH", "/bin"), ("=C:", "z")]),
        ["PATHS=x", "PATH=/bin", "=C:=z"]
    );
}

#[test]
fn an_empty_value_is_kept_and_a_nul_byte_is_refused() {
    assert_eq!(block(&[], &[("EMPTY", "")]), ["EMPTY="]);
    let refused = EnvBlock::new(&[], [(&b"K"[..], &b"a\0b"[..])].into_iter())
        .expect_err("a NUL cannot be passed");
    assert_eq!(refused.kind(), io::ErrorKind::InvalidInput);
}

#[test]
fn the_pointer_array_ends_with_null_and_points_at_each_entry() {
    let env = EnvBlock::new(
        &[OwnEntry::new(c"A=1")],
        [(&b"B"[..], &b"2"[..])].into_iter(),
    )
    .expect("no NUL");
    let pointers = env.pointers();
    assert_eq!(pointers.len(), 3);
    assert!(pointers[2].is_null());
    #[expect(unsafe_code, reason = "reading back the C strings the block points at")]
    // SAFETY: each pointer is at a NUL-terminated entry alive here: a `'static` one of the base,
    // or one in `env.bytes`.
    let read = |p: *const libc::c_char| unsafe { std::ffi::CStr::from_ptr(p) }.to_owned();
    assert_eq!(read(pointers[0]), c"A=1".to_owned());
    assert_eq!(read(pointers[1]), c"B=2".to_owned());
}
