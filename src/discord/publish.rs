//! Turning what the match service decided into what Discord shows: the board message edited
//! with a new image, the player to move notified, invitations closed, results announced,
//! titles granted. Called after the commit, for clicks and fired deadlines alike.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serenity::all::{
    ChannelId, CreateAllowedMentions, CreateAttachment, CreateEmbed, CreateMessage, CreateThread,
    EditAttachments, EditMessage, GuildId, Http, MessageId, RoleId, UserId,
};
use tracing::{info, warn};

use super::i18n::Lang;
use super::ui;
use crate::game::{Ending, Event, Match, MatchId, MoveNotify, Outcome, Service, TimerId};
use crate::go::Move;
use crate::render::{RenderOptions, render_png};

/// What the publisher needs: the service (to read matches and settings) and Discord's REST.
pub struct Publisher {
    pub service: Arc<Service>,
    pub http: Arc<Http>,
    /// The last "your move" ping of each match, deleted when the next one is sent, so a game
    /// leaves one ping in the channel rather than one per move.
    pings: Mutex<HashMap<MatchId, (u64, u64)>>,
    /// One lock per game: its outcomes are shown one after the other, so a move clicked the
    /// instant the board appears waits until the board message is known, and an older image
    /// never overwrites a newer one.
    order: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
}

/// The board image of a match: the running position with the region grid; during the
/// dead-stone agreement, the marking (dead chains crossed), territory and the score if
/// accepted; the final position with the count when it ended on passes.
pub fn board_png(m: &Match) -> Vec<u8> {
    let mut opts = RenderOptions::for_game(&m.game);
    opts.show_regions = m.is_running();
    let counted = matches!(
        m.ending(),
        Some(Ending::Finished {
            reason: crate::game::EndReason::TwoPasses,
            ..
        })
    );
    if counted || m.in_agreement() {
        opts = opts.with_count(&m.count(), &m.dead_points());
    }
    render_png(m.game.board(), &opts).unwrap_or_default()
}

/// Renders off the async threads.
pub async fn board_png_async(m: Match) -> Vec<u8> {
    tokio::task::spawn_blocking(move || board_png(&m))
        .await
        .unwrap_or_default()
}

fn users_only() -> CreateAllowedMentions {
    CreateAllowedMentions::new().all_users(true)
}

impl Publisher {
    pub fn new(service: Arc<Service>, http: Arc<Http>) -> Publisher {
        Publisher {
            service,
            http,
            pings: Mutex::new(HashMap::new()),
            order: Mutex::new(HashMap::new()),
        }
    }

    /// Takes the turn of one game (or invitation) to change what Discord shows of it; the
    /// invitation's handler holds it until the message id is saved, so an Accept clicked at
    /// once still finds the message to close.
    pub async fn hold(&self, key: i64) -> Option<tokio::sync::OwnedMutexGuard<()>> {
        let lock = self
            .order
            .lock()
            .map(|mut m| Arc::clone(m.entry(key).or_default()))
            .ok()?;
        Some(lock.lock_owned().await)
    }

