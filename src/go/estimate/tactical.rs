//! The estimate's playouts: a small board of its own that counts exact liberties cheaply (the
//! tactical policy asks "is this chain in atari?" several times a move), and the policy.
//!
//! Policy, for the side to move after the opponent's move `last`:
//! 1. take a chain in atari at or next to `last`; else save one's own chain that `last` left in
//!    atari, by taking an enemy chain in atari that touches it or by extending when that gives
//!    two liberties or more;
//! 2. three moves in four, play next to `last` (its eight neighbours): an invader who is answered
//!    dies, as in real play;
//! 3. else a uniformly random move.
//!
//! Every move must be legal under simple ko, fill none of one's own eyes, and put none of one's
//! own chains of two stones or more in atari without capturing (which would also fill the
//! shared liberty of a seki). A playout ends on two passes in a row or a move cap.

use crate::go::board::Board;
use crate::go::board::join_chain_lists;
use crate::go::color::Color;
use crate::go::light_playout::Rng;
use crate::go::point::{CELLS, Point, STRIDE};

const EMPTY: u8 = 0;
const BORDER: u8 = 3;

#[inline(always)]
fn cell_of(color: Color) -> u8 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

#[inline(always)]
fn neighbours(i: usize) -> [usize; 4] {
    [i - STRIDE, i - 1, i + 1, i + STRIDE]
}

#[inline(always)]
fn diagonals(i: usize) -> [usize; 4] {
    [
        i - STRIDE - 1,
        i - STRIDE + 1,
        i + STRIDE - 1,
        i + STRIDE + 1,
    ]
}

/// Chains as circular lists of stones with a head each; liberties are counted on demand.
#[derive(Clone)]
pub(super) struct PlayBoard {
    cells: [u8; CELLS],
    head: [u16; CELLS],
    next: [u16; CELLS],
    len: [u16; CELLS],
    /// The point the colour `ko_color` may not play at once (0: none; cell 0 is a border).
    ko: usize,
    ko_color: u8,
    empties: Vec<u16>,
    slot: [u16; CELLS],
    mark: [u32; CELLS],
    stamp: u32,
}

impl PlayBoard {
    /// The stones of `board`, without its ko.
    pub(super) fn from_board(board: &Board) -> PlayBoard {
        let mut b = PlayBoard {
            cells: [BORDER; CELLS],
            head: [0; CELLS],
            next: [0; CELLS],
            len: [0; CELLS],
            ko: 0,
            ko_color: 0,
            empties: Vec::with_capacity(board.size().points()),
            slot: [0; CELLS],
            mark: [0; CELLS],
            stamp: 0,
        };
        for p in board.size().all_points() {
            let i = p.index();
            match board.get(p) {
                Some(c) => {
                    b.cells[i] = cell_of(c);
                    b.head[i] = i as u16;
                    b.next[i] = i as u16;
                    b.len[i] = 1;
                }
                None => {
                    b.cells[i] = EMPTY;
                    b.slot[i] = b.empties.len() as u16;
                    b.empties.push(i as u16);
                }
            }
        }
        for p in board.size().all_points() {
            let i = p.index();
            if b.cells[i] == EMPTY {
                continue;
            }
            for n in [i + 1, i + STRIDE] {
                if b.cells[n] == b.cells[i] && b.head[n] != b.head[i] {
                    b.merge(b.head[i] as usize, b.head[n] as usize);
                }
            }
        }
        b
    }

