//! Invitations.

use rusqlite::params;

use super::Row;

use super::rows::{InvitationRow, OpenRow, PairRow};
use super::types::InvitationState;
use super::{StoreError, Tx, from_sql_id, to_sql_id};

fn invitation_from_row(r: &Row<'_>) -> rusqlite::Result<InvitationRow> {
    Ok(InvitationRow {
        id: r.get(0)?,
        guild: from_sql_id(r.get(1)?),
        channel: from_sql_id(r.get(2)?),
        inviter: from_sql_id(r.get(3)?),
        invitee: from_sql_id(r.get(4)?),
        size: r.get(5)?,
        komi: r.get(6)?,
        rules: r.get(7)?,
        created_at: r.get(8)?,
        expires_at: r.get(9)?,
        handicap: r.get(10)?,
        ranked: r.get(11)?,
        inviter_black: r.get(12)?,
        time: r.get(13)?,
        colours: r.get(14)?,
        nigiri: match (r.get::<Option<u8>>(15)?, r.get(16)?) {
            (Some(stones), Some(guess)) => Some((stones, guess)),
            _ => None,
        },
        pair: match (r.get::<Option<i64>>(17)?, r.get::<Option<i64>>(18)?) {
            (Some(inviter_partner), Some(invitee_partner)) => Some(PairRow {
                inviter_partner: from_sql_id(inviter_partner),
                invitee_partner: from_sql_id(invitee_partner),
                accepted: [r.get(19)?, r.get(20)?, r.get(21)?],
            }),
            (None, None) => None,
            _ => {
                return Err(rusqlite::Error::FromSqlConversionFailure(
                    17,
                    rusqlite::types::Type::Null,
                    "a pair Go invitation names both partners".into(),
                ));
            }
        },
        open: if r.get::<bool>(22)? {
            Some(OpenRow {
                ranks: match (r.get::<Option<i64>>(23)?, r.get::<Option<i64>>(24)?) {
                    (Some(lo), Some(hi)) => Some((lo, hi)),
                    (None, None) => None,
                    _ => {
                        return Err(rusqlite::Error::FromSqlConversionFailure(
                            23,
                            rusqlite::types::Type::Null,
                            "an open challenge's ranks have both ends".into(),
                        ));
                    }
                },
                by_rank: r.get(25)?,
            })
        } else {
            None
        },
    })
}

