//! `/weiqi invite user [size] [komi] [rules] [handicap] [ranked] [time]`.

use serenity::all::{CreateAutocompleteResponse, User};

use crate::game::invitation::InviteRequest;
use crate::game::time_control::TimePreset;
use crate::game::{Command, Event, InviteOptions, UserId};
use crate::go::RuleSet;

use super::super::bot::{Ctx, Error};
use super::super::ui::{self, words};
use super::{Call, log_failure};

/// The sizes this server allows, offered as the `size` option is typed.
pub(super) async fn allowed_sizes(ctx: Ctx<'_>, _partial: &str) -> CreateAutocompleteResponse {
    let guild = ctx
        .interaction
        .guild_id
        .map(|g| crate::game::GuildId(g.get()));
    let sizes = match guild {
        Some(g) => ctx
            .data()
            .runtime
            .read(move |s| s.settings(g).map(|s| s.allowed_sizes))
            .await
            .ok()
            .and_then(Result::ok)
            .unwrap_or_default(),
        None => Vec::new(),
    };
    let choices = sizes
        .into_iter()
        .map(|s| serenity::all::AutocompleteChoice::new(s.to_string(), u64::from(s.get())))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Invite a member to a game.
#[poise::command(slash_command, guild_only)]
// One argument per option of the slash command, as poise takes them.
#[allow(clippy::too_many_arguments)]
pub async fn invite(
    ctx: Ctx<'_>,
    user: User,
    #[min = 5]
    #[max = 19]
    #[autocomplete = "allowed_sizes"]
    size: Option<u8>,
    #[min = -50]
    #[max = 50]
    komi: Option<f64>,
    rules: Option<RuleSet>,
    #[min = 0]
    #[max = 9]
    handicap: Option<u8>,
    ranked: Option<bool>,
    time: Option<TimePreset>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    let threads = call.bot.discord_settings(call.guild).await.match_threads && !call.in_thread();
    if !call.may_post_here(threads).await {
        return Ok(());
    }
    let command = Command::Invite {
        who: InviteRequest {
            guild: call.guild,
            channel: call.channel,
            inviter: call.user,
            invitee: UserId(user.id.get()),
            invitee_is_bot: user.bot,
        },
        options: InviteOptions {
            size,
            komi,
            rules,
            handicap,
            ranked,
            time,
        },
    };
    let applied = call.apply(command).await;
    match &applied.result {
        Ok(outcome) => {
            if let Some(Event::Invited(inv)) = outcome.events.first() {
                post(&call, inv).await;
            }
        }
        Err(f) => {
            log_failure(f);
            call.private(words::failure(call.lang, f)).await;
        }
    }
    call.publish(&applied).await;
    Ok(())
}

/// Posts the invitation (the command's public answer) and remembers its message, in the
/// invitation's turn, so that an Accept pressed at once finds the message to close.
/// Remembers where an invitation's message is (its buttons lead back to it), once Discord has
/// said; a failure is logged (the message is found again at start-up).
pub async fn remember_invitation(
    bot: &crate::discord::bot::Bot,
    id: crate::game::InvitationId,
    channel: crate::game::ChannelId,
    posted: serenity::Result<serenity::all::Message>,
) {
    match posted {
        Ok(m) => {
            let mid = m.id.get();
            if let Err(e) = bot
                .repo(move |r| r.set_invitation_message(id, channel, mid))
                .await
            {
                tracing::warn!(error = %e, "could not remember the invitation message");
            }
        }
        Err(e) => tracing::warn!(error = %e, "could not read back the invitation message"),
    }
}

async fn post(call: &Call<'_>, inv: &crate::game::Invitation) {
    let _turn = call.bot.publisher.turn(inv.id.get()).await;
    let lang = call.public_lang().await;
    call.respond(ui::invitation_message::message(inv, lang))
        .await;
    let posted = call.ctx.interaction.get_response(call.ctx.http()).await;
    remember_invitation(call.bot, inv.id, call.channel, posted).await;
}
