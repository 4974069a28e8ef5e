//! Who plays Black in an event's game, with what handicap and komi (局差, SPEC §11): the
//! pairing's colours in an even event; in a handicap event (or a ten-game match that has
//! stepped) the weaker player Black with what the difference gives.

use crate::go::{Komi, MIN_HANDICAP, RuleSet, handicap_komi, max_fixed};

use super::ing_handicap::{ing_handicap, sen_between};
use super::ten_game::TenGame;
use super::terms::{ColourRule, Format, HandicapPolicy};
use super::tournament::Tournament;
use super::{Pairing, Seat};
use crate::game::rating::ranked_handicap;

/// The terms of one game of an event, as its match is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventGameTerms {
    pub black: Seat,
    pub white: Seat,
    /// Black's handicap stones (the Ing way: White's free moves plus one), 0 in an even game.
    pub handicap: u8,
    pub komi: Komi,
    /// The game opens with nigiri (猜先): an even game of an event whose colours go by it.
    pub nigiri: bool,
}

impl Tournament {
    /// The terms of the game `p` of this event: the pairing's colours, the terms' komi (else
    /// the rule set's) in an even game; when the handicap policy (or a ten-game match's step)
    /// gives the two players a difference, the weaker Black (a ten-game match's pairing says
    /// already who receives) with the stones and komi it is worth — the Ing way under Ing's
    /// rules or in a ten-game match, else stones by rank difference as a ranked game gets them,
    /// never more than the board holds.
    pub fn game_terms(&self, p: Pairing) -> EventGameTerms {
        let rules = self.terms.rules;
        let even_komi = self.terms.komi.unwrap_or_else(|| rules.rules().komi);
        let even = EventGameTerms {
            black: p.black,
            white: p.white,
            handicap: 0,
            komi: even_komi,
            nigiri: self.terms.colours == ColourRule::Nigiri,
        };
        let sen = self.sen_of(p);
        if sen <= 0.0 {
            return even;
        }
        let (black, white) = match self.terms.format {
            Format::TenGame => (p.black, p.white),
            _ if self.entries[p.black].rank <= self.entries[p.white].rank => (p.black, p.white),
            _ => (p.white, p.black),
        };
        let (stones, komi) = if rules == RuleSet::Ing || self.terms.format == Format::TenGame {
            let h = ing_handicap(sen);
            let stones = if h.free_moves > 0 {
                h.free_moves + 1
            } else {
                0
            };
            (stones, Komi::from_half_points(h.komi_half))
        } else {
            let ranks =
                f64::from(self.entries[white].rank.0) - f64::from(self.entries[black].rank.0);
            let size = self.terms.size;
            let stones = ranked_handicap(size.get(), ranks, max_fixed(size));
            (stones, handicap_komi(rules, stones))
        };
        let handicap = if stones >= MIN_HANDICAP {
            stones.min(max_fixed(self.terms.size).max(MIN_HANDICAP))
        } else {
            stones
        };
        // A difference paid in nothing (rounded away) is an even game after all.
        let still_even = (black, white) == (p.black, p.white) && handicap == 0 && komi == even_komi;
        EventGameTerms {
            black,
            white,
            handicap,
            komi,
            nigiri: even.nigiri && still_even,
        }
    }

    /// The difference in 先 between the two players of `p`, as the terms give it.
    fn sen_of(&self, p: Pairing) -> f64 {
        match (self.terms.format, self.terms.handicap) {
            (Format::TenGame, _) => TenGame::replay(&self.played())
                .next_game()
                .map_or(0.0, |(_, sen)| sen),
            (_, HandicapPolicy::Even) => 0.0,
            (_, HandicapPolicy::ByRank) => {
                sen_between(self.entries[p.black].rank, self.entries[p.white].rank)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::events::tournament::tests::{candidate, event};
    use crate::game::rating::Rank;
    use crate::go::BoardSize;

    /// Two players of `ranks` (0 is 30 kyu, 30 is 1 dan) in a handicap event under `rules`,
    /// on a board of `size`.
    fn two(rules: RuleSet, size: u8, ranks: [i8; 2]) -> Tournament {
        let mut t = event(Format::RoundRobin);
        t.terms.rules = rules;
        t.terms.size = BoardSize::new(size).unwrap();
        t.terms.handicap = HandicapPolicy::ByRank;
        for (u, r) in [1, 2].into_iter().zip(ranks) {
            let mut c = candidate(u, 1500.0);
            c.rank = Rank(r);
            t.join(&c);
        }
        t
    }

    const P: Pairing = Pairing { black: 0, white: 1 };

    #[test]
    fn an_even_event_plays_the_pairing_s_colours_with_the_terms_komi() {
        let mut t = two(RuleSet::Chinese, 19, [20, 30]);
        t.terms.handicap = HandicapPolicy::Even;
        let terms = t.game_terms(P);
        assert_eq!((terms.black, terms.white, terms.handicap), (0, 1, 0));
        assert_eq!(terms.komi, RuleSet::Chinese.rules().komi);
        assert!(!terms.nigiri);
        t.terms.komi = Some(Komi::from_half_points(13));
        t.terms.colours = ColourRule::Nigiri;
        let terms = t.game_terms(P);
        assert_eq!(terms.komi, Komi::from_half_points(13));
        assert!(
            terms.nigiri,
            "an even game goes by nigiri where the terms say so"
        );
    }

    #[test]
    fn under_ing_rules_the_weaker_takes_black_with_the_seed_s_handicap() {
        // 1 kyu (29) against 1 dan (30): one 先, 定先: Black gives nothing.
        let t = two(RuleSet::Ing, 19, [30, 29]);
        let terms = t.game_terms(P);
        assert_eq!((terms.black, terms.white), (1, 0), "the weaker is Black");
        assert_eq!((terms.handicap, terms.komi), (0, Komi::from_half_points(0)));
        // Three kyu ranks apart: 3 先, two free moves (three stones' worth), no points.
        let terms = two(RuleSet::Ing, 19, [20, 23]).game_terms(P);
        assert_eq!((terms.black, terms.white), (0, 1));
        assert_eq!((terms.handicap, terms.komi), (3, Komi::from_half_points(0)));
        assert!(!terms.nigiri);
    }

    #[test]
    fn under_other_rules_stones_go_by_rank_as_a_ranked_game_s_do_within_the_board() {
        // Four ranks apart on 19×19: four stones, and the rules' handicap komi.
        let terms = two(RuleSet::Japanese, 19, [24, 20]).game_terms(P);
        assert_eq!((terms.black, terms.white, terms.handicap), (1, 0, 4));
        assert_eq!(terms.komi, handicap_komi(RuleSet::Japanese, 4));
        // Thirty ranks apart on 9×9: a stone for six ranks.
        assert_eq!(two(RuleSet::Japanese, 9, [0, 30]).game_terms(P).handicap, 5);
        // Thirty-eight apart on 19×19: no more than the board's fixed places.
        let terms = two(RuleSet::Japanese, 19, [0, 38]).game_terms(P);
        assert_eq!(terms.handicap, max_fixed(BoardSize::new(19).unwrap()));
    }

    #[test]
    fn a_ten_game_match_keeps_its_pairing_s_colours_and_pays_the_ing_way() {
        let mut t = two(RuleSet::Japanese, 19, [20, 20]);
        t.terms.format = Format::TenGame;
        // No game played: the match starts even.
        let terms = t.game_terms(P);
        assert_eq!((terms.black, terms.white, terms.handicap), (0, 1, 0));
        assert_eq!(terms.komi, RuleSet::Japanese.rules().komi);
    }
}
