//! The languages the bot answers in: English, and Chinese for users whose Discord client is set
//! to `zh-CN` or `zh-TW` (the seed's own language). Command names and descriptions carry both
//! simplified (zh-CN) and traditional (zh-TW) forms; replies use simplified characters.

use crate::game::{Failure, Refusal};
use crate::go::IllegalMove;

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

/// A refusal in the user's language (the match service words it in English).
pub fn refusal(lang: Lang, r: &Refusal) -> String {
    if lang == Lang::En {
        return r.message();
    }
    match r {
        Refusal::InviteSelf => "不能邀请自己，请邀请其他成员。".into(),
        Refusal::InviteBot => "机器人不能下棋，请邀请真人。".into(),
        Refusal::YouAreBusy => "你已在对局中。请先下完（或认输）再开新局。".into(),
        Refusal::TheyAreBusy => "对方正在对局中，请稍后再试。".into(),
        Refusal::DuplicateInvitation => "你们之间已有一个待回复的邀请，请等待回复。".into(),
        Refusal::ServerDisabled => "本服务器已关闭围棋功能，管理员可以重新开启。".into(),
        Refusal::SizeNotAllowed { size, allowed } => {
            let list: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
            format!(
                "本服务器不允许 {size}×{size} 棋盘。允许：{}。",
                list.join("、")
            )
        }
        Refusal::RulesNotAllowed { rules, allowed } => {
            let list: Vec<&str> = allowed.iter().map(|r| r.name()).collect();
            format!("本服务器不允许 {rules} 规则。允许：{}。", list.join("、"))
        }
        Refusal::KomiOutOfRange => "贴目须在 -50 到 50 之间。".into(),
        Refusal::NoSuchInvitation => "没有可回复的邀请。".into(),
        Refusal::NotForYou => "这个邀请不是给你的。".into(),
        Refusal::InvitationExpired => "这个邀请已过期。".into(),
        Refusal::NotInGame => "你不在对局中。用 /weiqi invite 开始一局。".into(),
        Refusal::NotYourGame => "这不是你的对局，你可以观战。".into(),
        Refusal::NotYourTurn => "还没轮到你。".into(),
        Refusal::StaleBoard => "棋盘已更新，这是旧的棋盘。请使用最新的棋盘。".into(),
        Refusal::Illegal(e) => format!(
            "这一手不合规则：{}。",
            match e {
                IllegalMove::OffBoard => "不在棋盘上",
                IllegalMove::Occupied => "该点已有棋子",
                IllegalMove::Suicide => "自杀（落子后无气）",
                IllegalMove::Ko => "打劫，不能立即提回，请先在别处下一手",
                IllegalMove::Superko => "会重复之前的局面（全局同形）",
                IllegalMove::GameOver => "对局已结束",
            }
        ),
        Refusal::GameOver => "对局已结束。".into(),
        Refusal::Setting(e) => format!("设置无效：{e}"),
        Refusal::InAgreement => "正在确认死子：请接受标记、切换棋块的死活，或继续对局。".into(),
        Refusal::NotInAgreement => "只有双方停一手之后才能标记死子（古典规则不标记死子）。".into(),
        Refusal::NoStoneThere => "那里没有棋子可以标记。".into(),
        Refusal::AlreadyAccepted => "你已接受这个标记，正在等待对手。".into(),
        Refusal::NothingToDo => "没有变化。".into(),
    }
}

/// A failure in the user's language: the refusal's words, or "try again" for an internal cause.
pub fn failure(lang: Lang, f: &Failure) -> String {
    match f.refusal() {
        Some(r) => refusal(lang, r),
        None => lang
            .pick(&f.user_message(), "服务器内部出错，没有任何改动。请重试。")
            .to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_has_a_chinese_text() {
        let all = [
            Refusal::InviteSelf,
            Refusal::NotForYou,
            Refusal::StaleBoard,
            Refusal::Illegal(IllegalMove::Ko),
            Refusal::SizeNotAllowed {
                size: 19,
                allowed: vec![crate::go::BoardSize::NINE],
            },
            Refusal::RulesNotAllowed {
                rules: crate::go::RuleSet::Japanese,
                allowed: vec![crate::go::RuleSet::Classic],
            },
            Refusal::InAgreement,
            Refusal::NotInAgreement,
            Refusal::NoStoneThere,
            Refusal::AlreadyAccepted,
        ];
        for r in all {
            let zh = refusal(Lang::Zh, &r);
            assert!(!zh.is_ascii(), "{zh}");
            assert_eq!(refusal(Lang::En, &r), r.message());
        }
    }

    #[test]
    fn chinese_locales_get_chinese_and_the_rest_english() {
        assert_eq!(Lang::from_locale("zh-CN"), Lang::Zh);
        assert_eq!(Lang::from_locale("zh-TW"), Lang::Zh);
        assert_eq!(Lang::from_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_locale("ja"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
    }
}
