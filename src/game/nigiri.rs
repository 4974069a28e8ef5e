//! Nigiri (猜先, SPEC §11): who chooses the colour of an even game.
//!
//! At a board, one player (the seed says the elder) takes a handful of white stones and keeps
//! it closed; the other guesses odd or even (单双); the stones are counted, and whoever was
//! right chooses Black or White — on a wrong guess, the one who grabbed chooses.
//!
//! On Discord the bot grabs for the first player (the inviter, or the seat the event names),
//! the other player guesses with a button, the bot opens the hand, and the winner picks a
//! colour with another button. The handful comes from a random number the service draws:
//! nothing here reads a clock or a random generator, so the ceremony replays and tests alike.

/// A guess at the number of stones in the hand (stored as `odd` or `even`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Parity {
    /// 单: an odd number.
    Odd,
    /// 双: an even number.
    Even,
}

impl Parity {
    /// The parity of a count of stones.
    pub fn of(stones: u8) -> Parity {
        if stones % 2 == 1 {
            Parity::Odd
        } else {
            Parity::Even
        }
    }
}

/// The most stones a handful holds.
pub const MAX_STONES: u8 = 20;

/// Who picks the colour after the hand is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Chooser {
    /// The one who guessed, and guessed right.
    Guesser,
    /// The one for whom the bot grabbed, because the guess was wrong.
    Grabber,
}

/// The handful the bot grabs: 1 to [`MAX_STONES`] stones, from the caller's random number (any
/// `u64`, uniformly drawn; the bias of taking it modulo 20 is below one in 10¹⁷).
pub fn grab(random: u64) -> u8 {
    // The remainder is below 20: it fits a u8.
    (random % u64::from(MAX_STONES)) as u8 + 1
}

/// Whether `guess` is right about a hand of `stones`.
pub fn guessed(stones: u8, guess: Parity) -> bool {
    Parity::of(stones) == guess
}

/// Who picks the colour: the guesser if right, else the grabber.
pub fn chooser(stones: u8, guess: Parity) -> Chooser {
    if guessed(stones, guess) {
        Chooser::Guesser
    } else {
        Chooser::Grabber
    }
}

/// Where a nigiri stands: an invitation's (the inviter grabs, the one invited guesses), or an
/// event game's (the bot grabs for White's seat of the pairing, Black's guesses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NigiriStage {
    /// The bot holds a handful for the grabber; the guesser is to guess.
    Guess,
    /// The hand was opened: `stones`, guessed `guess`; the winner is to choose a colour.
    Choose { stones: u8, guess: Parity },
}

impl NigiriStage {
    /// Who chooses the colour once the hand is open; `None` before the guess.
    pub fn chooser(self) -> Option<Chooser> {
        match self {
            NigiriStage::Guess => None,
            NigiriStage::Choose { stones, guess } => Some(chooser(stones, guess)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handful_is_one_to_twenty_stones() {
        assert_eq!(grab(0), 1);
        assert_eq!(grab(19), 20);
        assert_eq!(grab(20), 1);
        assert_eq!(grab(u64::MAX), (u64::MAX % 20) as u8 + 1);
        for r in 0..1000u64 {
            assert!((1..=MAX_STONES).contains(&grab(r.wrapping_mul(0x9E37_79B9_7F4A_7C15))));
        }
    }

    #[test]
    fn every_count_from_one_to_twenty_can_be_grabbed() {
        let mut seen = [false; 21];
        for r in 0..20u64 {
            seen[usize::from(grab(r))] = true;
        }
        assert!(seen[1..].iter().all(|s| *s));
    }

    #[test]
    fn the_same_random_number_grabs_the_same_hand() {
        assert_eq!(grab(123_456_789), grab(123_456_789));
    }

    #[test]
    fn odd_and_even_guesses() {
        assert!(guessed(7, Parity::Odd));
        assert!(!guessed(7, Parity::Even));
        assert!(guessed(20, Parity::Even));
        assert!(!guessed(1, Parity::Even));
        assert_eq!(Parity::of(0), Parity::Even);
    }

    #[test]
    fn the_right_guess_chooses_else_the_grabber() {
        assert_eq!(chooser(4, Parity::Even), Chooser::Guesser);
        assert_eq!(chooser(4, Parity::Odd), Chooser::Grabber);
        assert_eq!(chooser(u8::MAX, Parity::Odd), Chooser::Guesser);
    }
}
