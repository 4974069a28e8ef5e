//! The invitation message: who invites whom, the terms, when it expires; Accept, Decline and
//! the inviter's Cancel.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::game::invitation::{OpenTo, PairInvite};
use crate::game::{Colours, ColoursWhy, Duration, Invitation, NigiriOf, NigiriStage, Terms};
use crate::go::Color;

use super::words::{self, color_name, handicap_terms, rules_name, time_control_text};
use super::{mention, nigiri_buttons, relative_time};
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::{Lang, tr};
use crate::discord::reply::Reply;
use crate::discord::snowflake;

/// The open invitation as an answer to the interaction that made it (a command or a Rematch
/// press): its text, a ping of the invitee only, and its buttons.
pub fn reply(inv: &Invitation, lang: Lang) -> Reply {
    Reply::public()
        .text(text(inv, lang))
        .mentions(snowflake::notify(inv.invited()))
        .components(components(inv, lang, true))
}

/// The open invitation as a channel message (posted again after its message was lost).
pub fn channel_message(inv: &Invitation, lang: Lang) -> serenity::all::CreateMessage {
    serenity::all::CreateMessage::new()
        .content(text(inv, lang))
        .allowed_mentions(snowflake::notify(inv.invited()))
        .components(components(inv, lang, true))
}

/// The invitation's text.
pub fn text(inv: &Invitation, lang: Lang) -> String {
    if let Some(pair) = inv.pair {
        return pair_text(inv, pair, lang);
    }
    if let Some(open) = inv.open {
        return open_text(inv, open, lang);
    }
    let size = u32::from(inv.terms.size.get());
    tr!(
        lang,
        "invitation",
        invitee = mention(inv.invitee),
        inviter = mention(inv.inviter),
        size = size,
        rules = rules_name(lang, inv.terms.rules),
        komi = inv.terms.komi.to_string(),
        handicap = terms_extra(&inv.terms, lang),
        first = colours_sentence(inv, lang),
        expires = relative_time(inv.expires_at)
    )
}

/// An open challenge's text: who posts it, the terms, who may take it, who plays Black.
fn open_text(inv: &Invitation, open: OpenTo, lang: Lang) -> String {
    let who = match open.ranks {
        None => tr!(lang, "challenge-anyone"),
        Some(r) if r.lo == r.hi => tr!(lang, "challenge-one-rank", rank = words::rank(lang, r.lo)),
        Some(r) => tr!(
            lang,
            "challenge-ranks",
            low = words::rank(lang, r.lo),
            high = words::rank(lang, r.hi)
        ),
    };
    let colours = match inv.terms.colours.why {
        ColoursWhy::Chosen => tr!(
            lang,
            "invitation-colours-chosen",
            inviter = mention(inv.inviter),
            color = color_name(lang, inv.terms.colours.inviter)
        ),
        _ if open.by_rank => tr!(lang, "challenge-colours-by-rank"),
        _ => tr!(lang, "invitation-colours-acceptor"),
    };
    tr!(
        lang,
        "challenge",
        poster = mention(inv.inviter),
        size = u32::from(inv.terms.size.get()),
        rules = rules_name(lang, inv.terms.rules),
        komi = inv.terms.komi.to_string(),
        handicap = terms_extra(&inv.terms, lang),
        who = who,
        colours = colours,
        expires = relative_time(inv.expires_at)
    )
}

/// A pair Go invitation's text: the four, the order they play in, who has accepted.
fn pair_text(inv: &Invitation, pair: PairInvite, lang: Lang) -> String {
    let ours = [inv.inviter, pair.inviter_partner];
    let theirs = [inv.invitee, pair.invitee_partner];
    let (black, white) = if inv.terms.colours.inviter == Color::Black {
        (ours, theirs)
    } else {
        (theirs, ours)
    };
    let order = format!(
        "⚫ {} · ⚪ {} · ⚫ {} · ⚪ {}",
        mention(black[0]),
        mention(white[0]),
        mention(black[1]),
        mention(white[1])
    );
    let accepted: Vec<String> = pair
        .invited(inv.invitee)
        .iter()
        .zip(pair.accepted)
        .filter(|(_, a)| *a)
        .map(|(u, _)| mention(*u))
        .collect();
    let accepted = if accepted.is_empty() {
        tr!(lang, "pair-accepted-none")
    } else {
        accepted.join(", ")
    };
    tr!(
        lang,
        "invitation-pair",
        inviter = mention(inv.inviter),
        partner = mention(pair.inviter_partner),
        invitee = mention(inv.invitee),
        invitee_partner = mention(pair.invitee_partner),
        size = u32::from(inv.terms.size.get()),
        rules = rules_name(lang, inv.terms.rules),
        komi = inv.terms.komi.to_string(),
        handicap = terms_extra(&inv.terms, lang),
        order = order,
        accepted = accepted,
        expires = relative_time(inv.expires_at)
    )
}

