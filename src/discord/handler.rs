//! The event handler: registers the commands when connected, decodes every interaction into
//! a game command (or a read), applies it through the one path, answers, then publishes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serenity::all::{
    ButtonStyle, ChannelId, CommandInteraction, ComponentInteraction, Context, CreateActionRow,
    CreateAttachment, CreateButton, CreateEmbed, CreateInteractionResponse,
    CreateInteractionResponseMessage, EditMessage, EventHandler, GuildId, Interaction, MessageId,
    OnlineStatus, Presence, Ready,
};
use tracing::{Instrument, debug, error, info, info_span, warn};

use super::commands::{self, CONFIG_PERMISSION, Slash};
use super::custom_id::ButtonId;
use super::i18n::{self, Lang};
use super::learn::PAGES;
use super::publish::{Publisher, board_png_async};
use super::ui;
use crate::game::{
    BoardRef, Clock, Command, Event, Failure, InvitationRef, InviteOptions, Match, Outcome,
    Refusal, Service,
};
use crate::render::regions::region_of;
use crate::render::{RenderOptions, render_png};

/// Shared state of the running bot.
pub struct Bot {
    pub service: Arc<Service>,
    /// Set once the client (and its HTTP) exists, before the gateway starts.
    pub publisher: std::sync::OnceLock<Arc<Publisher>>,
    pub clock: Arc<dyn Clock>,
    pub dev_guild: Option<u64>,
    /// Set on SIGINT/SIGTERM: new interactions are turned away politely.
    pub stopping: AtomicBool,
    /// Interactions being handled, waited for at shutdown.
    pub in_flight: AtomicUsize,
    /// Whether the gateway is up (for the health file).
    pub connected: AtomicBool,
}

impl Bot {
    /// Shows an outcome on Discord (see [`Publisher::publish`]).
    pub async fn publish(&self, outcome: &Outcome) {
        if let Some(p) = self.publisher.get() {
            p.publish(outcome).await;
        }
    }
}

/// The serenity event handler.
pub struct Handler(pub Arc<Bot>);

struct InFlight<'a>(&'a AtomicUsize);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        self.0.connected.store(true, Ordering::SeqCst);
        info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        let defs = commands::definitions();
        let result = match self.0.dev_guild {
            Some(g) => GuildId::new(g)
                .set_commands(&ctx.http, defs)
                .await
                .map(|c| c.len()),
            None => serenity::all::Command::set_global_commands(&ctx.http, defs)
                .await
                .map(|c| c.len()),
        };
        match result {
            Ok(n) => info!(commands = n, guild = ?self.0.dev_guild, "slash commands registered"),
            Err(e) => error!(error = %e, "could not register the slash commands"),
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let bot = &self.0;
        bot.in_flight.fetch_add(1, Ordering::SeqCst);
        let _guard = InFlight(&bot.in_flight);
        match interaction {
            Interaction::Command(cmd) => {
                let span = info_span!("command", user = cmd.user.id.get(), name = %cmd.data.name, guild = ?cmd.guild_id.map(|g| g.get()));
                on_command(bot, &ctx, &cmd).instrument(span).await;
            }
            Interaction::Component(press) => {
                let span = info_span!("button", user = press.user.id.get(), custom_id = %press.data.custom_id);
                on_button(bot, &ctx, &press).instrument(span).await;
            }
            other => debug!(kind = ?other.kind(), "interaction ignored"),
        }
    }

    async fn presence_update(&self, _ctx: Context, presence: Presence) {
        let user = presence.user.id.get();
        let command = match presence.status {
            OnlineStatus::Offline | OnlineStatus::Invisible => Command::WentOffline { user },
            _ => Command::CameBack { user },
        };
        if let Ok(outcome) = apply(&self.0, command).await {
            self.0.publish(&outcome).await;
        }
    }
}