impl Tx<'_> {
    /// The largest id given to an invitation, a match or an event (they share one sequence: a
    /// match takes the id of the invitation it was accepted from).
    ///
    /// # Errors
    /// A database error.
    pub fn max_id(&self) -> Result<i64, StoreError> {
        // The largest of the three (SQLite's max() of several and PostgreSQL's greatest() are
        // spelled differently; an aggregate over their union is the same on both).
        self.query_one(
            "SELECT coalesce(max(id), 0) FROM (SELECT max(id) AS id FROM invitations \
             UNION ALL SELECT max(id) FROM matches UNION ALL SELECT max(id) FROM events) AS ids",
            &[],
            |r| r.get(0),
        )
    }

    /// Stores a new pending invitation.
    ///
    /// # Errors
    /// A database error.
    pub fn insert_invitation(&self, i: &InvitationRow) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO invitations (id, guild_id, channel_id, inviter, invitee, size, \
                 komi_half, rules, created_at, expires_at, handicap, ranked, inviter_black, \
                 time_spec, colours, nigiri_stones, nigiri_guess, inviter_partner, \
                 invitee_partner, accepted_invitee, accepted_inviter_partner, \
                 accepted_invitee_partner, open_challenge, open_rank_lo, open_rank_hi, \
                 open_by_rank) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, \
                 ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26)",
            params![
                i.id,
                to_sql_id(i.guild),
                to_sql_id(i.channel),
                to_sql_id(i.inviter),
                to_sql_id(i.invitee),
                i.size,
                i.komi,
                i.rules,
                i.created_at,
                i.expires_at,
                i.handicap,
                i.ranked,
                i.inviter_black,
                i.time,
                i.colours,
                i.nigiri.map(|n| n.0),
                i.nigiri.map(|n| n.1),
                i.pair.map(|p| to_sql_id(p.inviter_partner)),
                i.pair.map(|p| to_sql_id(p.invitee_partner)),
                i.pair.is_some_and(|p| p.accepted[0]),
                i.pair.is_some_and(|p| p.accepted[1]),
                i.pair.is_some_and(|p| p.accepted[2]),
                i.open.is_some(),
                i.open.and_then(|o| o.ranks).map(|r| r.0),
                i.open.and_then(|o| o.ranks).map(|r| r.1),
                i.open.is_some_and(|o| o.by_rank),
            ],
        )?;
        Ok(())
    }

    /// Stores who of the three invited has accepted a pair Go invitation so far.
    ///
    /// # Errors
    /// A database error, or the invitation was not pending.
    pub fn update_invitation_acceptances(
        &self,
        id: i64,
        accepted: [bool; 3],
    ) -> Result<(), StoreError> {
        let n = self.execute(
            "UPDATE invitations SET accepted_invitee = ?2, accepted_inviter_partner = ?3, \
                 accepted_invitee_partner = ?4 WHERE id = ?1 AND status = 'pending'",
            params![id, accepted[0], accepted[1], accepted[2]],
        )?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError::Missing(format!("pending invitation {id}")))
        }
    }

    /// Stores a nigiri invitation's opened hand and its renewed expiry.
    ///
    /// # Errors
    /// A database error, or the invitation was not pending.
    pub fn update_invitation_nigiri(&self, i: &InvitationRow) -> Result<(), StoreError> {
        let n = self.execute(
            "UPDATE invitations SET nigiri_stones = ?2, nigiri_guess = ?3, expires_at = ?4 \
                 WHERE id = ?1 AND status = 'pending'",
            params![
                i.id,
                i.nigiri.map(|n| n.0),
                i.nigiri.map(|n| n.1),
                i.expires_at
            ],
        )?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError::Missing(format!("pending invitation {}", i.id)))
        }
    }

    /// Names the one who took a pending open challenge (in the transaction that starts its
    /// game).
    ///
    /// # Errors
    /// A database error, or no such pending open challenge.
    pub fn set_invitation_taker(&self, id: i64, taker: u64) -> Result<(), StoreError> {
        let n = self.execute(
            "UPDATE invitations SET invitee = ?2 \
                 WHERE id = ?1 AND status = 'pending' AND open_challenge = 1",
            params![id, to_sql_id(taker)],
        )?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError::Missing(format!("pending open challenge {id}")))
        }
    }

    /// Whether `id` is an open challenge someone took.
    ///
    /// # Errors
    /// A database error.
    pub fn open_challenge_taken(&self, id: i64) -> Result<bool, StoreError> {
        let n: i64 = self.query_one(
            "SELECT count(*) FROM invitations \
                 WHERE id = ?1 AND open_challenge = 1 AND status = 'accepted'",
            params![id],
            |r| r.get(0),
        )?;
        Ok(n > 0)
    }

    /// Closes a pending invitation.
    ///
    /// # Errors
    /// A database error, or the invitation was not pending.
    pub fn close_invitation(
        &self,
        id: i64,
        state: InvitationState,
        at: i64,
    ) -> Result<(), StoreError> {
        let n = self.execute(
            "UPDATE invitations SET status = ?2, closed_at = ?3 \
                 WHERE id = ?1 AND status = 'pending'",
            params![id, state, at],
        )?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError::Missing(format!("pending invitation {id}")))
        }
    }

    /// Every pending invitation, each decoded on its own (see
    /// [`Tx::running_matches`](super::Tx::running_matches)).
    ///
    /// # Errors
    /// A database error.
    pub fn pending_invitations(
        &self,
        scope: &super::Scope,
    ) -> Result<Vec<Result<InvitationRow, super::RowError>>, StoreError> {
        let mut out = Vec::new();
        let sql = format!(
            "SELECT id, guild_id, channel_id, inviter, invitee, size, komi_half, rules, \
             created_at, expires_at, handicap, ranked, inviter_black, time_spec, colours, \
             nigiri_stones, nigiri_guess, inviter_partner, invitee_partner, accepted_invitee, \
             accepted_inviter_partner, accepted_invitee_partner, open_challenge, open_rank_lo, \
             open_rank_hi, open_by_rank FROM invitations \
             WHERE status = 'pending' AND {} ORDER BY id",
            scope.condition("guild_id")
        );
        self.query_each(&sql, &[], |r| {
            let id: i64 = r.get(0)?;
            out.push(invitation_from_row(r).map_err(|e| super::RowError {
                table: "invitations",
                id,
                cause: e.to_string(),
            }));
            Ok(())
        })?;
        Ok(out)
    }
}
