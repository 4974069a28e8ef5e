//! The `/weiqi` command: its definition with English, zh-CN and zh-TW names and descriptions,
//! and the decoding of an invocation into a [`Slash`] request (no rule is decided here).

use serenity::all::{
    CommandDataOptionValue, CommandInteraction, CommandOptionType, CreateCommand,
    CreateCommandOption, Permissions, User,
};

use crate::game::SettingKey;
use crate::go::{Komi, RuleSet};

/// The players' command.
pub const NAME: &str = "weiqi";
/// The moderators' command. Discord hides a command by `default_member_permissions` only as a
/// whole, so the settings live in a command of their own, shown to Manage Server only.
pub const CONFIG_NAME: &str = "weiqi-config";

/// English, simplified and traditional Chinese of one name or description.
struct Words {
    en: &'static str,
    cn: &'static str,
    tw: &'static str,
}

const fn w(en: &'static str, cn: &'static str, tw: &'static str) -> Words {
    Words { en, cn, tw }
}

fn sub(
    kind: CommandOptionType,
    name: &str,
    desc: Words,
    names: Option<(&str, &str)>,
) -> CreateCommandOption {
    let mut o = CreateCommandOption::new(kind, name, desc.en)
        .description_localized("zh-CN", desc.cn)
        .description_localized("zh-TW", desc.tw);
    if let Some((cn, tw)) = names {
        o = o.name_localized("zh-CN", cn).name_localized("zh-TW", tw);
    }
    o
}

fn user_option(desc: Words) -> CreateCommandOption {
    sub(CommandOptionType::User, "user", desc, None).required(true)
}