/// Applies a command through the service, off the async threads.
async fn apply(bot: &Bot, command: Command) -> Result<Outcome, Failure> {
    let service = Arc::clone(&bot.service);
    let now = bot.clock.now();
    match tokio::task::spawn_blocking(move || service.apply(command, now)).await {
        Ok(r) => r,
        Err(e) => {
            error!(error = %e, "the service task failed");
            Err(Failure::Refused(Refusal::NothingToDo))
        }
    }
}

/// A public embed that names members without pinging them.
fn public_embed(title: &str, text: String) -> CreateInteractionResponse {
    let embed = CreateEmbed::new().title(title).description(text);
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .embed(embed)
            .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
    )
}

fn private(text: impl Into<String>) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    )
}

async fn reply_cmd(ctx: &Context, cmd: &CommandInteraction, response: CreateInteractionResponse) {
    if let Err(e) = cmd.create_response(&ctx.http, response).await {
        warn!(error = %e, "could not answer the command");
    }
}

async fn reply_btn(
    ctx: &Context,
    press: &ComponentInteraction,
    response: CreateInteractionResponse,
) {
    if let Err(e) = press.create_response(&ctx.http, response).await {
        warn!(error = %e, "could not answer the button");
    }
}

fn log_failure(f: &Failure) {
    match f {
        Failure::Refused(Refusal::StaleBoard) => warn!("button of a stale board refused"),
        Failure::Refused(r) => debug!(refusal = ?r, "refused"),
        Failure::Internal(e) => error!(error = %e, "internal failure; nothing changed"),
    }
}

/// Applies the command of a button: on success answers with what `ok` makes of the state
/// after it and publishes the outcome; a refusal is answered privately and changes nothing.
async fn apply_press(
    bot: &Bot,
    ctx: &Context,
    press: &ComponentInteraction,
    command: Command,
    ok: impl FnOnce() -> CreateInteractionResponse,
    lang: Lang,
) {
    match apply(bot, command).await {
        Ok(outcome) => {
            reply_btn(ctx, press, ok()).await;
            bot.publish(&outcome).await;
        }
        Err(f) => {
            log_failure(&f);
            reply_btn(ctx, press, private(i18n::failure(lang, &f))).await
        }
    }
}