    /// Shows everything an outcome changed. Errors from Discord are logged, never fatal: the
    /// game is already saved, and `/weiqi board` re-posts the board.
    pub async fn publish(&self, outcome: &Outcome) {
        // A match keeps the id of its invitation, so both kinds of subject share one lock.
        let key = match outcome.subject {
            TimerId::Invitation(id) | TimerId::Match(id) => id,
        };
        let _turn = self.hold(key).await;
        if outcome.is_final()
            && matches!(outcome.subject, TimerId::Match(_))
            && let Ok(mut m) = self.order.lock()
        {
            m.remove(&key);
        }
        let lang = Lang::En;
        let mut board_changed = false;
        let mut started = false;
        let mut moved = false;
        let mut ended = None;
        let mut agreement = false;
        let mut rewards: Vec<String> = Vec::new();
        for event in &outcome.events {
            match event {
                Event::Invited(_) | Event::ResignArmed { .. } | Event::ResignDisarmed { .. } => {}
                Event::InvitationDeclined(inv) => {
                    self.close_invitation(inv.channel, inv.id, "Declined.", "已拒绝。")
                        .await
                }
                Event::InvitationExpired(inv) => {
                    self.close_invitation(
                        inv.channel,
                        inv.id,
                        "This invitation expired.",
                        "邀请已过期。",
                    )
                    .await
                }
                Event::InvitationCancelled(inv) => {
                    self.close_invitation(
                        inv.channel,
                        inv.id,
                        "Withdrawn: one of you started another game.",
                        "已撤回：其中一方开始了另一局。",
                    )
                    .await
                }
                Event::MatchStarted { match_id, .. } => {
                    self.start_board(*match_id, outcome).await;
                    started = true;
                }
                Event::Moved { .. } => {
                    moved = true;
                    board_changed = true;
                }
                Event::PlayerOffline { .. }
                | Event::PlayerBack { .. }
                | Event::TurnRenewed { .. }
                | Event::MarkingChanged { .. }
                | Event::MarkingAccepted { .. } => board_changed = true,
                Event::AgreementStarted { .. } => {
                    agreement = true;
                    board_changed = true;
                }
                Event::PlayResumed { .. } => {
                    moved = true;
                    board_changed = true;
                }
                Event::Ended { match_id, ending } => ended = Some((*match_id, *ending)),
                Event::MeritAwarded { user, amount, .. } => rewards.push(format!(
                    "{} +{amount} {}",
                    ui::mention(*user),
                    lang.pick("merit", "功德")
                )),
                Event::TitleEarned { guild, user } => {
                    rewards.push(format!(
                        "{} {} **{}**",
                        ui::mention(*user),
                        lang.pick("earns the title", "获得称号"),
                        crate::game::TITLE
                    ));
                    self.grant_title(*guild, *user).await;
                }
            }
        }
        let TimerId::Match(match_id) = outcome.subject else {
            return;
        };
        if (board_changed && !started) || ended.is_some() {
            self.refresh_board(match_id).await;
        }
        if let Some((id, ending)) = ended {
            self.announce_end(id, ending, &rewards, outcome.channel)
                .await;
            self.clear_ping(id).await;
        } else if agreement {
            self.notify_agreement(match_id, outcome).await;
        } else if (moved || started)
            && let Some(user) = outcome.to_move
        {
            self.notify_turn(match_id, user, outcome).await;
        }
    }

    async fn close_invitation(&self, channel: u64, id: i64, en: &str, zh: &str) {
        let Ok(Some(message)) = self.service.invitation_message(id) else {
            return;
        };
        let edit = EditMessage::new()
            .content(format!(
                "~~{}~~ {}",
                Lang::En.pick("Invitation", "邀请"),
                Lang::En.pick(en, zh)
            ))
            .components(ui::invitation_components(id, Lang::En, false));
        if let Err(e) = ChannelId::new(channel)
            .edit_message(&self.http, MessageId::new(message), edit)
            .await
        {
            warn!(invitation = id, error = %e, "could not close the invitation message");
        }
    }

