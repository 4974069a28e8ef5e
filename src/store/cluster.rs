//! What several processes on one database share: which guilds a process serves (its
//! [`Scope`], by Discord's shards), ids handed out in blocks, each shard's last sign of life,
//! and Discord's session start limit.

use rusqlite::params;

use super::{StoreError, Tx};

/// Which guilds a process serves: every one (one process, or SQLite), or those whose events
/// come on some of Discord's shards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    All,
    Shards {
        /// How many shards the bot runs with, in every process.
        total: u32,
        /// The shards this scope covers (each below `total`).
        held: Vec<u32>,
    },
}

impl Scope {
    /// The shard whose gateway connection carries a guild's events (Discord's formula).
    pub fn shard_of(guild: u64, total: u32) -> u32 {
        // The remainder is below `total`, a u32.
        ((guild >> 22) % u64::from(total.max(1))) as u32
    }

    /// Whether the scope covers `guild`.
    pub fn holds(&self, guild: u64) -> bool {
        match self {
            Scope::All => true,
            Scope::Shards { total, held } => held.contains(&Scope::shard_of(guild, *total)),
        }
    }

    /// The shard of `guild` under this scope's total (`None` for [`Scope::All`]).
    pub fn shard(&self, guild: u64) -> Option<u32> {
        match self {
            Scope::All => None,
            Scope::Shards { total, .. } => Some(Scope::shard_of(guild, *total)),
        }
    }

    /// An SQL condition that a guild id in `column` is in the scope: numbers of our own only,
    /// never a value from outside. Guild ids are stored bit-cast (`to_sql_id`), and Discord's
    /// are below 2⁶³, so the shift works on the stored integer on both backends.
    pub(crate) fn condition(&self, column: &str) -> String {
        match self {
            Scope::All => "1 = 1".to_owned(),
            Scope::Shards { held, .. } if held.is_empty() => "1 = 0".to_owned(),
            Scope::Shards { total, held } => {
                let list: Vec<String> = held.iter().map(u32::to_string).collect();
                format!(
                    "(({column} >> 22) % {}) IN ({})",
                    total.max(&1),
                    list.join(", ")
                )
            }
        }
    }
}

/// The key of the transaction lock that makes processes start games against the computer one
/// at a time (the cap counts them all).
const COMPUTER_CAP_LOCK: i32 = 0x7fff_fff1;

/// How many ids a process takes at once.
pub const ID_BLOCK: i64 = 64;