async fn on_command(bot: &Bot, ctx: &Context, cmd: &CommandInteraction) {
    let lang = Lang::from_locale(&cmd.locale);
    if bot.stopping.load(Ordering::SeqCst) {
        return reply_cmd(
            ctx,
            cmd,
            private(lang.pick(
                "The bot is restarting; try again in a moment.",
                "机器人正在重启，请稍后再试。",
            )),
        )
        .await;
    }
    let Some(guild) = cmd.guild_id.map(|g| g.get()) else {
        return reply_cmd(
            ctx,
            cmd,
            private(lang.pick("Use this command in a server.", "请在服务器中使用此命令。")),
        )
        .await;
    };
    let slash = match commands::decode(cmd) {
        Ok(s) => s,
        Err(e) => {
            warn!(error = %e, "unreadable command");
            return reply_cmd(ctx, cmd, private(lang.pick("I did not understand that command. Try again after Discord refreshes its command list.", "无法识别该命令，请在 Discord 刷新命令列表后重试。"))).await;
        }
    };
    let user = cmd.user.id.get();
    let channel = cmd.channel_id.get();
    match slash {
        Slash::Invite {
            user: invitee,
            size,
            komi,
            rules,
        } => {
            let command = Command::Invite {
                guild,
                channel,
                inviter: user,
                invitee: invitee.id,
                invitee_is_bot: invitee.bot,
                options: InviteOptions { size, komi, rules },
            };
            match apply(bot, command).await {
                Ok(outcome) => {
                    let Some(inv) = outcome.events.iter().find_map(|e| match e {
                        Event::Invited(i) => Some(i.clone()),
                        _ => None,
                    }) else {
                        return reply_cmd(ctx, cmd, private("…")).await;
                    };
                    let _turn = match bot.publisher.get() {
                        Some(p) => p.hold(inv.id).await,
                        None => None,
                    };
                    let settings = bot.service.settings(guild).unwrap_or_default();
                    let size = size.unwrap_or(settings.board_size.get());
                    let rules = rules.unwrap_or(settings.rules);
                    let komi = komi.unwrap_or_else(|| settings.komi.unwrap_or(rules.rules().komi));
                    let text =
                        ui::invitation_text(&inv, size, rules.name(), &komi.to_string(), lang);
                    let msg = CreateInteractionResponseMessage::new()
                        .content(text)
                        .allowed_mentions(
                            serenity::all::CreateAllowedMentions::new()
                                .users(vec![serenity::all::UserId::new(inv.invitee)]),
                        )
                        .components(ui::invitation_components(inv.id, lang, true));
                    reply_cmd(ctx, cmd, CreateInteractionResponse::Message(msg)).await;
                    match cmd.get_response(&ctx.http).await {
                        Ok(m) => {
                            let service = Arc::clone(&bot.service);
                            let mid = m.id.get();
                            let _ = tokio::task::spawn_blocking(move || {
                                service.set_invitation_message(inv.id, mid)
                            })
                            .await;
                        }
                        Err(e) => warn!(error = %e, "could not read back the invitation message"),
                    }
                }
                Err(f) => {
                    log_failure(&f);
                    reply_cmd(ctx, cmd, private(i18n::failure(lang, &f))).await
                }
            }
        }
        Slash::Accept { inviter } | Slash::Decline { inviter } => {
            let accepting = matches!(slash, Slash::Accept { .. });
            let invitation = InvitationRef::From { guild, inviter };
            let command = if accepting {
                Command::Accept {
                    by: user,
                    invitation,
                }
            } else {
                Command::Decline {
                    by: user,
                    invitation,
                }
            };
            let ok = if accepting {
                lang.pick("Accepted: you play Black.", "已接受：你执黑。")
            } else {
                lang.pick("Declined.", "已拒绝。")
            };
            apply_and_answer(bot, ctx, cmd, command, ok, lang).await;
        }
        Slash::Pass => {
            apply_and_answer(
                bot,
                ctx,
                cmd,
                Command::Pass {
                    by: user,
                    board: None,
                },
                lang.pick("You passed.", "你停了一手。"),
                lang,
            )
            .await
        }
        Slash::Resign => resign(bot, ctx, Responder::Command(cmd), user, None, lang).await,
        Slash::Board => repost_board(bot, ctx, cmd, user, lang).await,
        Slash::Status => {
            let text = match game_for(bot, user, channel) {
                Some(m) => status_text(&m, bot.clock.now(), lang),
                None => how_to_start(lang).to_owned(),
            };
            reply_cmd(ctx, cmd, private(text)).await
        }
        Slash::Profile { user: whose } => {
            let whose = whose.unwrap_or(user);
            let text = match bot.service.profile(guild, whose) {
                Ok(p) => format!(
                    "{}\n{}: **{}** · {}: **{}** · {}: **{}** · {}: **{}**{}",
                    ui::mention(whose),
                    lang.pick("Merit", "功德"),
                    p.merit,
                    lang.pick("Wins", "胜"),
                    p.wins,
                    lang.pick("Losses", "负"),
                    p.losses,
                    lang.pick("Draws", "和"),
                    p.draws,
                    p.title
                        .map(|t| format!("\n{} **{t}**", lang.pick("Title:", "称号：")))
                        .unwrap_or_default()
                ),
                Err(f) => i18n::failure(lang, &f),
            };
            reply_cmd(
                ctx,
                cmd,
                public_embed(lang.pick("Go profile", "围棋资料"), text),
            )
            .await
        }
        Slash::Leaderboard => {
            let text = match bot.service.leaderboard(guild, 10) {
                Ok(list) if list.is_empty() => lang
                    .pick("No games counted yet.", "还没有计分的对局。")
                    .to_owned(),
                Ok(list) => list
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        format!(
                            "{}. {} — {} {} · {}–{}{}",
                            i + 1,
                            ui::mention(p.user),
                            p.merit,
                            lang.pick("merit", "功德"),
                            p.wins,
                            p.losses,
                            p.title.map(|t| format!(" · {t}")).unwrap_or_default()
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n"),
                Err(f) => i18n::failure(lang, &f),
            };
            reply_cmd(
                ctx,
                cmd,
                public_embed(lang.pick("Leaderboard", "排行榜"), text),
            )
            .await
        }
        Slash::Sgf { game } => {
            let id = match game {
                Some(id) => Some(id),
                None => bot.service.latest_match_of(guild, user).ok().flatten(),
            };
            let Some(id) = id else {
                return reply_cmd(
                    ctx,
                    cmd,
                    private(lang.pick(
                        "You have no game yet. Name one with `game:`.",
                        "你还没有对局，请用 `game:` 指定对局编号。",
                    )),
                )
                .await;
            };
            let record = match bot.service.load_match(id) {
                Ok(Some(m)) if m.guild == guild => {
                    let black = user_name(ctx, m.players.black).await;
                    let white = user_name(ctx, m.players.white).await;
                    bot.service.sgf(id, &black, &white).ok().flatten()
                }
                _ => None,
            };
            match record {
                Some(text) => {
                    let msg = CreateInteractionResponseMessage::new()
                        .content(format!("{} #{id}", lang.pick("Game record", "棋谱")))
                        .add_file(CreateAttachment::bytes(
                            text.into_bytes(),
                            format!("tengen-{id}.sgf"),
                        ));
                    reply_cmd(ctx, cmd, CreateInteractionResponse::Message(msg)).await
                }
                None => {
                    reply_cmd(
                        ctx,
                        cmd,
                        private(lang.pick(
                            "There is no such game on this server.",
                            "本服务器没有这个对局。",
                        )),
                    )
                    .await
                }
            }
        }
        Slash::Learn => {
            let msg = learn_page(0, lang).await;
            reply_cmd(
                ctx,
                cmd,
                CreateInteractionResponse::Message(msg.ephemeral(true)),
            )
            .await
        }
        Slash::ConfigShow | Slash::ConfigSet { .. } | Slash::ConfigReset { .. } => {
            let allowed = cmd
                .member
                .as_ref()
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.contains(CONFIG_PERMISSION) || p.administrator());
            if !allowed {
                return reply_cmd(
                    ctx,
                    cmd,
                    private(lang.pick(
                        "Only members with Manage Server can change Go settings.",
                        "只有拥有“管理服务器”权限的成员可以修改围棋设置。",
                    )),
                )
                .await;
            }
            let result = match &slash {
                Slash::ConfigSet { key, value } => bot.service.set_setting(guild, key, value),
                Slash::ConfigReset { key } => bot.service.reset_setting(guild, key),
                _ => bot.service.settings(guild),
            };
            let text = match result {
                Ok(settings) => {
                    let head = match &slash {
                        Slash::ConfigSet { key, .. } => {
                            format!("{} `{key}`.\n", lang.pick("Saved", "已保存"))
                        }
                        Slash::ConfigReset { key } => {
                            format!("{} `{key}`.\n", lang.pick("Reset", "已恢复默认"))
                        }
                        _ => String::new(),
                    };
                    let rows: Vec<String> = settings
                        .show()
                        .iter()
                        .map(|(k, v)| format!("`{}` = {v}", k.name()))
                        .collect();
                    format!("{head}{}", rows.join("\n"))
                }
                Err(f) => i18n::failure(lang, &f),
            };
            reply_cmd(ctx, cmd, private(text)).await
        }
    }
}

