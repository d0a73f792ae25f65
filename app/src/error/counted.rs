//! What an account's quota counts (`ssr/quotas.rs`), named on the wire in
//! a `quota_reached` refusal and in the words the page shows.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counted {
    Tasks,
    Lists,
    Steps,
    StoredAnswers,
    /// Stretches of holidays in the timetable.
    Holidays,
}