impl Tx<'_> {
    /// Takes the next block of [`ID_BLOCK`] ids, none below `at_least`: the first id of the
    /// block. Every process takes its ids this way, so two never hand out the same one.
    ///
    /// # Errors
    /// A database error.
    pub fn reserve_ids(&self, at_least: i64) -> Result<i64, StoreError> {
        let next: i64 = self.query_one(
            "INSERT INTO id_blocks (id, next) VALUES (1, CAST(?1 AS BIGINT) + CAST(?2 AS BIGINT)) \
             ON CONFLICT (id) DO UPDATE SET next = (CASE WHEN id_blocks.next > CAST(?1 AS BIGINT) \
             THEN id_blocks.next ELSE CAST(?1 AS BIGINT) END) + CAST(?2 AS BIGINT) \
             RETURNING next",
            params![at_least, ID_BLOCK],
            |r| r.get(0),
        )?;
        Ok(next - ID_BLOCK)
    }

    /// The games against the computer running now, in every process: the cap
    /// (`AI_MAX_GAMES`) is one for the whole database. On PostgreSQL the count is taken under
    /// a transaction lock, so two processes starting a game at once do not both see room for
    /// one.
    ///
    /// # Errors
    /// A database error.
    pub fn running_computer_games(&self) -> Result<i64, StoreError> {
        if self.backend() == super::Backend::Postgres {
            self.execute(
                &format!(
                    "SELECT pg_advisory_xact_lock(hashtext(current_schema()), {COMPUTER_CAP_LOCK})"
                ),
                &[],
            )?;
        }
        self.query_one(
            "SELECT count(*) FROM matches WHERE phase IN ('nigiri', 'play', 'agreement') \
             AND computer_level IS NOT NULL",
            &[],
            |r| r.get(0),
        )
    }

    /// When the process serving each of `total` shards last said it was alive (UTC ms).
    ///
    /// # Errors
    /// A database error.
    pub fn shard_alive_at(&self, total: u32) -> Result<Vec<(u32, i64)>, StoreError> {
        self.query_all(
            "SELECT shard, alive_at FROM shard_liveness WHERE total = ?1",
            params![total],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    }

    /// Notes that the shards `held` (of `total`) are served and alive at `at`.
    ///
    /// # Errors
    /// A database error.
    pub fn set_shards_alive_at(&self, total: u32, held: &[u32], at: i64) -> Result<(), StoreError> {
        for shard in held {
            self.execute(
                "INSERT INTO shard_liveness (total, shard, alive_at) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (total, shard) DO UPDATE SET alive_at = excluded.alive_at",
                params![total, shard, at],
            )?;
        }
        Ok(())
    }

    /// Takes the next turn to identify on Discord's gateway in `bucket`: Discord allows one
    /// identify per bucket every `every_ms`. Returns the moment (UTC ms) the turn comes, `now`
    /// or later; the next caller's is `every_ms` after it, whichever process it is.
    ///
    /// # Errors
    /// A database error.
    pub fn identify_turn(&self, bucket: u32, now: i64, every_ms: i64) -> Result<i64, StoreError> {
        let next: i64 = self.query_one(
            "INSERT INTO identify_slots (bucket, next_at) \
             VALUES (?1, CAST(?2 AS BIGINT) + CAST(?3 AS BIGINT)) ON CONFLICT (bucket) DO UPDATE \
             SET next_at = (CASE WHEN identify_slots.next_at > CAST(?2 AS BIGINT) \
             THEN identify_slots.next_at ELSE CAST(?2 AS BIGINT) END) + CAST(?3 AS BIGINT) \
             RETURNING next_at",
            params![bucket, now, every_ms],
            |r| r.get(0),
        )?;
        Ok(next - every_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Store, to_sql_id};

    #[test]
    fn a_guild_is_on_discords_shard() {
        // Discord's example: (guild_id >> 22) % num_shards.
        let guild: u64 = 41_771_983_423_143_937;
        assert_eq!(Scope::shard_of(guild, 1), 0);
        assert_eq!(Scope::shard_of(guild, 16), ((guild >> 22) % 16) as u32);
        let scope = Scope::Shards {
            total: 16,
            held: vec![Scope::shard_of(guild, 16)],
        };
        assert!(scope.holds(guild));
        assert!(Scope::All.holds(guild));
        assert!(
            !Scope::Shards {
                total: 16,
                held: vec![]
            }
            .holds(guild)
        );
    }

    #[test]
    fn the_sql_condition_picks_the_same_guilds() {
        let store = Store::open_in_memory().unwrap();
        let guilds: Vec<u64> = (0..64u64).map(|i| (i * 7 + 3) << 22 | 12345).collect();
        let scope = Scope::Shards {
            total: 5,
            held: vec![1, 3],
        };
        let picked: Vec<i64> = store
            .read(|tx| {
                let mut out = Vec::new();
                for &g in &guilds {
                    let sql = format!("SELECT ?1 WHERE {}", scope.condition("?1"));
                    if let Some(v) = tx.query_opt(&sql, params![to_sql_id(g)], |r| r.get(0))? {
                        out.push(v);
                    }
                }
                Ok::<_, StoreError>(out)
            })
            .unwrap();
        let expected: Vec<i64> = guilds
            .iter()
            .filter(|&&g| scope.holds(g))
            .map(|&g| to_sql_id(g))
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(picked, expected);
    }

    #[test]
    fn id_blocks_never_overlap_and_start_above_what_exists() {
        let store = Store::open_in_memory().unwrap();
        let a = store.write(|tx| tx.reserve_ids(1000)).unwrap();
        assert_eq!(a, 1000);
        let b = store.write(|tx| tx.reserve_ids(1000)).unwrap();
        assert_eq!(b, 1000 + ID_BLOCK);
        let c = store.write(|tx| tx.reserve_ids(5000)).unwrap();
        assert_eq!(c, 5000);
    }

    #[test]
    fn identify_turns_are_spaced_for_every_caller() {
        let store = Store::open_in_memory().unwrap();
        let t = |now| store.write(|tx| tx.identify_turn(0, now, 5000)).unwrap();
        assert_eq!(t(10_000), 10_000);
        assert_eq!(t(10_001), 15_000);
        assert_eq!(t(10_002), 20_000);
        // A quiet bucket: the turn is at once.
        assert_eq!(t(60_000), 60_000);
        let other = store.write(|tx| tx.identify_turn(1, 60_001, 5000)).unwrap();
        assert_eq!(other, 60_001);
    }
}