/// Applies a command of a slash command and answers privately; then publishes.
async fn apply_and_answer(
    bot: &Bot,
    ctx: &Context,
    cmd: &CommandInteraction,
    command: Command,
    ok: &str,
    lang: Lang,
) {
    match apply(bot, command).await {
        Ok(outcome) => {
            reply_cmd(ctx, cmd, private(ok)).await;
            bot.publish(&outcome).await;
        }
        Err(f) => {
            log_failure(&f);
            reply_cmd(ctx, cmd, private(i18n::failure(lang, &f))).await
        }
    }
}

enum Responder<'a> {
    Command(&'a CommandInteraction),
    Button(&'a ComponentInteraction),
}

impl Responder<'_> {
    async fn send(&self, ctx: &Context, r: CreateInteractionResponse) {
        match self {
            Responder::Command(c) => reply_cmd(ctx, c, r).await,
            Responder::Button(b) => reply_btn(ctx, b, r).await,
        }
    }
}

async fn resign(
    bot: &Bot,
    ctx: &Context,
    to: Responder<'_>,
    user: u64,
    match_id: Option<i64>,
    lang: Lang,
) {
    match apply(bot, Command::Resign { by: user, match_id }).await {
        Ok(outcome) => {
            let armed = outcome.events.iter().find_map(|e| match e {
                Event::ResignArmed { until, .. } => Some(*until),
                _ => None,
            });
            let text = match armed {
                Some(until) => format!(
                    "{} {}",
                    lang.pick(
                        "Press Resign again to resign. This expires",
                        "再按一次“认输”即认输。有效期至"
                    ),
                    ui::relative_time(until)
                ),
                None => lang.pick("You resigned.", "你已认输。").to_owned(),
            };
            to.send(ctx, private(text)).await;
            bot.publish(&outcome).await;
        }
        Err(f) => {
            log_failure(&f);
            to.send(ctx, private(i18n::failure(lang, &f))).await
        }
    }
}

