//! The web pages' texts in the five languages (`locales/`, Fluent, compiled in), and the
//! language of a server's pages: its `language` setting, else its locale as Discord gave it,
//! else English.

use std::sync::LazyLock;

use fluent_bundle::{FluentArgs, FluentValue};

use crate::i18n::{Lang, Texts};

/// The Fluent source of each language, in [`Lang::ALL`]'s order.
pub const SOURCES: [(Lang, &str); 5] = [
    (Lang::En, include_str!("locales/en-US.ftl")),
    (Lang::ZhCn, include_str!("locales/zh-CN.ftl")),
    (Lang::ZhTw, include_str!("locales/zh-TW.ftl")),
    (Lang::Ja, include_str!("locales/ja.ftl")),
    (Lang::Ko, include_str!("locales/ko.ftl")),
];

static TEXTS: LazyLock<Texts> = LazyLock::new(|| Texts::new(&SOURCES));

/// The words of one page: its language, and each text looked up in it.
#[derive(Debug, Clone, Copy)]
pub struct Words {
    pub lang: Lang,
}

impl Words {
    /// The text `id`.
    pub fn get(self, id: &str) -> String {
        TEXTS.text(self.lang, id, None)
    }

    /// The text `id` with its arguments (strings or numbers).
    pub fn with<'a>(self, id: &str, args: &[(&'a str, FluentValue<'a>)]) -> String {
        let mut a = FluentArgs::new();
        for (k, v) in args {
            a.set(*k, v.clone());
        }
        TEXTS.text(self.lang, id, Some(&a))
    }

    /// The language's tag for `<html lang>`.
    pub fn tag(self) -> &'static str {
        self.lang.discord_locale()
    }
}

/// The language of a server's pages, from its `language` setting (a code) or Discord's locale.
pub fn lang_of(setting: Option<&str>, locale: Option<&str>) -> Lang {
    setting
        .and_then(Lang::from_code)
        .or_else(|| locale.map(Lang::from_locale))
        .unwrap_or(Lang::En)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::i18n::testing::ids;

    #[test]
    fn every_language_has_every_text_with_the_same_variables() {
        let english = ids(SOURCES[0].1);
        assert!(english.len() > 50);
        for (lang, source) in &SOURCES[1..] {
            assert_eq!(ids(source), english, "{lang:?}");
        }
    }

    #[test]
    fn a_server_speaks_its_setting_else_its_locale_else_english() {
        assert_eq!(lang_of(Some("ja"), Some("ko")), Lang::Ja);
        assert_eq!(lang_of(None, Some("zh-TW")), Lang::ZhTw);
        assert_eq!(lang_of(Some("nonsense"), None), Lang::En);
        assert_eq!(lang_of(None, None), Lang::En);
        let words = Words { lang: Lang::ZhCn };
        assert_ne!(words.get("black"), "black");
        assert!(
            words
                .with("move-of", &[("n", 3.into()), ("total", 9.into())])
                .contains('9')
        );
    }
}
