//! `/weiqi-team pair partner opponent opponent_partner [size] [komi] [rules] [time] [color]`: pair
//! Go (联棋), the caller and a partner against two others; all three must accept.

use serenity::all::User;

use crate::game::invitation::InviteRequest;
use crate::game::time_control::TimePreset;
use crate::game::{ColourAsked, Command, InviteOptions, PairRequest, UserId};
use crate::go::RuleSet;

use super::Call;
use crate::discord::bot::{Ctx, Error};

/// Invite three members to pair Go: you and your partner against the other two.
#[poise::command(slash_command, guild_only)]
// One argument per option of the slash command, as poise takes them.
#[allow(clippy::too_many_arguments)]
pub async fn pair(
    ctx: Ctx<'_>,
    partner: User,
    opponent: User,
    opponent_partner: User,
    #[min = 5]
    #[max = 19]
    #[autocomplete = "super::weiqi_invite::allowed_sizes"]
    size: Option<u8>,
    #[min = -50]
    #[max = 50]
    komi: Option<f64>,
    rules: Option<RuleSet>,
    time: Option<TimePreset>,
    color: Option<ColourAsked>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    if !super::weiqi_invite::may_invite_here(&call).await {
        return Ok(());
    }
    let command = Command::InvitePair {
        request: Box::new(PairRequest {
            who: InviteRequest {
                guild: call.guild,
                channel: call.channel,
                inviter: call.user,
                invitee: UserId(opponent.id.get()),
                invitee_is_bot: opponent.bot,
            },
            partner: UserId(partner.id.get()),
            opponent_partner: UserId(opponent_partner.id.get()),
            partners_are_bots: partner.bot || opponent_partner.bot,
        }),
        options: InviteOptions {
            size,
            komi,
            rules,
            handicap: None,
            ranked: None,
            time,
            clock: None,
            color,
        },
    };
    super::weiqi_invite::invite_by(&call, command).await;
    Ok(())
}