/// The game a command is about: the user's own, else one being played in this channel.
fn game_for(bot: &Bot, user: u64, channel: u64) -> Option<Match> {
    if let Some(id) = bot.service.match_of(user) {
        return bot.service.snapshot(id);
    }
    bot.service
        .running()
        .into_iter()
        .filter_map(|id| bot.service.snapshot(id))
        .find(|m| {
            m.channel == channel
                || bot
                    .service
                    .board_message(m.id)
                    .ok()
                    .flatten()
                    .is_some_and(|(c, _)| c == channel)
        })
}

fn how_to_start(lang: Lang) -> &'static str {
    lang.pick(
        "No game here yet. Start one with `/weiqi invite user:@someone`; whoever accepts plays Black. New to Go? Try `/weiqi learn`.",
        "这里还没有对局。用 `/weiqi invite user:@某人` 发起一局，接受的一方执黑。第一次下围棋？试试 `/weiqi learn`。",
    )
}

fn status_text(m: &Match, now: i64, lang: Lang) -> String {
    let size = m.game.size().get();
    let caps = m.game.captures();
    let (turn_left, game_left) = m.time_left(now);
    let secs = |ms: i64| format!("{}:{:02}", ms / 60_000, (ms / 1000) % 60);
    if m.in_agreement() {
        return format!(
            "{size}×{size} · {} · {} {}\n{}\n{}: {}\n{}: {} · {}: {}",
            m.config.rules,
            lang.pick("game", "对局"),
            m.id,
            lang.pick(
                "Both passed: the players are settling the dead stones.",
                "双方已停一手，正在确认死子。"
            ),
            lang.pick("If accepted", "若接受"),
            m.count().result(),
            lang.pick("Accepted for both in", "自动接受剩余"),
            secs(turn_left),
            lang.pick("Game time left", "对局剩余"),
            secs(game_left),
        );
    }
    format!(
        "{size}×{size} · {} · {} {}\n{}: {} ({})\n{}: {}\n{}: ⚫ {} · ⚪ {}\n{}: {}\n{}: {} · {}: {}",
        m.config.rules,
        lang.pick("game", "对局"),
        m.id,
        lang.pick("Turn", "轮到"),
        ui::mention(m.player_to_move()),
        if m.game.to_move() == crate::go::Color::Black {
            lang.pick("Black", "黑")
        } else {
            lang.pick("White", "白")
        },
        lang.pick("Move", "手数"),
        m.move_count(),
        lang.pick("Captures", "提子"),
        caps.black,
        caps.white,
        lang.pick("Komi", "贴目"),
        m.config.komi,
        lang.pick("Turn time left", "本手剩余"),
        secs(turn_left),
        lang.pick("Game time left", "对局剩余"),
        secs(game_left),
    )
}

