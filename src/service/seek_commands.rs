//! The seek queue through the service: a player enters or leaves it; the queue is paired when
//! someone enters and whenever a waiting entry's window widens.
//!
//! The queue lives in the database, not in the process: every process of a cluster reads the
//! same, and a pairing takes both entries out in the transaction that stores their game, so two
//! processes pairing at once make the game once (the second finds the entries gone and rolls
//! back).

use tracing::{debug, warn};

use super::{Applied, Failure, Service, lock};
use crate::game::invitation::{Colours, ColoursWhy, Invitation, Terms, check_terms};
use crate::game::seek::{self, SeekEntry, SeekOptions, SeekTerms};
use crate::game::time_control::TimePreset;
use crate::game::{
    ChannelId, Event, GuildId, InvitationId, Outcome, Refusal, Subject, Timestamp, UserId,
};
use crate::go::Color;
use crate::store::{SeekRow, StoreError};

use super::invitation_commands::Source;

impl Service {
    /// A player enters the queue (or changes what they wait for); then the queue is paired.
    pub(super) fn seek(
        &self,
        guild: GuildId,
        channel: ChannelId,
        user: UserId,
        options: SeekOptions,
        now: Timestamp,
    ) -> Applied {
        let result = self.enter_seek(guild, channel, user, options, now);
        let after = if result.is_ok() {
            self.pair_seeks(guild, now)
        } else {
            Vec::new()
        };
        Applied {
            fired: Vec::new(),
            result,
            after,
        }
    }

    fn enter_seek(
        &self,
        guild: GuildId,
        channel: ChannelId,
        user: UserId,
        options: SeekOptions,
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let settings = self.settings(guild)?;
        let terms = seek::decide_terms(options, &settings)?;
        let correspondence = settings.time_control(terms.time).is_correspondence();
        lock(&self.lobby).check_free(user, user, correspondence, &settings)?;
        let row = SeekRow {
            guild: guild.get(),
            user: user.get(),
            channel: channel.get(),
            size: terms.size,
            time_class: terms.time.name().to_owned(),
            ranked: terms.ranked,
            since: now.millis(),
        };
        self.store.write(|tx| tx.upsert_seek(&row))?;
        let (_, queue) = self.seek_queue(guild)?;
        Ok(Outcome {
            subject: Subject::Player(guild, user),
            guild,
            channel: Some(channel),
            events: vec![Event::Sought {
                user,
                terms,
                waiting: seek::waiting(&queue),
            }],
            to_move: None,
            deadline: None,
        })
    }

    /// A player leaves the queue.
    pub(super) fn leave_seek(&self, guild: GuildId, user: UserId) -> Result<Outcome, Failure> {
        let left = self
            .store
            .write(|tx| tx.delete_seeks(guild.get(), &[user.get()]))?;
        if left == 0 {
            return Err(Refusal::NotSeeking.into());
        }
        Ok(Outcome {
            subject: Subject::Player(guild, user),
            guild,
            channel: None,
            events: vec![Event::SeekLeft { user }],
            to_move: None,
            deadline: None,
        })
    }

    /// How many wait in a server's queue, at which terms (what `/weiqi seek` shows).
    ///
    /// # Errors
    /// The database failed.
    pub fn seek_waiting(&self, guild: GuildId) -> Result<Vec<(SeekTerms, usize)>, Failure> {
        Ok(seek::waiting(&self.seek_queue(guild)?.1))
    }

    /// A window widened: the queue is paired again.
    pub(super) fn seek_tick(&self, guild: GuildId, now: Timestamp) -> Applied {
        let mut started = self.pair_seeks(guild, now).into_iter();
        match started.next() {
            Some(first) => Applied {
                fired: Vec::new(),
                result: Ok(first),
                after: started.collect(),
            },
            None => Applied::only(Err(Refusal::NothingToDo.into())),
        }
    }

    /// When the queue should be paired again.
    pub(super) fn seek_deadline(
        &self,
        guild: GuildId,
        now: Timestamp,
    ) -> Result<Option<Timestamp>, Failure> {
        Ok(seek::next_widening(&self.seek_queue(guild)?.1, now))
    }

