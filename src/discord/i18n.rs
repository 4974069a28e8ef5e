//! The languages the bot answers in: English, and Chinese for users whose Discord client is set
//! to `zh-CN` or `zh-TW` (the seed's own language). Command names and descriptions carry both
//! simplified (zh-CN) and traditional (zh-TW) forms; replies use simplified characters.

/// A language the bot answers in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Zh,
}

impl Lang {
    /// The language of a Discord locale such as `en-US`, `zh-CN`, `zh-TW`; English otherwise.
    pub fn from_locale(locale: &str) -> Lang {
        if locale.to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// Picks the text of this language.
    pub fn pick<'a>(self, en: &'a str, zh: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_locales_get_chinese_and_the_rest_english() {
        assert_eq!(Lang::from_locale("zh-CN"), Lang::Zh);
        assert_eq!(Lang::from_locale("zh-TW"), Lang::Zh);
        assert_eq!(Lang::from_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_locale("ja"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
    }
}