async fn user_name(ctx: &Context, id: u64) -> String {
    match serenity::all::UserId::new(id).to_user(ctx).await {
        Ok(u) => u.global_name.unwrap_or(u.name),
        Err(_) => id.to_string(),
    }
}

/// `/weiqi board`: the board again at the bottom; the old message points to it.
async fn repost_board(bot: &Bot, ctx: &Context, cmd: &CommandInteraction, user: u64, lang: Lang) {
    let Some(m) = game_for(bot, user, cmd.channel_id.get()) else {
        return reply_cmd(ctx, cmd, private(how_to_start(lang))).await;
    };
    let old = bot.service.board_message(m.id).ok().flatten();
    let png = board_png_async(m.clone()).await;
    let msg = CreateInteractionResponseMessage::new()
        .embed(ui::board_embed(&m, lang))
        .components(ui::board_components(&m, lang))
        .add_file(CreateAttachment::bytes(png, ui::BOARD_FILE));
    reply_cmd(ctx, cmd, CreateInteractionResponse::Message(msg)).await;
    let posted = match cmd.get_response(&ctx.http).await {
        Ok(p) => p,
        Err(e) => return warn!(error = %e, "could not read back the new board message"),
    };
    let service = Arc::clone(&bot.service);
    let (id, channel, mid) = (m.id, cmd.channel_id.get(), posted.id.get());
    let _ = tokio::task::spawn_blocking(move || service.set_board_message(id, channel, mid)).await;
    if let Some((c, old_id)) = old
        && old_id != mid
    {
        let link = format!("https://discord.com/channels/{}/{channel}/{mid}", m.guild);
        let edit = EditMessage::new()
            .content(format!(
                "{} {link}",
                lang.pick("The board moved:", "棋盘已移至：")
            ))
            .components(Vec::new());
        if let Err(e) = ChannelId::new(c)
            .edit_message(&ctx.http, MessageId::new(old_id), edit)
            .await
        {
            warn!(error = %e, "could not retire the old board message");
        }
    }
}