    /// Posts the board message of a new match (in a thread of its own with `match-threads`).
    async fn start_board(&self, match_id: MatchId, outcome: &Outcome) {
        let Some(m) = self.service.snapshot(match_id) else {
            return;
        };
        let settings = self.service.settings(m.guild).unwrap_or_default();
        let invitation_message = self.service.invitation_message(match_id).ok().flatten();
        let mut channel = ChannelId::new(outcome.channel);
        if let Some(message) = invitation_message {
            let edit = EditMessage::new()
                .content(format!(
                    "{} ⚫ {} vs ⚪ {}",
                    Lang::En.pick("Game on:", "对局开始："),
                    ui::mention(m.players.black),
                    ui::mention(m.players.white)
                ))
                .components(Vec::new());
            if let Err(e) = channel
                .edit_message(&self.http, MessageId::new(message), edit)
                .await
            {
                warn!(match_id, error = %e, "could not update the invitation message");
            }
            if settings.match_threads {
                let name = format!("Go #{match_id}");
                match channel
                    .create_thread_from_message(
                        &self.http,
                        MessageId::new(message),
                        CreateThread::new(name),
                    )
                    .await
                {
                    Ok(thread) => channel = thread.id,
                    Err(e) => {
                        warn!(match_id, error = %e, "could not open a thread; the board goes in the channel")
                    }
                }
            }
        }
        let png = board_png_async(m.clone()).await;
        let msg = CreateMessage::new()
            .embed(ui::board_embed(&m, Lang::En))
            .components(ui::board_components(&m, Lang::En))
            .add_file(CreateAttachment::bytes(png, ui::BOARD_FILE));
        match channel.send_message(&self.http, msg).await {
            Ok(posted) => {
                let service = Arc::clone(&self.service);
                let (c, id) = (channel.get(), posted.id.get());
                let saved =
                    tokio::task::spawn_blocking(move || service.set_board_message(match_id, c, id))
                        .await;
                if !matches!(saved, Ok(Ok(()))) {
                    warn!(match_id, "could not remember the board message");
                }
            }
            Err(e) => warn!(match_id, error = %e, "could not post the board message"),
        }
    }

    /// Edits the board message with the match as it stands.
    pub async fn refresh_board(&self, match_id: MatchId) {
        let Some(m) = self
            .service
            .snapshot(match_id)
            .or_else(|| self.service.load_match(match_id).ok().flatten())
        else {
            return;
        };
        let Ok(Some((channel, message))) = self.service.board_message(match_id) else {
            return;
        };
        let png = board_png_async(m.clone()).await;
        let edit = EditMessage::new()
            .embed(ui::board_embed(&m, Lang::En))
            .components(ui::board_components(&m, Lang::En))
            .attachments(EditAttachments::new().add(CreateAttachment::bytes(png, ui::BOARD_FILE)));
        if let Err(e) = ChannelId::new(channel)
            .edit_message(&self.http, MessageId::new(message), edit)
            .await
        {
            warn!(match_id, error = %e, "could not edit the board message");
        }
    }

    /// Tells the player to move, as the server's `move-notify` says.
    async fn notify_turn(&self, match_id: MatchId, user: u64, outcome: &Outcome) {
        let Some(m) = self.service.snapshot(match_id) else {
            return;
        };
        let last = match m.game.last_move() {
            Some((c, Move::Play(p))) => format!(
                "{} {}",
                if c == crate::go::Color::Black {
                    "⚫"
                } else {
                    "⚪"
                },
                p
            ),
            Some((_, Move::Pass)) => "pass".into(),
            None => String::new(),
        };
        let text = format!(
            "{} {} ({} {}{})",
            ui::mention(user),
            Lang::En.pick("your move", "轮到你了"),
            Lang::En.pick("move", "第"),
            m.move_count() + 1,
            if last.is_empty() {
                String::new()
            } else {
                format!(", after {last}")
            }
        );
        self.notify(&m, &[user], text, outcome).await;
    }

    /// Tells both players that the dead stones wait for them, as `move-notify` says.
    async fn notify_agreement(&self, match_id: MatchId, outcome: &Outcome) {
        let Some(m) = self.service.snapshot(match_id) else {
            return;
        };
        let users = [m.players.black, m.players.white];
        let text = format!(
            "{} {} {}",
            ui::mention(users[0]),
            ui::mention(users[1]),
            Lang::En.pick(
                "both passed: check the dead stones crossed on the board, then Accept or Resume play.",
                "双方停一手：请检查棋盘上标出的死子，然后接受或继续对局。",
            )
        );
        self.notify(&m, &users, text, outcome).await;
    }