    /// The colour on cell `i`, if a stone.
    #[inline]
    pub(super) fn color_at(&self, i: usize) -> Option<Color> {
        match self.cells[i] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    #[inline]
    fn is_empty(&self, i: usize) -> bool {
        self.cells[i] == EMPTY
    }

    fn merge(&mut self, a: usize, b: usize) -> usize {
        join_chain_lists(&mut self.head, &mut self.next, &mut self.len, a, b).0
    }

    /// Up to `limit` distinct liberties of the chain through the stone `i`: how many were found
    /// and the first of them.
    #[inline]
    fn liberties(&mut self, i: usize, limit: u32) -> (u32, usize) {
        self.stamp = self.stamp.wrapping_add(1);
        let st = self.stamp;
        let h = self.head[i] as usize;
        let (mut n, mut first) = (0, 0);
        let mut s = h;
        loop {
            for nb in neighbours(s) {
                if self.cells[nb] == EMPTY && self.mark[nb] != st {
                    self.mark[nb] = st;
                    if n == 0 {
                        first = nb;
                    }
                    n += 1;
                    if n >= limit {
                        return (n, first);
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h {
                return (n, first);
            }
        }
    }

    /// Whether `color` may play on the empty cell `i`: not the ko point, not suicide.
    fn is_legal(&mut self, color: Color, i: usize) -> bool {
        if !self.is_empty(i) || (self.ko == i && self.ko_color == cell_of(color)) {
            return false;
        }
        let own = cell_of(color);
        for n in neighbours(i) {
            let c = self.cells[n];
            if c == EMPTY {
                return true;
            }
            if c == BORDER {
                continue;
            }
            let libs = self.liberties(n, 2).0;
            if (c == own) == (libs >= 2) {
                return true;
            }
        }
        false
    }

    /// Whether the empty cell `i` is an eye of `color` that a playout should not fill: every
    /// neighbour is `color` (or the edge) and the opponent holds too few diagonals to break it.
    fn is_eye(&self, color: Color, i: usize) -> bool {
        let own = cell_of(color);
        if neighbours(i)
            .iter()
            .any(|&n| self.cells[n] != own && self.cells[n] != BORDER)
        {
            return false;
        }
        let enemy = cell_of(color.opponent());
        let (mut bad, mut edge) = (0, false);
        for d in diagonals(i) {
            match self.cells[d] {
                BORDER => edge = true,
                c if c == enemy => bad += 1,
                _ => {}
            }
        }
        if edge { bad == 0 } else { bad < 2 }
    }

    /// The liberties (up to 2) of the chain `color` would make on the empty cell `i`; a capture
    /// counts as 2.
    fn liberties_after(&mut self, color: Color, i: usize) -> u32 {
        let own = cell_of(color);
        let enemy = cell_of(color.opponent());
        let mut friends = [0usize; 4];
        let mut k = 0;
        for n in neighbours(i) {
            let c = self.cells[n];
            if c == enemy && self.liberties(n, 2).0 == 1 {
                return 2;
            }
            if c == own {
                friends[k] = n;
                k += 1;
            }
        }
        self.stamp = self.stamp.wrapping_add(1);
        let st = self.stamp;
        self.mark[i] = st;
        let mut count = 0;
        for n in neighbours(i) {
            if self.cells[n] == EMPTY && self.mark[n] != st {
                self.mark[n] = st;
                count += 1;
            }
        }
        let mut walked = [usize::MAX; 4];
        for (j, &f) in friends[..k].iter().enumerate() {
            let h = self.head[f] as usize;
            if walked.contains(&h) {
                continue;
            }
            walked[j] = h;
            let mut s = h;
            loop {
                for nb in neighbours(s) {
                    if self.cells[nb] == EMPTY && self.mark[nb] != st {
                        self.mark[nb] = st;
                        count += 1;
                        if count >= 2 {
                            return count;
                        }
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        count
    }

    /// Whether `color` on `i` joins its own stones into a chain with one liberty or none,
    /// capturing nothing.
    fn is_bad_self_atari(&mut self, color: Color, i: usize) -> bool {
        let own = cell_of(color);
        let mut empty = 0;
        let mut joins = false;
        for n in neighbours(i) {
            match self.cells[n] {
                EMPTY => empty += 1,
                c if c == own => joins = true,
                _ => {}
            }
        }
        if empty >= 2 || !joins {
            return false;
        }
        self.liberties_after(color, i) <= 1
    }

    /// Whether the policy allows `color` on `i`.
    fn allowed(&mut self, color: Color, i: usize) -> bool {
        self.is_legal(color, i) && !self.is_eye(color, i) && !self.is_bad_self_atari(color, i)
    }

    fn remove_empty(&mut self, i: usize) {
        let k = self.slot[i] as usize;
        let last = self.empties.len() - 1;
        self.empties.swap(k, last);
        let moved = self.empties[k] as usize;
        self.slot[moved] = k as u16;
        self.empties.pop();
    }

    fn add_empty(&mut self, i: usize) {
        self.slot[i] = self.empties.len() as u16;
        self.empties.push(i as u16);
    }

    /// Plays a move already known to be legal, with its captures and ko.
    fn play(&mut self, color: Color, i: usize) {
        let own = cell_of(color);
        let enemy = cell_of(color.opponent());
        self.remove_empty(i);
        self.cells[i] = own;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.len[i] = 1;
        let mut my_head = i;
        for n in neighbours(i) {
            if self.cells[n] == own && self.head[n] as usize != my_head {
                my_head = self.merge(my_head, self.head[n] as usize);
            }
        }
        let mut captured = 0;
        let mut captured_at = 0;
        for n in neighbours(i) {
            if self.cells[n] == enemy && self.liberties(n, 1).0 == 0 {
                let h = self.head[n] as usize;
                let mut s = h;
                loop {
                    self.cells[s] = EMPTY;
                    self.add_empty(s);
                    captured += 1;
                    captured_at = s;
                    s = self.next[s] as usize;
                    if s == h {
                        break;
                    }
                }
            }
        }
        self.ko = 0;
        if captured == 1 && self.len[my_head] == 1 && self.liberties(i, 2).0 == 1 {
            self.ko = captured_at;
            self.ko_color = enemy;
        }
    }

    /// A capture or a rescue in answer to the opponent's move at `last`.
    fn urgent(&mut self, color: Color, last: usize, rng: &mut Rng) -> Option<usize> {
        let own = cell_of(color);
        let mut captures = [0usize; 8];
        let mut nc = 0;
        let mut escapes = [0usize; 8];
        let mut ne = 0;
        let mut seen = [usize::MAX; 5];
        let around = [last, last - STRIDE, last - 1, last + 1, last + STRIDE];
        for (k, &q) in around.iter().enumerate() {
            let c = self.cells[q];
            if c == EMPTY || c == BORDER {
                continue;
            }
            let h = self.head[q] as usize;
            if seen.contains(&h) {
                continue;
            }
            seen[k] = h;
            let (libs, lib) = self.liberties(q, 2);
            if libs != 1 {
                continue;
            }
            if c != own {
                if self.is_legal(color, lib) && nc < captures.len() {
                    captures[nc] = lib;
                    nc += 1;
                }
                continue;
            }
            // Our chain in atari: take an enemy chain in atari that touches it, or extend.
            let mut s = h;
            loop {
                for nb in neighbours(s) {
                    let e = self.cells[nb];
                    if e != EMPTY && e != BORDER && e != own {
                        let (elibs, elib) = self.liberties(nb, 2);
                        if elibs == 1 && self.is_legal(color, elib) && ne < escapes.len() {
                            escapes[ne] = elib;
                            ne += 1;
                        }
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
            if self.is_legal(color, lib) && self.liberties_after(color, lib) >= 2 && ne < 8 {
                escapes[ne] = lib;
                ne += 1;
            }
        }
        if nc > 0 {
            return Some(captures[rng.below(nc)]);
        }
        (ne > 0).then(|| escapes[rng.below(ne)])
    }

    /// An allowed move among the eight neighbours of `last`.
    fn local(&mut self, color: Color, last: usize, rng: &mut Rng) -> Option<usize> {
        let mut options = [0usize; 8];
        let mut n = 0;
        for i in [
            last - STRIDE - 1,
            last - STRIDE,
            last - STRIDE + 1,
            last - 1,
            last + 1,
            last + STRIDE - 1,
            last + STRIDE,
            last + STRIDE + 1,
        ] {
            if self.is_empty(i) && self.allowed(color, i) {
                options[n] = i;
                n += 1;
            }
        }
        (n > 0).then(|| options[rng.below(n)])
    }

    /// A uniformly random allowed move.
    fn random(&mut self, color: Color, rng: &mut Rng) -> Option<usize> {
        let mut n = self.empties.len();
        while n > 0 {
            let k = rng.below(n);
            let i = self.empties[k] as usize;
            if self.allowed(color, i) {
                return Some(i);
            }
            n -= 1;
            // Keep the untried points in front; the order of `empties` does not matter.
            self.empties.swap(k, n);
            let (a, b) = (self.empties[k] as usize, self.empties[n] as usize);
            self.slot[a] = k as u16;
            self.slot[b] = n as u16;
        }
        None
    }

    /// Plays from this position with `to_move` first until two passes in a row or `max_moves`.
    pub(super) fn playout(&mut self, mut to_move: Color, rng: &mut Rng, max_moves: usize) {
        let mut passes = 0;
        let mut last: Option<usize> = None;
        for _ in 0..max_moves {
            let chosen = match last {
                Some(l) => self.urgent(to_move, l, rng).or_else(|| {
                    if rng.below(LOCAL_ONE_IN) != 0 {
                        self.local(to_move, l, rng)
                    } else {
                        None
                    }
                }),
                None => None,
            }
            .or_else(|| self.random(to_move, rng));
            match chosen {
                Some(i) => {
                    self.play(to_move, i);
                    passes = 0;
                    last = Some(i);
                }
                None => {
                    self.ko = 0;
                    passes += 1;
                    last = None;
                    if passes >= 2 {
                        return;
                    }
                }
            }
            to_move = to_move.opponent();
        }
    }

    /// Whether the point `p` is empty at the end of a playout between stones of both colours:
    /// a liberty no one could fill, as in a seki.
    pub(super) fn is_shared(&self, p: Point) -> bool {
        let i = p.index();
        if self.cells[i] != EMPTY {
            return false;
        }
        let mut seen = [false; 2];
        for n in neighbours(i) {
            match self.color_at(n) {
                Some(Color::Black) => seen[0] = true,
                Some(Color::White) => seen[1] = true,
                None => {}
            }
        }
        seen[0] && seen[1]
    }

    /// Whether the chain through the stone on `p` has a liberty between stones of both colours:
    /// at the end of a playout, a chain that lives by such a liberty lives in seki.
    pub(super) fn lives_in_seki(&self, p: Point) -> bool {
        let h = self.head[p.index()] as usize;
        let mut s = h;
        loop {
            if neighbours(s)
                .iter()
                .any(|&n| self.is_shared(Point::from_index(n)))
            {
                return true;
            }
            s = self.next[s] as usize;
            if s == h {
                return false;
            }
        }
    }

    /// Who the point `p` belongs to at the end of a playout: its stone, or the one colour among
    /// the stones around it.
    pub(super) fn owner(&self, p: Point) -> Option<Color> {
        let i = p.index();
        if let Some(c) = self.color_at(i) {
            return Some(c);
        }
        let mut found = None;
        for n in neighbours(i) {
            match (self.color_at(n), found) {
                (None, _) => {}
                (Some(c), None) => found = Some(c),
                (Some(c), Some(f)) if c != f => return None,
                _ => {}
            }
        }
        found
    }
}

/// Out of this many moves, all but one answer the opponent's last move locally when they can.
const LOCAL_ONE_IN: usize = 4;