async fn learn_page(page: usize, lang: Lang) -> CreateInteractionResponseMessage {
    let page = page.min(PAGES.len() - 1);
    let p = PAGES[page];
    let png = tokio::task::spawn_blocking(move || {
        let board = crate::go::Board::from_diagram(p.diagram).ok()?;
        let marks: Vec<crate::go::Point> = p.marks.iter().filter_map(|m| m.parse().ok()).collect();
        let mut opts = RenderOptions {
            last_move: marks.first().copied(),
            ..RenderOptions::default()
        };
        if !p.dead.is_empty() {
            let dead: Vec<crate::go::Point> =
                p.dead.iter().filter_map(|m| m.parse().ok()).collect();
            let stones: Vec<crate::go::Point> = dead.iter().flat_map(|&d| board.chain(d)).collect();
            let count =
                crate::go::count_area(&board, &dead, crate::go::RuleSet::Chinese.rules().komi);
            opts = opts.with_count(&count, &stones);
        }
        render_png(&board, &opts).ok()
    })
    .await
    .ok()
    .flatten()
    .unwrap_or_default();
    let embed = CreateEmbed::new()
        .title(p.title(lang))
        .description(p.text(lang))
        .image(format!("attachment://{}", ui::BOARD_FILE))
        .footer(serenity::all::CreateEmbedFooter::new(format!(
            "{}/{}",
            page + 1,
            PAGES.len()
        )));
    let nav = |label: &str, to: usize, enabled: bool| {
        CreateButton::new(
            ButtonId::Learn {
                page: u8::try_from(to).unwrap_or(0),
            }
            .to_string(),
        )
        .label(label)
        .style(ButtonStyle::Secondary)
        .disabled(!enabled)
    };
    CreateInteractionResponseMessage::new()
        .embed(embed)
        .add_file(CreateAttachment::bytes(png, ui::BOARD_FILE))
        .components(vec![CreateActionRow::Buttons(vec![
            nav(
                lang.pick("◀ Back", "◀ 上一页"),
                page.saturating_sub(1),
                page > 0,
            ),
            nav(
                lang.pick("Next ▶", "下一页 ▶"),
                page + 1,
                page + 1 < PAGES.len(),
            ),
        ])])
}

