//! The languages the bot speaks — English, Simplified Chinese, Traditional Chinese, Japanese
//! and Korean, Go's great communities — and its texts, one Fluent file per language in
//! `locales/`, compiled in.
//!
//! Public messages (the invitation, the board, the result, notices) speak the server's
//! language: the `language` setting, else the guild's locale as Discord says it. Private
//! replies speak the user's own locale. A text missing in a language falls back to English
//! (and a test fails if any is missing).

use std::sync::LazyLock;

use fluent_bundle::{FluentArgs, FluentValue};

use crate::i18n::Texts;

pub use crate::i18n::Lang;

/// The Fluent source of each language, in [`Lang::ALL`]'s order.
pub const SOURCES: [(Lang, &str); 5] = [
    (Lang::En, include_str!("locales/en-US.ftl")),
    (Lang::ZhCn, include_str!("locales/zh-CN.ftl")),
    (Lang::ZhTw, include_str!("locales/zh-TW.ftl")),
    (Lang::Ja, include_str!("locales/ja.ftl")),
    (Lang::Ko, include_str!("locales/ko.ftl")),
];

static BUNDLES: LazyLock<Texts> = LazyLock::new(|| Texts::new(&SOURCES));

/// The text `id` in `lang`, with `args`; English if the language lacks it, the id itself if
/// no language has it (logged).
pub fn text(lang: Lang, id: &str, args: Option<&FluentArgs<'_>>) -> String {
    BUNDLES.text(lang, id, args)
}

/// The text of an attribute (`id.attribute`), for command localisations; `None` if missing.
pub fn attribute(lang: Lang, id: &str, attribute: &str) -> Option<String> {
    BUNDLES.attribute(lang, id, attribute)
}

/// Arguments of a text, built by [`tr!`].
pub fn args<'a>(pairs: &[(&'a str, FluentValue<'a>)]) -> FluentArgs<'a> {
    let mut a = FluentArgs::new();
    for (k, v) in pairs {
        a.set(*k, v.clone());
    }
    a
}

/// A text in a language: `tr!(lang, "id")` or `tr!(lang, "id", name = value, …)`; values are
/// anything Fluent takes (strings, numbers).
macro_rules! tr {
    ($lang:expr, $id:literal) => {
        $crate::discord::i18n::text($lang, $id, None)
    };
    ($lang:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::discord::i18n::text(
            $lang,
            $id,
            Some(&$crate::discord::i18n::args(&[
                $((stringify!($name), ::fluent_bundle::FluentValue::from($value))),+
            ])),
        )
    };
}
pub(crate) use tr;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::testing::ids;
    use std::collections::BTreeSet;

    #[test]
    fn every_language_has_every_text_with_the_same_arguments() {
        let english = ids(SOURCES[0].1);
        assert!(english.len() > 100, "{} texts", english.len());
        for (lang, source) in &SOURCES[1..] {
            let theirs = ids(source);
            let missing: Vec<_> = english.difference(&theirs).collect();
            let extra: Vec<_> = theirs.difference(&english).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{}: missing {missing:?}, not in English {extra:?}",
                lang.code()
            );
        }
    }

    #[test]
    fn every_text_the_code_asks_for_exists() {
        let english: BTreeSet<String> = ids(SOURCES[0].1)
            .into_iter()
            .map(|i| i.split(' ').next().unwrap_or_default().to_owned())
            .collect();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/discord");
        let mut asked = BTreeSet::new();
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let code = std::fs::read_to_string(&path).unwrap();
                    // Every text id the macro is called with (the two-letter example in its doc
                    // comment aside).
                    for part in code.split("tr!(").skip(1) {
                        if let Some(id) = part.split('"').nth(1)
                            && id.len() > 2
                            && id
                                .chars()
                                .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit())
                        {
                            asked.insert(id.to_owned());
                        }
                    }
                }
            }
        }
        assert!(asked.len() > 50, "{} texts asked for", asked.len());
        let unknown: Vec<_> = asked.difference(&english).collect();
        assert!(
            unknown.is_empty(),
            "texts the code asks for but no file has: {unknown:?}"
        );
    }

    #[test]
    fn traditional_chinese_is_not_the_simplified_text() {
        let (cn, tw) = (SOURCES[1].1, SOURCES[2].1);
        // Characters written differently in the two scripts: the simplified forms must not
        // appear in the traditional file (这/這, 们/們, 对/對, 认输/認輸, 时间/時間, 设/設,
        // 规则/規則, 让/讓, 级/級, 过/過, 发/發, 开/開, 双/雙, 请/請, 盘/盤, 边/邊).
        for c in "这们对认输时间设规则让级过发开双请盘边".chars() {
            assert!(!tw.contains(c), "zh-TW has the simplified {c}");
        }
        for c in "這們對認輸時間設規則讓級過發開雙請盤邊".chars() {
            assert!(!cn.contains(c), "zh-CN has the traditional {c}");
        }
    }

    #[test]
    fn locales_map_to_languages() {
        assert_eq!(Lang::from_locale("zh-CN"), Lang::ZhCn);
        assert_eq!(Lang::from_locale("zh-TW"), Lang::ZhTw);
        assert_eq!(Lang::from_locale("ja"), Lang::Ja);
        assert_eq!(Lang::from_locale("ko"), Lang::Ko);
        assert_eq!(Lang::from_locale("en-GB"), Lang::En);
        assert_eq!(Lang::from_locale("fr"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
        assert_eq!(Lang::from_code("ZH-tw"), Some(Lang::ZhTw));
        assert_eq!(Lang::from_code("de"), None);
    }

    #[test]
    fn arguments_are_placed_without_isolation_marks() {
        let s = text(
            Lang::En,
            "refusal-size-not-allowed",
            Some(&args(&[("size", 13.into()), ("allowed", "7, 9".into())])),
        );
        assert_eq!(s, "This server does not allow 13×13 boards. Allowed: 7, 9.");
    }
}
