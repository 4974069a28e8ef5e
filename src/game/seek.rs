//! The seek (快速匹配, SPEC §13): players wait in their server's queue for a game of the terms
//! they want, and the bot pairs two whose ranks are close, the window widening the longer they
//! wait.
//!
//! Pure: the service reads the queue from the database (every process of a cluster sees the
//! same), asks [`pairs`] which entries to pair now and [`next_widening`] when to look again,
//! and stores each game in the transaction that takes its two entries out.

use super::invitation::{check_time_allowed, resolve_size};
use super::refusal::Refusal;
use super::settings::Settings;
use super::time::{Duration, Timestamp};
use super::time_control::TimePreset;
use super::{ChannelId, UserId};
use crate::go::BoardSize;

/// How far apart two ranks may be at first, in ranks.
pub const FIRST_WINDOW: u32 = 1;
/// The window widens by a rank each time this much more is waited.
pub const WIDEN_EVERY: Duration = Duration::from_secs(30);
/// After this long, any two entries of the same terms are paired, whatever their ranks.
pub const ANY_RANK_AFTER: Duration = Duration::from_secs(5 * 60);

/// What a player waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SeekTerms {
    pub size: BoardSize,
    pub time: TimePreset,
    pub ranked: bool,
}

/// A player waiting in the queue.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeekEntry {
    pub user: UserId,
    /// Where they asked: the game starts there unless the server names a channel.
    pub channel: ChannelId,
    pub terms: SeekTerms,
    pub since: Timestamp,
    /// The rank they hold on the server, as its number (a newcomer's is the start's).
    pub rank: f64,
}

/// What a seek asks for, as typed; `None` takes the server's setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeekOptions {
    pub size: Option<u8>,
    pub time: Option<TimePreset>,
    pub ranked: Option<bool>,
}

/// The terms of a seek: its options, else the server's settings, each checked against what the
/// server allows.
///
/// # Errors
/// A disabled server, a size or time the server does not allow.
pub fn decide_terms(options: SeekOptions, settings: &Settings) -> Result<SeekTerms, Refusal> {
    if !settings.enabled {
        return Err(Refusal::ServerDisabled);
    }
    let size = resolve_size(options.size, settings)?;
    let time = options.time.unwrap_or(settings.time_default);
    check_time_allowed(time, settings)?;
    Ok(SeekTerms {
        size,
        time,
        ranked: options.ranked.unwrap_or(settings.ranked_default),
    })
}

/// How many ranks apart an entry that waited `waited` accepts; `None`: any.
pub fn window(waited: Duration) -> Option<u32> {
    if waited >= ANY_RANK_AFTER {
        return None;
    }
    let steps = waited.as_millis() / WIDEN_EVERY.as_millis();
    Some(FIRST_WINDOW.saturating_add(u32::try_from(steps).unwrap_or(u32::MAX)))
}

/// Whether `a` (waiting longer) and `b` may be paired at `now`: the same terms, different
/// players, ranks within the window of the one who waited longer.
fn fits(a: &SeekEntry, b: &SeekEntry, now: Timestamp) -> bool {
    a.user != b.user
        && a.terms == b.terms
        && window(a.since.min(b.since).until(now))
            .is_none_or(|w| (a.rank - b.rank).abs() <= f64::from(w) + 1e-9)
}

/// The pairs to make now, as indexes into `queue`: the longest waiting first, each with the
/// entry of nearest rank it fits (the earlier of two as near). Each entry is in one pair at
/// most.
pub fn pairs(queue: &[SeekEntry], now: Timestamp) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..queue.len()).collect();
    order.sort_by_key(|&i| (queue[i].since, queue[i].user));
    let mut taken = vec![false; queue.len()];
    let mut out = Vec::new();
    for (k, &a) in order.iter().enumerate() {
        if taken[a] {
            continue;
        }
        let best = order[k + 1..]
            .iter()
            .copied()
            .filter(|&b| !taken[b] && fits(&queue[a], &queue[b], now))
            .min_by(|&x, &y| {
                let dx = (queue[a].rank - queue[x].rank).abs();
                let dy = (queue[a].rank - queue[y].rank).abs();
                dx.total_cmp(&dy)
            });
        if let Some(b) = best {
            taken[a] = true;
            taken[b] = true;
            out.push((a, b));
        }
    }
    out
}