    /// Pairs what can be paired in a server's queue now: each pair's game started, in the
    /// order made; then the queue's next look armed.
    fn pair_seeks(&self, guild: GuildId, now: Timestamp) -> Vec<Outcome> {
        let mut started = Vec::new();
        let queue = match self.seek_queue(guild) {
            Ok(q) => q,
            Err(e) => {
                warn!(guild = guild.get(), error = %e, "cannot read the seek queue");
                self.arm(Subject::Seek(guild), Some(now + seek::WIDEN_EVERY));
                return started;
            }
        };
        let (rows, entries) = &queue;
        for (a, b) in seek::pairs(entries, now) {
            match self.start_seek_game([&rows[a], &rows[b]], [&entries[a], &entries[b]], now) {
                Ok(outcome) => started.push(outcome),
                // Another process paired one of them first, or a player is busy: they wait on.
                Err(Failure::Internal(StoreError::Missing(what))) => {
                    debug!(guild = guild.get(), %what, "a seek was paired elsewhere");
                }
                Err(Failure::Refused(r)) => {
                    debug!(guild = guild.get(), refusal = %r, "a seek pair cannot start");
                }
                Err(e) => warn!(guild = guild.get(), error = %e, "a seek pair did not start"),
            }
        }
        let next = self.seek_deadline(guild, now).ok().flatten();
        self.arm(Subject::Seek(guild), next);
        started
    }

    /// The queue of a server: its rows and, for those that read, the entries the pairing
    /// looks at, longest waiting first (the two lists index alike).
    fn seek_queue(&self, guild: GuildId) -> Result<(Vec<SeekRow>, Vec<SeekEntry>), Failure> {
        let rows = self.store.read(|tx| tx.seeks_of(guild.get()))?;
        let mut kept = Vec::with_capacity(rows.len());
        let mut entries = Vec::with_capacity(rows.len());
        for row in rows {
            let Ok(time) = row.time_class.parse::<TimePreset>() else {
                warn!(
                    guild = guild.get(),
                    user = row.user,
                    "a seek of an unknown time class"
                );
                continue;
            };
            entries.push(SeekEntry {
                user: UserId(row.user),
                channel: ChannelId(row.channel),
                terms: SeekTerms {
                    size: row.size,
                    time,
                    ranked: row.ranked,
                },
                since: Timestamp::from_millis(row.since),
                rank: self.held_rank(guild, UserId(row.user))?,
            });
            kept.push(row);
        }
        Ok((kept, entries))
    }

    /// Starts the game of two paired entries (`a` waited longer): in the server's seek
    /// channel, else where `a` asked; the lower rank plays Black (a ranked game's handicap by
    /// the ranks, as an invitation's), the server's rules and komi, the preset's clock.
    fn start_seek_game(
        &self,
        rows: [&SeekRow; 2],
        [a, b]: [&SeekEntry; 2],
        now: Timestamp,
    ) -> Result<Outcome, Failure> {
        let guild = GuildId(rows[0].guild);
        let settings = self.settings(guild)?;
        let lobby = lock(&self.lobby);
        let time = settings.time_control(a.terms.time);
        lobby.check_free(a.user, b.user, time.is_correspondence(), &settings)?;
        let rules = settings.rules;
        let colours = match a.rank.total_cmp(&b.rank) {
            std::cmp::Ordering::Less => Colours {
                inviter: Color::Black,
                why: ColoursWhy::LowerRank,
            },
            std::cmp::Ordering::Greater => Colours {
                inviter: Color::White,
                why: ColoursWhy::LowerRank,
            },
            std::cmp::Ordering::Equal => Colours::ACCEPTOR_BLACK,
        };
        let mut inv = Invitation {
            id: InvitationId(self.take_id()?),
            guild,
            channel: settings.seek_channel.unwrap_or(a.channel),
            inviter: a.user,
            invitee: b.user,
            terms: Terms {
                size: a.terms.size,
                rules,
                komi: settings.komi_for(rules),
                handicap: 0,
                ranked: a.terms.ranked,
                colours,
                time,
            },
            created_at: now,
            expires_at: now,
            nigiri: None,
            pair: None,
            open: None,
        };
        if inv.terms.ranked {
            self.handicap_by_rank(&mut inv)?;
        }
        check_terms(&inv.terms, &settings)?;
        let paired = Event::SeekPaired {
            match_id: crate::game::MatchId::from(inv.id),
            players: [a.user, b.user],
            terms: a.terms,
        };
        self.start_game(lobby, inv, &settings, now, Source::Seek(rows), vec![paired])
    }
}