/// The commands registered with Discord: `/weiqi` and `/weiqi-config`.
pub fn definitions() -> Vec<CreateCommand> {
    let sc = CommandOptionType::SubCommand;
    let mut size = sub(
        CommandOptionType::Integer,
        "size",
        w("Board size", "棋盘大小", "棋盤大小"),
        None,
    );
    for n in [5, 7, 9, 11, 13, 15, 17, 19] {
        size = size.add_int_choice(format!("{n}×{n}"), n);
    }
    let mut rules = sub(
        CommandOptionType::String,
        "rules",
        w("Rule set", "规则", "規則"),
        None,
    );
    for r in RuleSet::ALL {
        rules = rules.add_string_choice(r.name(), r.name());
    }
    let komi = sub(
        CommandOptionType::Number,
        "komi",
        w(
            "Komi for White, e.g. 6.5",
            "白方贴目，例如 6.5",
            "白方貼目，例如 6.5",
        ),
        None,
    )
    .min_number_value(-50.0)
    .max_number_value(50.0);
    let mut key = sub(
        CommandOptionType::String,
        "key",
        w("Setting", "设置项", "設定項"),
        None,
    )
    .required(true);
    for k in SettingKey::ALL {
        key = key.add_string_choice(k.name(), k.name());
    }
    let value = sub(
        CommandOptionType::String,
        "value",
        w("New value", "新的值", "新的值"),
        None,
    )
    .required(true);
    let config_show = sub(
        sc,
        "show",
        w(
            "Show this server's settings",
            "查看本服务器的设置",
            "查看本伺服器的設定",
        ),
        None,
    );
    let config_set = sub(
        sc,
        "set",
        w("Change a setting", "修改一项设置", "修改一項設定"),
        None,
    )
    .add_sub_option(key.clone())
    .add_sub_option(value);
    let config_reset = sub(
        sc,
        "reset",
        w(
            "Reset a setting to its default",
            "恢复一项设置的默认值",
            "恢復一項設定的預設值",
        ),
        None,
    )
    .add_sub_option(key);
    let config = CreateCommand::new(CONFIG_NAME)
        .name_localized("zh-CN", "围棋设置")
        .name_localized("zh-TW", "圍棋設定")
        .description("Go settings of this server (Manage Server)")
        .description_localized("zh-CN", "本服务器的围棋设置（需管理服务器权限）")
        .description_localized("zh-TW", "本伺服器的圍棋設定（需管理伺服器權限）")
        .default_member_permissions(CONFIG_PERMISSION)
        .dm_permission(false)
        .add_option(config_show)
        .add_option(config_set)
        .add_option(config_reset);
    let play = CreateCommand::new(NAME)
        .name_localized("zh-CN", "围棋")
        .name_localized("zh-TW", "圍棋")
        .description("Play Go (weiqi, baduk) with another member")
        .description_localized("zh-CN", "与其他成员下围棋")
        .description_localized("zh-TW", "與其他成員下圍棋")
        .dm_permission(false)
        .add_option(
            sub(
                sc,
                "invite",
                w(
                    "Invite a member to a game",
                    "邀请一位成员对局",
                    "邀請一位成員對局",
                ),
                None,
            )
            .add_sub_option(user_option(w("Who to invite", "邀请谁", "邀請誰")))
            .add_sub_option(size)
            .add_sub_option(komi)
            .add_sub_option(rules),
        )
        .add_option(
            sub(
                sc,
                "accept",
                w("Accept an invitation", "接受邀请", "接受邀請"),
                None,
            )
            .add_sub_option(user_option(w(
                "Who invited you",
                "邀请你的人",
                "邀請你的人",
            ))),
        )
        .add_option(
            sub(
                sc,
                "decline",
                w("Decline an invitation", "拒绝邀请", "拒絕邀請"),
                None,
            )
            .add_sub_option(user_option(w(
                "Who invited you",
                "邀请你的人",
                "邀請你的人",
            ))),
        )
        .add_option(sub(
            sc,
            "board",
            w(
                "Post the board again at the bottom",
                "在频道底部重新显示棋盘",
                "在頻道底部重新顯示棋盤",
            ),
            None,
        ))
        .add_option(sub(
            sc,
            "pass",
            w("Pass your turn", "停一手", "停一手"),
            None,
        ))
        .add_option(sub(
            sc,
            "resign",
            w(
                "Resign (press twice to confirm)",
                "认输（需确认两次）",
                "認輸（需確認兩次）",
            ),
            None,
        ))
        .add_option(sub(
            sc,
            "status",
            w(
                "Size, turn, captures, komi and time left",
                "棋盘、轮次、提子、贴目与剩余时间",
                "棋盤、輪次、提子、貼目與剩餘時間",
            ),
            None,
        ))
        .add_option(
            sub(
                sc,
                "profile",
                w(
                    "Merit, wins and title",
                    "功德、胜局与称号",
                    "功德、勝局與稱號",
                ),
                None,
            )
            .add_sub_option(sub(
                CommandOptionType::User,
                "user",
                w("Whose profile", "谁的资料", "誰的資料"),
                None,
            )),
        )
        .add_option(sub(
            sc,
            "leaderboard",
            w("This server's ranking", "本服务器排行榜", "本伺服器排行榜"),
            None,
        ))
        .add_option(
            sub(
                sc,
                "sgf",
                w(
                    "Download a game record (SGF)",
                    "下载棋谱（SGF）",
                    "下載棋譜（SGF）",
                ),
                None,
            )
            .add_sub_option(
                sub(
                    CommandOptionType::Integer,
                    "game",
                    w(
                        "Game number (default: your latest)",
                        "对局编号（默认：你最近的一局）",
                        "對局編號（預設：你最近的一局）",
                    ),
                    None,
                )
                .min_int_value(1),
            ),
        )
        .add_option(sub(
            sc,
            "learn",
            w(
                "Learn the rules of Go from zero",
                "从零学习围棋规则",
                "從零學習圍棋規則",
            ),
            None,
        ));
    vec![play, config]
}

/// The permission `config` needs; it is also checked again on use.
pub const CONFIG_PERMISSION: Permissions = Permissions::MANAGE_GUILD;

