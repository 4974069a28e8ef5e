//! The invitation message: who invites whom, the terms, when it expires; Accept, Decline and
//! the inviter's Cancel.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::game::{Invitation, InvitationId};
use crate::go::MIN_HANDICAP;

use super::super::custom_id::ButtonId;
use super::super::i18n::{Lang, tr};
use super::words::{handicap_terms, rules_name};
use super::{mention, relative_time};

/// The open invitation as an answer to the interaction that made it (a command or a Rematch
/// press): its text, a ping of the invitee only, and its buttons.
pub fn message(inv: &Invitation, lang: Lang) -> serenity::all::CreateInteractionResponseMessage {
    serenity::all::CreateInteractionResponseMessage::new()
        .content(text(inv, lang))
        .allowed_mentions(
            serenity::all::CreateAllowedMentions::new()
                .users(vec![serenity::all::UserId::new(inv.invitee.get().max(1))]),
        )
        .components(components(inv.id, lang, true))
}

/// The invitation's text.
pub fn text(inv: &Invitation, lang: Lang) -> String {
    let size = u32::from(inv.terms.size.get());
    tr!(
        lang,
        "invitation",
        invitee = mention(inv.invitee),
        inviter = mention(inv.inviter),
        size = size,
        rules = rules_name(lang, inv.terms.rules),
        komi = inv.terms.komi.to_string(),
        handicap = {
            let mut extra = String::new();
            if let Some(h) =
                handicap_terms(lang, inv.terms.handicap, inv.terms.rules.free_handicap())
            {
                extra.push_str(" · ");
                extra.push_str(&h);
            }
            if inv.terms.time.is_real_clock() {
                extra.push_str(" · ");
                extra.push_str(&super::words::time_control_text(
                    lang,
                    inv.terms.time,
                    crate::game::Duration::ZERO,
                ));
            }
            if inv.terms.ranked {
                extra.push_str(" · ");
                extra.push_str(&tr!(lang, "terms-ranked"));
            }
            extra
        },
        first = match (inv.terms.inviter_black, inv.terms.handicap >= MIN_HANDICAP) {
            (false, false) => tr!(lang, "invitation-black-first"),
            (false, true) => tr!(lang, "invitation-white-first"),
            (true, false) => tr!(
                lang,
                "invitation-inviter-black-first",
                inviter = mention(inv.inviter)
            ),
            (true, true) => tr!(
                lang,
                "invitation-inviter-black-stones",
                inviter = mention(inv.inviter)
            ),
        },
        expires = relative_time(inv.expires_at)
    )
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
    tr!(
        lang,
        "invitation-closed",
        inviter = mention(inv.inviter),
        invitee = mention(inv.invitee),
        why = why
    )
}

/// Accept, Decline and Cancel (all disabled once it is closed).
pub fn components(id: InvitationId, lang: Lang, open: bool) -> Vec<CreateActionRow> {
    let button = |b: ButtonId, label: String, style: ButtonStyle| {
        CreateButton::new(b.to_string())
            .label(label)
            .style(style)
            .disabled(!open)
    };
    vec![CreateActionRow::Buttons(vec![
        button(
            ButtonId::Accept { invitation: id },
            tr!(lang, "button-accept"),
            ButtonStyle::Success,
        ),
        button(
            ButtonId::Decline { invitation: id },
            tr!(lang, "button-decline"),
            ButtonStyle::Danger,
        ),
        button(
            ButtonId::Cancel { invitation: id },
            tr!(lang, "button-cancel"),
            ButtonStyle::Secondary,
        ),
    ])]
}