async fn on_button(bot: &Bot, ctx: &Context, press: &ComponentInteraction) {
    let lang = Lang::from_locale(&press.locale);
    if bot.stopping.load(Ordering::SeqCst) {
        return reply_btn(
            ctx,
            press,
            private(lang.pick(
                "The bot is restarting; try again in a moment.",
                "机器人正在重启，请稍后再试。",
            )),
        )
        .await;
    }
    let id = match ButtonId::decode(&press.data.custom_id) {
        Ok(id) => id,
        Err(e) => {
            warn!(custom_id = %press.data.custom_id, error = %e, "unknown button");
            return reply_btn(ctx, press, private(lang.pick("This button is not one I know (perhaps from an older version). Use `/weiqi board` for a fresh board.", "无法识别这个按钮（可能来自旧版本）。请用 `/weiqi board` 获取最新棋盘。"))).await;
        }
    };
    let user = press.user.id.get();
    match id {
        ButtonId::Accept { invitation } | ButtonId::Decline { invitation } => {
            let accepting = matches!(id, ButtonId::Accept { .. });
            let invitation = InvitationRef::Id(invitation);
            let command = if accepting {
                Command::Accept {
                    by: user,
                    invitation,
                }
            } else {
                Command::Decline {
                    by: user,
                    invitation,
                }
            };
            apply_press(
                bot,
                ctx,
                press,
                command,
                || CreateInteractionResponse::Acknowledge,
                lang,
            )
            .await
        }
        ButtonId::Region {
            game,
            move_number,
            region,
        } => {
            let refusal = match bot.service.snapshot(game) {
                None => Some(Refusal::GameOver),
                Some(m) if !m.is_running() => Some(Refusal::GameOver),
                Some(m) if m.color_of(user).is_none() => Some(Refusal::NotYourGame),
                Some(m) if m.move_count() != move_number => Some(Refusal::StaleBoard),
                Some(m) if !m.in_agreement() && m.player_to_move() != user => {
                    Some(Refusal::NotYourTurn)
                }
                Some(m) => match ui::region(&m, region) {
                    None => Some(Refusal::StaleBoard),
                    Some(r) if m.in_agreement() => {
                        let msg = CreateInteractionResponseMessage::new()
                            .content(ui::mark_picker_text(&m, &r, lang))
                            .components(ui::mark_picker(&m, &r))
                            .ephemeral(true);
                        return reply_btn(ctx, press, CreateInteractionResponse::Message(msg))
                            .await;
                    }
                    Some(r) => {
                        let msg = CreateInteractionResponseMessage::new()
                            .content(format!(
                                "{} **{}** ({} {}):",
                                lang.pick("Pick a point in", "请选择落点，区域"),
                                r.label(),
                                lang.pick("move", "第"),
                                move_number + 1
                            ))
                            .components(ui::point_picker(&m, &r))
                            .ephemeral(true);
                        return reply_btn(ctx, press, CreateInteractionResponse::Message(msg))
                            .await;
                    }
                },
            };
            if let Some(r) = refusal {
                if r == Refusal::StaleBoard {
                    warn!(game, move_number, "stale board button");
                }
                reply_btn(ctx, press, private(i18n::refusal(lang, &r))).await
            }
        }
        ButtonId::Mark {
            game,
            move_number,
            marking,
            point,
        } => {
            let command = Command::ToggleDead {
                by: user,
                point,
                board: Some(BoardRef {
                    match_id: game,
                    move_number,
                }),
                marking: Some(marking),
            };
            // The picker stays open, redrawn with the new marking, so that several chains of
            // one region can be marked in a row.
            let redrawn = || {
                let redrawn = bot.service.snapshot(game).and_then(|m| {
                    let index = region_of(m.game.size(), point);
                    let r = ui::region(&m, u8::try_from(index).ok()?)?;
                    Some(
                        CreateInteractionResponseMessage::new()
                            .content(ui::mark_picker_text(&m, &r, lang))
                            .components(ui::mark_picker(&m, &r)),
                    )
                });
                match redrawn {
                    Some(msg) => CreateInteractionResponse::UpdateMessage(msg),
                    None => CreateInteractionResponse::Acknowledge,
                }
            };
            apply_press(bot, ctx, press, command, redrawn, lang).await
        }
        ButtonId::Play {
            game,
            move_number,
            point,
        } => {
            let command = Command::Play {
                by: user,
                point,
                board: Some(BoardRef {
                    match_id: game,
                    move_number,
                }),
            };
            let msg = CreateInteractionResponseMessage::new()
                .content(format!(
                    "{} **{point}**.",
                    lang.pick("You played", "你下在")
                ))
                .components(Vec::new());
            apply_press(
                bot,
                ctx,
                press,
                command,
                || CreateInteractionResponse::UpdateMessage(msg),
                lang,
            )
            .await
        }
        ButtonId::Pass { game, move_number }
        | ButtonId::AcceptMarking {
            game, move_number, ..
        }
        | ButtonId::Resume { game, move_number } => {
            let board = Some(BoardRef {
                match_id: game,
                move_number,
            });
            // Buttons whose effect shows on the board message itself: acknowledged silently.
            let command = match id {
                ButtonId::AcceptMarking { marking, .. } => Command::AcceptMarking {
                    by: user,
                    board,
                    marking: Some(marking),
                },
                ButtonId::Resume { .. } => Command::ResumePlay { by: user, board },
                _ => Command::Pass { by: user, board },
            };
            apply_press(
                bot,
                ctx,
                press,
                command,
                || CreateInteractionResponse::Acknowledge,
                lang,
            )
            .await
        }
        ButtonId::Resign { game, .. } => {
            resign(bot, ctx, Responder::Button(press), user, Some(game), lang).await
        }
        ButtonId::Learn { page } => {
            let msg = learn_page(usize::from(page), lang).await;
            reply_btn(ctx, press, CreateInteractionResponse::UpdateMessage(msg)).await
        }
    }
}

/// Publishes outcomes that no interaction caused: fired deadlines.
pub async fn publish_fired(
    bot: Arc<Bot>,
    mut rx: tokio::sync::mpsc::UnboundedReceiver<Result<Outcome, Failure>>,
) {
    while let Some(result) = rx.recv().await {
        match result {
            Ok(outcome) => {
                let span = info_span!("deadline", subject = ?outcome.subject);
                bot.publish(&outcome).instrument(span).await;
            }
            Err(f) => {
                if !matches!(&f, Failure::Refused(r) if r.is_silent()) {
                    log_failure(&f);
                }
            }
        }
    }
}
