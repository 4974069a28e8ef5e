//! `/weiqi invite [user] [size] [komi] [rules] [handicap] [ranked] [time] [color] [clock]
//! [ranks]`: an invitation to a member, or, naming no one, an open challenge anyone in the server
//! may take (within `ranks`, as `5k-1d`).

use serenity::all::{CreateAutocompleteResponse, User};

use crate::game::invitation::InviteRequest;
use crate::game::rating::RankRange;
use crate::game::time_control::{TimeControl, TimePreset};
use crate::game::{ColourAsked, Command, Event, InviteOptions, UserId};
use crate::go::RuleSet;

use super::Call;
use crate::discord::bot::{Ctx, Error};
use crate::discord::i18n::tr;
use crate::discord::ui;

/// The sizes this server allows, offered as the `size` option is typed.
pub(super) async fn allowed_sizes(ctx: Ctx<'_>, _partial: &str) -> CreateAutocompleteResponse {
    let Some(guild) = super::guild_of(ctx) else {
        return CreateAutocompleteResponse::new();
    };
    super::choices(ctx.data().runtime.settings(guild), |s| {
        s.allowed_sizes
            .into_iter()
            .map(|s| serenity::all::AutocompleteChoice::new(s.to_string(), u64::from(s.get())))
            .collect()
    })
    .await
}

/// Invite a member to a game, or anyone.
#[poise::command(slash_command, guild_only)]
// One argument per option of the slash command, as poise takes them.
#[allow(clippy::too_many_arguments)]
pub async fn invite(
    ctx: Ctx<'_>,
    user: Option<User>,
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
    color: Option<ColourAsked>,
    #[max_length = 40] clock: Option<String>,
    #[max_length = 20] ranks: Option<String>,
) -> Result<(), Error> {
    let Some(call) = Call::begin(ctx).await else {
        return Ok(());
    };
    // A clock of the inviter's own numbers, read here; whether the server allows it is the
    // game's to say.
    let clock = match clock.as_deref().map(str::parse::<TimeControl>) {
        None => None,
        Some(Ok(clock)) => Some(clock),
        Some(Err(_)) => {
            let text = tr!(
                call.lang,
                "refusal-clock-unreadable",
                shape = tr!(call.lang, "shape-time-control")
            );
            call.private(text).await;
            return Ok(());
        }
    };
    // The ranks of an open challenge, read here; who fits is the game's to say.
    let ranks = match (ranks.as_deref().map(str::parse::<RankRange>), &user) {
        (None, _) => None,
        (Some(Ok(_)), Some(_)) => {
            call.private(tr!(call.lang, "refusal-ranks-open-only"))
                .await;
            return Ok(());
        }
        (Some(Ok(r)), None) => Some(r),
        (Some(Err(())), _) => {
            call.private(tr!(call.lang, "refusal-ranks-unreadable"))
                .await;
            return Ok(());
        }
    };
    if !may_invite_here(&call).await {
        return Ok(());
    }
    let options = InviteOptions {
        size,
        komi,
        rules,
        handicap,
        ranked,
        time,
        color,
        clock,
    };
    let command = match user {
        Some(user) => Command::Invite {
            who: InviteRequest {
                guild: call.guild,
                channel: call.channel,
                inviter: call.user,
                invitee: UserId(user.id.get()),
                invitee_is_bot: user.bot,
            },
            options,
        },
        None => Command::Challenge {
            guild: call.guild,
            channel: call.channel,
            poster: call.user,
            options,
            ranks,
        },
    };
    invite_by(&call, command).await;
    Ok(())
}

/// Whether the bot may post an invitation's game here (in a thread of its own with
/// `match-threads`); if not, the caller was told why.
pub(super) async fn may_invite_here(call: &Call<'_>) -> bool {
    let threads = match call.bot.discord_settings(call.guild).await {
        Ok(s) => s.match_threads && !call.in_thread(),
        Err(f) => {
            call.failure(&f).await;
            return false;
        }
    };
    call.may_post_here(threads).await
}

/// Sends an invitation's command: the invitation posted as the answer, or the refusal.
pub(super) async fn invite_by(call: &Call<'_>, command: Command) {
    let applied = call.apply(command).await;
    match &applied.result {
        Ok(outcome) => {
            if let Some(Event::Invited(inv)) = outcome.events.first() {
                post(call, inv).await;
            }
        }
        Err(f) => call.failure(f).await,
    }
    call.publish(&applied).await;
}

/// Remembers where an invitation's message is (its buttons lead back to it), once Discord has
/// said; a failure is logged (the message is found again at start-up).
pub async fn remember_invitation(
    bot: &crate::discord::bot::Bot,
    id: crate::game::InvitationId,
    posted: Option<serenity::all::Message>,
) {
    let Some(m) = posted else {
        tracing::warn!(
            invitation = id.get(),
            "the invitation message was not read back"
        );
        return;
    };
    let (channel, mid) = (crate::game::ChannelId(m.channel_id.get()), m.id.get());
    if let Err(e) = bot.runtime.set_invitation_message(id, channel, mid).await {
        tracing::warn!(error = %e, "could not remember the invitation message");
    }
}

/// Posts the invitation (the command's public answer) and remembers its message, in the
/// invitation's turn, so that an Accept pressed at once finds the message to close.
async fn post(call: &Call<'_>, inv: &crate::game::Invitation) {
    let _turn = call.bot.publisher.turn(inv.id.get()).await;
    let lang = call.public_lang().await;
    let posted = call
        .reply_and_read(ui::invitation_message::reply(inv, lang))
        .await;
    remember_invitation(call.bot, inv.id, posted).await;
}