/// A user named in an option, with whether it is a bot account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named {
    pub id: u64,
    pub bot: bool,
}

impl From<&User> for Named {
    fn from(u: &User) -> Named {
        Named {
            id: u.id.get(),
            bot: u.bot,
        }
    }
}

/// A decoded `/weiqi` invocation.
#[derive(Debug, Clone, PartialEq)]
pub enum Slash {
    Invite {
        user: Named,
        size: Option<u8>,
        komi: Option<Komi>,
        rules: Option<RuleSet>,
    },
    Accept {
        inviter: u64,
    },
    Decline {
        inviter: u64,
    },
    Board,
    Pass,
    Resign,
    Status,
    Profile {
        user: Option<u64>,
    },
    Leaderboard,
    Sgf {
        game: Option<i64>,
    },
    Learn,
    ConfigShow,
    ConfigSet {
        key: String,
        value: String,
    },
    ConfigReset {
        key: String,
    },
}

/// Why an invocation could not be read (a stale client, a changed command).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SlashError {
    #[error("not the weiqi command")]
    NotOurs,
    #[error("unknown subcommand {0:?}")]
    Unknown(String),
    #[error("missing or malformed option {0:?}")]
    Option(&'static str),
}

/// Reads an invocation.
///
/// # Errors
/// Another command, an unknown subcommand, a missing or malformed option.
pub fn decode(cmd: &CommandInteraction) -> Result<Slash, SlashError> {
    if cmd.data.name != NAME && cmd.data.name != CONFIG_NAME {
        return Err(SlashError::NotOurs);
    }
    let top = cmd
        .data
        .options
        .first()
        .ok_or(SlashError::Unknown(String::new()))?;
    let CommandDataOptionValue::SubCommand(opts) = &top.value else {
        return Err(SlashError::Unknown(top.name.clone()));
    };
    if cmd.data.name == CONFIG_NAME {
        return decode_config(&top.name, opts);
    }
    let (name, options) = (top.name.as_str(), opts.as_slice());
    let find = |n: &str| options.iter().find(|o| o.name == n).map(|o| &o.value);
    let user = |n: &'static str| -> Result<Option<Named>, SlashError> {
        match find(n) {
            None => Ok(None),
            Some(CommandDataOptionValue::User(id)) => {
                let bot = cmd.data.resolved.users.get(id).is_some_and(|u| u.bot);
                Ok(Some(Named { id: id.get(), bot }))
            }
            Some(_) => Err(SlashError::Option(n)),
        }
    };
    let required_user = |n: &'static str| user(n)?.ok_or(SlashError::Option(n));
    Ok(match name {
        "invite" => {
            let size = match find("size") {
                None => None,
                Some(CommandDataOptionValue::Integer(n)) => {
                    Some(u8::try_from(*n).map_err(|_| SlashError::Option("size"))?)
                }
                Some(_) => return Err(SlashError::Option("size")),
            };
            let komi = match find("komi") {
                None => None,
                Some(CommandDataOptionValue::Number(k)) => {
                    Some(komi_of(*k).ok_or(SlashError::Option("komi"))?)
                }
                Some(CommandDataOptionValue::Integer(k)) => {
                    Some(komi_of(*k as f64).ok_or(SlashError::Option("komi"))?)
                }
                Some(_) => return Err(SlashError::Option("komi")),
            };
            let rules = match find("rules") {
                None => None,
                Some(CommandDataOptionValue::String(s)) => {
                    Some(s.parse().map_err(|_| SlashError::Option("rules"))?)
                }
                Some(_) => return Err(SlashError::Option("rules")),
            };
            Slash::Invite {
                user: required_user("user")?,
                size,
                komi,
                rules,
            }
        }
        "accept" => Slash::Accept {
            inviter: required_user("user")?.id,
        },
        "decline" => Slash::Decline {
            inviter: required_user("user")?.id,
        },
        "board" => Slash::Board,
        "pass" => Slash::Pass,
        "resign" => Slash::Resign,
        "status" => Slash::Status,
        "profile" => Slash::Profile {
            user: user("user")?.map(|u| u.id),
        },
        "leaderboard" => Slash::Leaderboard,
        "sgf" => Slash::Sgf {
            game: match find("game") {
                None => None,
                Some(CommandDataOptionValue::Integer(n)) => Some(*n),
                Some(_) => return Err(SlashError::Option("game")),
            },
        },
        "learn" => Slash::Learn,
        other => return Err(SlashError::Unknown(other.to_owned())),
    })
}

