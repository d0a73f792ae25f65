//! Reading an error answer as any client would: a code to act on, and a
//! sentence for a person.

use serde_json::Value;

/// The error's code, after checking the body is `{"error", "message"}` with
/// a sentence in it.
pub fn error_code(body: &str) -> String {
    let error: Value =
        serde_json::from_str(body).unwrap_or_else(|_| panic!("an error as JSON, got {body:?}"));
    let message = error["message"].as_str().unwrap_or_default();
    assert!(message.len() > 5, "an error says what happened: {body}");
    error["error"]
        .as_str()
        .unwrap_or_else(|| panic!("an error has a code: {body}"))
        .to_owned()
}