    /// Sends `text` to `users` as the server's `move-notify` says: one mention in the game's
    /// channel (replacing the game's previous one), a DM each, or nothing.
    async fn notify(&self, m: &Match, users: &[u64], text: String, outcome: &Outcome) {
        let match_id = m.id;
        let settings = self.service.settings(m.guild).unwrap_or_default();
        match settings.move_notify {
            MoveNotify::None => {}
            MoveNotify::Mention => {
                let channel = self
                    .service
                    .board_message(match_id)
                    .ok()
                    .flatten()
                    .map_or(outcome.channel, |(c, _)| c);
                let msg = CreateMessage::new()
                    .content(text)
                    .allowed_mentions(users_only());
                match ChannelId::new(channel).send_message(&self.http, msg).await {
                    Ok(posted) => {
                        let old = self
                            .pings
                            .lock()
                            .ok()
                            .and_then(|mut p| p.insert(match_id, (channel, posted.id.get())));
                        if let Some((c, mid)) = old {
                            let _ = ChannelId::new(c)
                                .delete_message(&self.http, MessageId::new(mid))
                                .await;
                        }
                    }
                    Err(e) => warn!(match_id, error = %e, "could not mention the players"),
                }
            }
            MoveNotify::Dm => {
                let link = self
                    .service
                    .board_message(match_id)
                    .ok()
                    .flatten()
                    .map(|(c, mid)| format!(" https://discord.com/channels/{}/{c}/{mid}", m.guild))
                    .unwrap_or_default();
                for &user in users {
                    match UserId::new(user).create_dm_channel(&self.http).await {
                        Ok(dm) => {
                            if let Err(e) = dm
                                .send_message(
                                    &self.http,
                                    CreateMessage::new().content(format!("{text}{link}")),
                                )
                                .await
                            {
                                warn!(match_id, error = %e, "could not DM a player");
                            }
                        }
                        Err(e) => warn!(match_id, error = %e, "could not open a DM"),
                    }
                }
            }
        }
    }

    async fn clear_ping(&self, match_id: MatchId) {
        let old = self.pings.lock().ok().and_then(|mut p| p.remove(&match_id));
        if let Some((c, mid)) = old {
            let _ = ChannelId::new(c)
                .delete_message(&self.http, MessageId::new(mid))
                .await;
        }
    }

    /// Posts the result where the game is played, with merit and titles.
    async fn announce_end(
        &self,
        match_id: MatchId,
        ending: Ending,
        rewards: &[String],
        fallback_channel: u64,
    ) {
        let Some(m) = self
            .service
            .snapshot(match_id)
            .or_else(|| self.service.load_match(match_id).ok().flatten())
        else {
            return;
        };
        let channel = self
            .service
            .board_message(match_id)
            .ok()
            .flatten()
            .map_or(fallback_channel, |(c, _)| c);
        let mut text = ui::ending_text(&m, ending, Lang::En);
        if !rewards.is_empty() {
            text.push_str("\n\n");
            text.push_str(&rewards.join("\n"));
        }
        text.push_str(&format!(
            "\n\n`/weiqi sgf game:{match_id}` — {}",
            Lang::En.pick("the game record", "下载棋谱")
        ));
        let embed = CreateEmbed::new()
            .title(format!(
                "{} #{match_id}",
                Lang::En.pick("Game over", "对局结束")
            ))
            .description(text);
        let msg = CreateMessage::new()
            .embed(embed)
            .allowed_mentions(CreateAllowedMentions::new());
        if let Err(e) = ChannelId::new(channel).send_message(&self.http, msg).await {
            warn!(match_id, error = %e, "could not announce the result");
        }
        info!(match_id, ?ending, "game over");
    }

    async fn grant_title(&self, guild: u64, user: u64) {
        let Ok(settings) = self.service.settings(guild) else {
            return;
        };
        let Some(role) = settings.title_role else {
            return;
        };
        if let Err(e) = self
            .http
            .add_member_role(
                GuildId::new(guild),
                UserId::new(user),
                RoleId::new(role),
                Some("Go title 黑白手"),
            )
            .await
        {
            warn!(guild, user, role, error = %e, "could not grant the title role");
        }
    }
}