fn decode_config(
    name: &str,
    options: &[serenity::all::CommandDataOption],
) -> Result<Slash, SlashError> {
    let text = |n: &'static str| -> Result<String, SlashError> {
        match options.iter().find(|o| o.name == n).map(|o| &o.value) {
            Some(CommandDataOptionValue::String(s)) => Ok(s.clone()),
            _ => Err(SlashError::Option(n)),
        }
    };
    Ok(match name {
        "show" => Slash::ConfigShow,
        "set" => Slash::ConfigSet {
            key: text("key")?,
            value: text("value")?,
        },
        "reset" => Slash::ConfigReset { key: text("key")? },
        other => return Err(SlashError::Unknown(other.to_owned())),
    })
}

/// A komi typed as a number, when it is a whole or half number of points.
fn komi_of(k: f64) -> Option<Komi> {
    let half = k * 2.0;
    (half.is_finite() && half.fract() == 0.0 && half.abs() <= 200.0)
        .then(|| Komi::from_half_points(half as i32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn walk(v: &Value, f: &mut impl FnMut(&Value)) {
        f(v);
        if let Some(opts) = v["options"].as_array() {
            for o in opts {
                walk(o, f);
            }
        }
    }

    #[test]
    fn every_name_and_description_is_localised_and_within_limits() {
        let defs = serde_json::to_value(definitions()).unwrap();
        let def = &defs[0];
        let mut count = 0;
        for d in defs.as_array().unwrap() {
            walk(d, &mut |v| {
                count += 1;
                let name = v["name"].as_str().unwrap();
                assert!(
                    name.len() <= 32 && name.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                    "{name}"
                );
                if v.get("type").is_none()
                    || v["type"] == 1 && v.get("options").is_some_and(|o| o.is_array())
                {
                    // top-level commands: localised names
                }
                let desc = v["description"].as_str().unwrap();
                assert!(!desc.is_empty() && desc.chars().count() <= 100, "{desc}");
                for loc in ["zh-CN", "zh-TW"] {
                    let d = v["description_localizations"][loc]
                        .as_str()
                        .unwrap_or_else(|| panic!("{name} {loc}"));
                    assert!(d.chars().count() <= 100);
                }
                if let Some(choices) = v["choices"].as_array() {
                    assert!(choices.len() <= 25);
                }
            });
        }
        assert!(count > 20);
        let subs: Vec<&str> = def["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            subs,
            [
                "invite",
                "accept",
                "decline",
                "board",
                "pass",
                "resign",
                "status",
                "profile",
                "leaderboard",
                "sgf",
                "learn"
            ]
        );
        assert_eq!(def["dm_permission"], false);
        assert!(
            def["default_member_permissions"].is_null(),
            "everyone sees /weiqi"
        );
        let config = &defs[1];
        assert_eq!(config["name"], CONFIG_NAME);
        assert_eq!(
            config["default_member_permissions"], "32",
            "Manage Server only"
        );
    }

    #[test]
    fn komi_options_must_be_half_points() {
        assert_eq!(komi_of(6.5), Some(Komi::from_half_points(13)));
        assert_eq!(komi_of(-3.0), Some(Komi::from_half_points(-6)));
        assert_eq!(komi_of(6.25), None);
        assert_eq!(komi_of(f64::NAN), None);
    }
}
