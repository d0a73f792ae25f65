//! The encoding of every server function's answer: JSON, as server_fn's own
//! `Json`, but read in the browser from text rather than from bytes.
//!
//! Why: the page reads the same types from text elsewhere (the data the
//! server renders into the page, the worker's news, the outbox's answers).
//! serde_json compiles its parser once per type *and* per kind of input, so
//! reading some answers from bytes and the rest from text put two copies of
//! every parser into the WASM. One kind of input keeps one copy.

use serde::{de::DeserializeOwned, Serialize};
use server_fn::codec::Post;
use server_fn::{Bytes, ContentType, Decodes, Encodes, Format, FormatType};

/// JSON answers, read from text.
pub struct JsonTextEncoding;

/// A `POST` (or, with `input = GetUrl`, a `GET`) answered in JSON.
pub type JsonText = Post<JsonTextEncoding>;

impl ContentType for JsonTextEncoding {
    const CONTENT_TYPE: &'static str = "application/json";
}

impl FormatType for JsonTextEncoding {
    const FORMAT_TYPE: Format = Format::Text;
}

impl<T: Serialize> Encodes<T> for JsonTextEncoding {
    type Error = serde_json::Error;

    fn encode(output: &T) -> Result<Bytes, Self::Error> {
        serde_json::to_vec(output).map(Bytes::from)
    }
}

impl<T: DeserializeOwned> Decodes<T> for JsonTextEncoding {
    type Error = serde_json::Error;

    fn decode(bytes: Bytes) -> Result<T, Self::Error> {
        // Our server writes UTF-8; anything else fails to parse below.
        serde_json::from_str(&String::from_utf8_lossy(&bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_reads_back_as_what_was_written() {
        let written = JsonTextEncoding::encode(&vec![Some(3_i64), None]).unwrap();
        let read: Vec<Option<i64>> = JsonTextEncoding::decode(written).unwrap();
        assert_eq!(read, vec![Some(3), None]);
    }

    #[test]
    fn an_answer_that_is_not_json_is_an_error_not_a_panic() {
        let read: Result<Vec<i64>, _> = JsonTextEncoding::decode(Bytes::from_static(b"\xff[1"));
        assert!(read.is_err());
    }
}
