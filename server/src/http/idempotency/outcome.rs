//! What a mutation's answer means for its key: kept with the work, or
//! rolled back so the retry runs again (docs/design.md §3).
//!
//! Read from the error the answer carries, decoded from its body, not from
//! its status: server_fn answers 500 for any error whose status no one set
//! (a refusal that skipped `Call::reject`, or server_fn's own refusal of
//! arguments that do not decode), and that 500 must not turn a final
//! refusal into a fault that is never stored.

use crate::http::error_status::{give_status, server_fn_error};
use app::error::AppError;
use http::response::Parts;

#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No error: a success, a redirect, or a route's own answer outside
    /// the server functions (a 404). Kept, and the work committed.
    Answered,
    /// A server function refused with a client error: the request's final
    /// answer, kept with the work (which commits, as for any kept answer).
    Refused(AppError),
    /// The server failed: an error that is the server's (`Internal`), an
    /// error answer that cannot be read, or a 5xx outside the server
    /// functions. Nothing is kept; the retry runs the work again.
    Fault,
}

impl Outcome {
    pub fn of(parts: &Parts, body: &[u8]) -> Self {
        match server_fn_error(&parts.headers, body) {
            Some(Ok(error)) if error.http_status().is_server_error() => Self::Fault,
            Some(Ok(error)) => Self::Refused(error),
            Some(Err(_)) => Self::Fault,
            // Nothing to decode: the status is all the answer says.
            None if parts.status.is_server_error() => Self::Fault,
            None => Self::Answered,
        }
    }

    /// Gives a refusal server_fn sent as 500 its error's own status and
    /// headers, so the answer given and the answer kept for repeats are
    /// what the client would get without a key (`error_status`).
    pub fn settle(&self, parts: &mut Parts) {
        if let Self::Refused(error) = self {
            give_status(parts, error);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use app::domain::TaskTitleError;
    use http::Response;
    use server_fn::error::SERVER_FN_ERROR_HEADER;

    /// An answer's head: its status, and whether server_fn marked it an error.
    fn head(status: u16, error_answer: bool) -> Parts {
        let mut answer = Response::builder().status(status);
        if error_answer {
            answer = answer.header(SERVER_FN_ERROR_HEADER, "/api/tasks/add");
        }
        answer.body(()).unwrap().into_parts().0
    }

    /// What an answer means, and the status it is given and kept with.
    fn read(status: u16, error_answer: bool, body: &str) -> (Outcome, u16) {
        let mut parts = head(status, error_answer);
        let outcome = Outcome::of(&parts, body.as_bytes());
        outcome.settle(&mut parts);
        (outcome, parts.status.as_u16())
    }

    #[test]
    fn answers_without_an_error_are_kept_unless_the_server_failed() {
        assert_eq!(read(200, false, "{}"), (Outcome::Answered, 200));
        // A form post's redirect, and a route of no server function.
        assert_eq!(read(302, false, ""), (Outcome::Answered, 302));
        assert_eq!(read(404, false, ""), (Outcome::Answered, 404));
        assert_eq!(read(503, false, ""), (Outcome::Fault, 503));
        assert_eq!(read(500, false, ""), (Outcome::Fault, 500));
    }

    #[test]
    fn a_refusal_is_kept_with_its_own_status_whatever_server_fn_sent() {
        let title = AppError::InvalidTitle(TaskTitleError::Empty);
        let refused = |error: &AppError| Outcome::Refused(error.clone());
        // Through `Call::reject`: the status is the error's already.
        assert_eq!(read(400, true, &title.body()), (refused(&title), 400));
        let unauthorized = AppError::Unauthorized;
        assert_eq!(
            read(401, true, &unauthorized.body()),
            (refused(&unauthorized), 401)
        );
        // Past it, or refused by server_fn itself: its 500 is no fault.
        assert_eq!(read(500, true, &title.body()), (refused(&title), 400));
        let bad = AppError::BadRequest;
        assert_eq!(read(500, true, &bad.body()), (refused(&bad), 400));
        let wait = AppError::TooManyChanges {
            retry_after_secs: 3,
        };
        assert_eq!(read(500, true, &wait.body()), (refused(&wait), 429));
    }

    #[test]
    fn the_servers_own_error_or_an_unreadable_one_is_a_fault_under_any_status() {
        let internal = AppError::Internal.body();
        assert_eq!(read(500, true, &internal), (Outcome::Fault, 500));
        // A form post's redirect carrying the error.
        assert_eq!(read(302, true, &internal), (Outcome::Fault, 302));
        assert_eq!(read(500, true, "<html>"), (Outcome::Fault, 500));
        assert_eq!(read(400, true, ""), (Outcome::Fault, 400));
    }

    #[test]
    fn a_refusal_given_its_status_also_gets_its_headers() {
        let wait = AppError::TooManyChanges {
            retry_after_secs: 3,
        };
        let mut parts = head(500, true);
        Outcome::of(&parts, wait.body().as_bytes()).settle(&mut parts);
        assert_eq!(parts.headers["retry-after"], "3");
    }
}