/// When the queue should be looked at again: the next time a window widens while two
/// entries of the same terms wait unpaired; `None` when no pair could ever form.
pub fn next_widening(queue: &[SeekEntry], now: Timestamp) -> Option<Timestamp> {
    let waiting_together =
        |e: &SeekEntry| queue.iter().any(|o| o.user != e.user && o.terms == e.terms);
    queue
        .iter()
        .filter(|e| waiting_together(e))
        .filter_map(|e| {
            let waited = e.since.until(now);
            if waited >= ANY_RANK_AFTER {
                return None;
            }
            let steps = waited.as_secs() / WIDEN_EVERY.as_secs() + 1;
            let next = (WIDEN_EVERY * u32::try_from(steps).unwrap_or(u32::MAX)).min(ANY_RANK_AFTER);
            Some(e.since + next)
        })
        .min()
}

/// How many wait for each terms, most first: what `/weiqi seek` shows.
pub fn waiting(queue: &[SeekEntry]) -> Vec<(SeekTerms, usize)> {
    let mut counts: std::collections::BTreeMap<SeekTerms, usize> = Default::default();
    for e in queue {
        *counts.entry(e.terms).or_default() += 1;
    }
    let mut v: Vec<(SeekTerms, usize)> = counts.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: i64 = 1_800_000_000_000;

    fn entry(user: u64, rank: f64, waited_secs: i64, size: u8) -> SeekEntry {
        SeekEntry {
            user: UserId(user),
            channel: ChannelId(1),
            terms: SeekTerms {
                size: BoardSize::new(size).expect("a size"),
                time: TimePreset::Live,
                ranked: true,
            },
            since: Timestamp::from_millis(T0 - waited_secs * 1000),
            rank,
        }
    }

    fn at() -> Timestamp {
        Timestamp::from_millis(T0)
    }

    #[test]
    fn the_window_widens_a_rank_every_thirty_seconds_then_takes_anyone_after_five_minutes() {
        assert_eq!(window(Duration::ZERO), Some(1));
        assert_eq!(window(Duration::from_secs(29)), Some(1));
        assert_eq!(window(Duration::from_secs(30)), Some(2));
        assert_eq!(window(Duration::from_secs(299)), Some(10));
        assert_eq!(window(Duration::from_secs(300)), None);
    }

    #[test]
    fn near_ranks_pair_at_once_far_ones_when_the_longer_waiter_s_window_reaches() {
        // A 5 kyu (rank 25) and a 2 kyu (rank 28): three ranks apart.
        let queue = [entry(1, 25.0, 0, 19), entry(2, 28.0, 0, 19)];
        assert!(pairs(&queue, at()).is_empty());
        assert_eq!(
            next_widening(&queue, at()),
            Some(at() + Duration::from_secs(30))
        );
        // The 5 kyu has waited a minute: a window of three.
        let queue = [entry(1, 25.0, 60, 19), entry(2, 28.0, 0, 19)];
        assert_eq!(pairs(&queue, at()), vec![(0, 1)]);
    }

    #[test]
    fn the_longest_waiting_takes_the_nearest_rank_and_other_terms_never_pair() {
        let queue = [
            entry(1, 25.0, 90, 19),
            entry(2, 27.0, 10, 19),
            entry(3, 25.5, 5, 19),
            entry(4, 25.0, 200, 9),
        ];
        assert_eq!(pairs(&queue, at()), vec![(0, 2)]);
        // Alone at its size, the 9×9 entry never pairs and sets no timer of its own.
        let alone = [entry(4, 25.0, 200, 9)];
        assert_eq!(next_widening(&alone, at()), None);
    }

    #[test]
    fn after_five_minutes_any_ranks_pair_and_no_one_pairs_with_themselves() {
        let queue = [entry(1, 5.0, 301, 19), entry(2, 35.0, 0, 19)];
        assert_eq!(pairs(&queue, at()), vec![(0, 1)]);
        assert!(pairs(&[entry(1, 5.0, 400, 19)], at()).is_empty());
    }

    #[test]
    fn what_the_queue_shows_is_how_many_wait_at_which_terms() {
        let queue = [
            entry(1, 25.0, 0, 19),
            entry(2, 25.0, 0, 9),
            entry(3, 25.0, 0, 9),
        ];
        let w = waiting(&queue);
        assert_eq!(w.len(), 2);
        assert_eq!((w[0].0.size.get(), w[0].1), (9, 2));
        assert_eq!((w[1].0.size.get(), w[1].1), (19, 1));
    }
}