/// What the terms hold beyond size, rules and komi: the handicap, a real clock, ranked.
fn terms_extra(terms: &Terms, lang: Lang) -> String {
    let mut extra = String::new();
    if let Some(h) = handicap_terms(lang, terms.handicap, terms.free_handicap()) {
        extra.push_str(" · ");
        extra.push_str(&h);
    }
    if terms.time.is_real_clock() {
        extra.push_str(" · ");
        extra.push_str(&time_control_text(lang, terms.time, Duration::ZERO));
    }
    if terms.ranked {
        extra.push_str(" · ");
        extra.push_str(&tr!(lang, "terms-ranked"));
    }
    extra
}

/// Who plays Black and why, and who moves first (White after handicap stones); under nigiri,
/// where the nigiri stands.
fn colours_sentence(inv: &Invitation, lang: Lang) -> String {
    match inv.nigiri {
        Some(NigiriStage::Guess) => {
            return tr!(
                lang,
                "invitation-nigiri-guess",
                inviter = mention(inv.inviter),
                invitee = mention(inv.invitee)
            );
        }
        Some(NigiriStage::Choose { stones, guess }) => {
            let chooser = inv.nigiri_chooser().unwrap_or(inv.inviter);
            return nigiri_buttons::opened_text(lang, stones, guess, inv.invitee, chooser);
        }
        None => {}
    }
    let Colours { inviter, why } = inv.terms.colours;
    let black = mention(if inviter == Color::Black {
        inv.inviter
    } else {
        inv.invitee
    });
    let first = match inv.terms.first_to_move() {
        Color::Black => tr!(lang, "invitation-black-moves-first"),
        Color::White => tr!(lang, "invitation-white-moves-first"),
    };
    let who = match why {
        ColoursWhy::Acceptor => tr!(lang, "invitation-colours-acceptor"),
        ColoursWhy::RematchSwapped => tr!(lang, "invitation-colours-rematch", black = black),
        ColoursWhy::RematchHandicap => {
            tr!(lang, "invitation-colours-rematch-handicap", black = black)
        }
        ColoursWhy::LowerRank => tr!(lang, "invitation-colours-lower-rank", black = black),
        ColoursWhy::Chosen => tr!(
            lang,
            "invitation-colours-chosen",
            inviter = mention(inv.inviter),
            color = color_name(lang, inviter)
        ),
        // Shown only once chosen, and then the game is on.
        ColoursWhy::Nigiri => tr!(lang, "invitation-colours-nigiri", black = black),
    };
    tr!(lang, "invitation-colours", who = who, first = first)
}

/// How an invitation closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    Declined,
    Expired,
    Cancelled,
    Superseded,
}

/// The invitation's text once it is closed.
pub fn closed_text(inv: &Invitation, how: Closed, lang: Lang) -> String {
    let why = match how {
        Closed::Declined => tr!(lang, "invitation-declined"),
        Closed::Expired => tr!(lang, "invitation-expired"),
        Closed::Cancelled => tr!(lang, "invitation-cancelled"),
        Closed::Superseded => tr!(lang, "invitation-superseded"),
    };
    if inv.open.is_some() {
        return tr!(
            lang,
            "challenge-closed",
            poster = mention(inv.inviter),
            why = why
        );
    }
    tr!(
        lang,
        "invitation-closed",
        inviter = mention(inv.inviter),
        invitee = mention(inv.invitee),
        why = why
    )
}

/// Accept, Decline and Cancel (all disabled once it is closed); under nigiri, Odd and Even
/// in place of Accept, then Black and White for the winner to choose.
pub fn components(inv: &Invitation, lang: Lang, open: bool) -> Vec<CreateActionRow> {
    let id = inv.id;
    let button = |b: ButtonId, label: String, style: ButtonStyle| {
        CreateButton::new(b.to_string())
            .label(label)
            .style(style)
            .disabled(!open)
    };
    let mut row = match inv.nigiri {
        None => vec![button(
            ButtonId::Accept { invitation: id },
            tr!(lang, "button-accept"),
            ButtonStyle::Success,
        )],
        Some(stage) => nigiri_buttons::buttons(NigiriOf::Invitation(id), stage, lang, open),
    };
    // An open challenge is taken or withdrawn, never declined.
    if inv.open.is_none() {
        row.push(button(
            ButtonId::Decline { invitation: id },
            tr!(lang, "button-decline"),
            ButtonStyle::Danger,
        ));
    }
    row.push(button(
        ButtonId::Cancel { invitation: id },
        tr!(lang, "button-cancel"),
        ButtonStyle::Secondary,
    ));
    vec![CreateActionRow::Buttons(row)]
}
