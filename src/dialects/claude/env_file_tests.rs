use super::file_name_part;

#[test]
fn a_session_id_cannot_name_another_directory() {
    assert_eq!(file_name_part("../../etc/passwd"), "______etc_passwd");
    assert_eq!(file_name_part("abc-123_x"), "abc-123_x");
    assert_eq!(file_name_part(""), "_");
    assert_eq!(file_name_part(&"a".repeat(100)).len(), 64);
}
