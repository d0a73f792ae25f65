//! How a subject looks on its tasks' rows and in Today's lessons: a colour
//! from a fixed palette (so no style is ever written from input) and,
//! optionally, an emoji.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Red,
    Orange,
    Yellow,
    Green,
    Teal,
    Blue,
    Violet,
    Pink,
    Grey,
}

impl Colour {
    pub const ALL: [Colour; 9] = [
        Self::Red,
        Self::Orange,
        Self::Yellow,
        Self::Green,
        Self::Teal,
        Self::Blue,
        Self::Violet,
        Self::Pink,
        Self::Grey,
    ];

    /// Its name in the wire's text and in the page's `data-colour`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Red => "red",
            Self::Orange => "orange",
            Self::Yellow => "yellow",
            Self::Green => "green",
            Self::Teal => "teal",
            Self::Blue => "blue",
            Self::Violet => "violet",
            Self::Pink => "pink",
            Self::Grey => "grey",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|colour| colour.name() == name)
    }
}

/// A subject's emoji: one symbol (up to four code points, for the joined
/// ones), no letters, digits or spaces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Emoji(String);

impl Emoji {
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let fits = (1..=4).contains(&text.chars().count())
            && !text
                .chars()
                .any(|c| c.is_alphanumeric() || c.is_whitespace() || c.is_control());
        fits.then(|| Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Emoji {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Look {
    pub colour: Colour,
    pub emoji: Option<Emoji>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_reads_back_by_its_name_and_nothing_else_does() {
        for colour in Colour::ALL {
            assert_eq!(Colour::parse(colour.name()), Some(colour));
        }
        assert_eq!(Colour::parse("#ff0000"), None);
        assert_eq!(Colour::parse("red; background: url(x)"), None);
    }

    #[test]
    fn an_emoji_is_one_symbol_without_letters() {
        assert_eq!(Emoji::parse(" 📐 ").unwrap().as_str(), "📐");
        assert!(Emoji::parse("👩‍🔬").is_some());
        assert_eq!(Emoji::parse("А"), None);
        assert_eq!(Emoji::parse("📐 📏"), None);
        assert_eq!(Emoji::parse("📐📏📐📏📐"), None);
        assert_eq!(Emoji::parse(""), None);
    }
}
