//! Texts in the five languages Tengen speaks — English, Simplified Chinese, Traditional
//! Chinese, Japanese and Korean, Go's great communities — from Fluent sources compiled in.
//! Each front end keeps its own sources (Discord's messages, the web's pages); the languages
//! and the lookup with its fallback to English are one.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    ZhCn,
    ZhTw,
    Ja,
    Ko,
}

impl Lang {
    /// Every language, English first (the fallback).
    pub const ALL: [Lang; 5] = [Lang::En, Lang::ZhCn, Lang::ZhTw, Lang::Ja, Lang::Ko];

    /// The Discord locale of the language, as command localisations are keyed.
    pub const fn discord_locale(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::ZhCn => "zh-CN",
            Lang::ZhTw => "zh-TW",
            Lang::Ja => "ja",
            Lang::Ko => "ko",
        }
    }

    /// The code a moderator types for the `language` setting.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
            Lang::ZhTw => "zh-TW",
            Lang::Ja => "ja",
            Lang::Ko => "ko",
        }
    }

    /// The language of a Discord locale such as `en-US`, `zh-CN`, `zh-TW`, `ja`, `ko`;
    /// English for any other.
    pub fn from_locale(locale: &str) -> Lang {
        let l = locale.trim().to_ascii_lowercase();
        if l == "zh-tw" || l == "zh-hk" || l.starts_with("zh-hant") {
            Lang::ZhTw
        } else if l.starts_with("zh") {
            Lang::ZhCn
        } else if l.starts_with("ja") {
            Lang::Ja
        } else if l.starts_with("ko") {
            Lang::Ko
        } else {
            Lang::En
        }
    }

    /// The language a moderator named (`en`, `zh-CN`, `zh-TW`, `ja`, `ko`, case-insensitive).
    pub fn from_code(code: &str) -> Option<Lang> {
        let c = code.trim();
        Lang::ALL.into_iter().find(|l| {
            l.code().eq_ignore_ascii_case(c) || l.discord_locale().eq_ignore_ascii_case(c)
        })
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// The texts of one front end, a Fluent bundle per language in [`Lang::ALL`]'s order.
pub struct Texts {
    bundles: Vec<FluentBundle<FluentResource>>,
}

impl Texts {
    /// The bundles of `sources`, one per language. A file with an error still yields its
    /// good messages (logged; the front ends' tests catch the error).
    pub fn new(sources: &[(Lang, &str)]) -> Texts {
        let bundles = sources
            .iter()
            .map(|(lang, source)| {
                let id: LanguageIdentifier = lang
                    .discord_locale()
                    .parse()
                    .unwrap_or_else(|_| LanguageIdentifier::default());
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                // Text is shown as it is: no bidi isolation marks around arguments.
                bundle.set_use_isolating(false);
                let resource = match FluentResource::try_new((*source).to_owned()) {
                    Ok(r) => r,
                    Err((r, errors)) => {
                        tracing::error!(lang = lang.code(), ?errors, "a Fluent file has errors");
                        r
                    }
                };
                let _ = bundle.add_resource(resource);
                bundle
            })
            .collect();
        Texts { bundles }
    }

    /// The text `id` in `lang`, with `args`; English if the language lacks it, the id itself
    /// if no language has it (logged).
    pub fn text(&self, lang: Lang, id: &str, args: Option<&FluentArgs<'_>>) -> String {
        for l in [lang, Lang::En] {
            let Some(bundle) = self.bundles.get(l.index()) else {
                continue;
            };
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let s = bundle.format_pattern(pattern, args, &mut errors);
                if !errors.is_empty() {
                    tracing::warn!(
                        id,
                        lang = l.code(),
                        ?errors,
                        "a text could not be formatted"
                    );
                }
                return s.into_owned();
            }
        }
        tracing::warn!(id, "no text has this id");
        id.to_owned()
    }

    /// The text of an attribute (`id.attribute`); `None` if missing.
    pub fn attribute(&self, lang: Lang, id: &str, attribute: &str) -> Option<String> {
        let bundle = self.bundles.get(lang.index())?;
        let pattern = bundle.get_message(id)?.get_attribute(attribute)?.value();
        let mut errors = Vec::new();
        Some(
            bundle
                .format_pattern(pattern, None, &mut errors)
                .into_owned(),
        )
    }
}

/// What the tests of each front end's texts share.
#[cfg(test)]
pub(crate) mod testing {
    use fluent_syntax::ast::{Entry, Pattern, PatternElement};
    use std::collections::BTreeSet;

    /// Every message id (and `id.attribute`) a Fluent source defines, with its variables.
    pub fn ids(source: &str) -> BTreeSet<String> {
        let resource = match fluent_syntax::parser::parse(source) {
            Ok(r) => r,
            Err((_, errors)) => panic!("the Fluent file does not parse: {errors:?}"),
        };
        let mut out = BTreeSet::new();
        for entry in resource.body {
            if let Entry::Message(m) = entry {
                if let Some(p) = &m.value {
                    out.insert(format!("{}{}", m.id.name, variables(p)));
                }
                for a in &m.attributes {
                    out.insert(format!(
                        "{}.{}{}",
                        m.id.name,
                        a.id.name,
                        variables(&a.value)
                    ));
                }
            }
        }
        out
    }

    /// The variables a pattern uses, sorted, as ` {a,b}`.
    fn variables(p: &Pattern<&str>) -> String {
        let mut vars = BTreeSet::new();
        collect(p, &mut vars);
        if vars.is_empty() {
            String::new()
        } else {
            format!(" {{{}}}", vars.into_iter().collect::<Vec<_>>().join(","))
        }
    }

    fn collect(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
        use fluent_syntax::ast::{Expression, InlineExpression};
        for e in &p.elements {
            let PatternElement::Placeable { expression } = e else {
                continue;
            };
            let inline = match expression {
                Expression::Inline(i) => i,
                Expression::Select { selector, variants } => {
                    for v in variants {
                        collect(&v.value, vars);
                    }
                    selector
                }
            };
            if let InlineExpression::VariableReference { id } = inline {
                vars.insert(id.name.to_owned());
            }
        }
    }
}
