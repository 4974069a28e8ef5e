//! `/weiqi profile` and `/weiqi leaderboard`.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton, CreateEmbed};

use crate::game::Standing;
use crate::game::UserId;
use crate::service::{Profile, Ranking};

use super::mention;
use crate::discord::custom_id::ButtonId;
use crate::discord::i18n::{Lang, tr};

/// Players on one page of the leaderboard.
pub const PAGE: u32 = 10;

/// A player's profile.
pub fn profile(p: &Profile, lang: Lang, training: Option<String>) -> CreateEmbed {
    let mut text = tr!(
        lang,
        "profile-line",
        player = mention(p.user),
        merit = p.merit,
        wins = p.wins,
        losses = p.losses,
        draws = p.draws
    );
    if p.title.is_some() {
        text.push('\n');
        text.push_str(&tr!(lang, "profile-title"));
    }
    if let Some(line) = ranked_line(p, lang) {
        text.push('\n');
        text.push_str(&line);
    }
    for &(level, wins, losses, draws) in &p.against_computer {
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "profile-computer",
            computer = super::words::computer_name(lang, level),
            wins = wins,
            losses = losses,
            draws = draws
        ));
    }
    if let Some(line) = training {
        text.push('\n');
        text.push_str(&line);
    }
    CreateEmbed::new()
        .title(tr!(lang, "profile-heading"))
        .description(text)
}

/// The training ground's line of a profile: the training rating and rank, problems solved,
/// the daily streak; `None` before the first attempt and the first daily problem solved.
pub fn training_line(lang: Lang, t: &crate::service::TrainingProfile) -> Option<String> {
    if t.attempts == 0 && t.streak.total == 0 {
        return None;
    }
    Some(tr!(
        lang,
        "profile-training",
        rating = t.rating.rating.round(),
        rank = super::words::rank(lang, crate::game::rating::Rank::of(t.rating.rank_value())),
        solved = t.solved,
        attempts = t.attempts,
        streak = t.streak_today,
        best = t.streak.best
    ))
}

/// The ranked line of a profile: rank (with `?` while provisional), rating ± deviation, games,
/// wins–losses, streak; `None` before the first ranked game.
fn ranked_line(p: &Profile, lang: Lang) -> Option<String> {
    let s = p.standing.as_ref()?;
    Some(tr!(
        lang,
        "profile-ranked",
        rank = super::words::rank(lang, s.rank),
        provisional = if s.provisional { "?" } else { "" },
        rating = format!("{:.0}", s.rating),
        deviation = format!("{:.0}", s.deviation),
        games = s.games,
        wins = s.wins,
        losses = s.losses,
        streak = if s.streak == 0 {
            String::new()
        } else {
            tr!(lang, "profile-streak", n = format!("{:+}", s.streak))
        }
    ))
}

/// `/weiqi rank`: the player and their ranked line, or that they have not played ranked yet.
pub fn standing(p: &Profile, lang: Lang) -> CreateEmbed {
    let line = ranked_line(p, lang).unwrap_or_else(|| tr!(lang, "rank-none"));
    CreateEmbed::new()
        .title(tr!(lang, "rank-heading"))
        .description(format!("{}\n{line}", mention(p.user)))
}

/// One page of the leaderboard by merit, with the buttons to turn it.
pub fn leaderboard(
    list: &[Profile],
    page: u16,
    has_next: bool,
    lang: Lang,
) -> (CreateEmbed, Vec<CreateActionRow>) {
    let text = numbered(list, page, tr!(lang, "leaderboard-empty"), |place, p| {
        let line = tr!(
            lang,
            "leaderboard-line",
            rank = place,
            player = mention(p.user),
            merit = p.merit,
            wins = p.wins,
            losses = p.losses
        );
        if p.title.is_some() {
            format!("{line} · {}", tr!(lang, "title-name"))
        } else {
            line
        }
    });
    let embed = CreateEmbed::new()
        .title(tr!(lang, "leaderboard-heading", page = u32::from(page) + 1))
        .description(text);
    (embed, page_buttons(Ranking::Merit, page, has_next, lang))
}

/// One page of the leaderboard by rating: held rank (`?` while provisional), rating ±
/// deviation and ranked record, with the buttons to turn it.
pub fn rating_leaderboard(
    list: &[(UserId, Standing)],
    page: u16,
    has_next: bool,
    lang: Lang,
) -> (CreateEmbed, Vec<CreateActionRow>) {
    let empty = tr!(lang, "leaderboard-rating-empty");
    let text = numbered(list, page, empty, |place, (user, s)| {
        tr!(
            lang,
            "leaderboard-rating-line",
            place = place,
            player = mention(*user),
            rank = super::words::rank(lang, s.rank),
            provisional = if s.provisional { "?" } else { "" },
            rating = format!("{:.0}", s.rating),
            deviation = format!("{:.0}", s.deviation),
            wins = s.wins,
            losses = s.losses
        )
    });
    let embed = CreateEmbed::new()
        .title(tr!(
            lang,
            "leaderboard-rating-heading",
            page = u32::from(page) + 1
        ))
        .description(text);
    (embed, page_buttons(Ranking::Rating, page, has_next, lang))
}

/// The lines of one page, each with its place on the whole board (from 1), or `empty`.
fn numbered<T>(list: &[T], page: u16, empty: String, line: impl Fn(u32, &T) -> String) -> String {
    if list.is_empty() {
        return empty;
    }
    let first = u32::from(page) * PAGE;
    list.iter()
        .enumerate()
        .map(|(i, item)| line(first + i as u32 + 1, item))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Back, Next, and the switch to the other order (from its first page).
fn page_buttons(by: Ranking, page: u16, has_next: bool, lang: Lang) -> Vec<CreateActionRow> {
    let nav = |label: String, by: Ranking, to: u16, enabled: bool| {
        CreateButton::new(ButtonId::Leaderboard { page: to, by }.to_string())
            .label(label)
            .style(ButtonStyle::Secondary)
            .disabled(!enabled)
    };
    let (other, switch) = match by {
        Ranking::Rating => (Ranking::Merit, tr!(lang, "button-by-merit")),
        Ranking::Merit => (Ranking::Rating, tr!(lang, "button-by-rating")),
    };
    vec![CreateActionRow::Buttons(vec![
        nav(
            tr!(lang, "button-back"),
            by,
            page.saturating_sub(1),
            page > 0,
        ),
        nav(
            tr!(lang, "button-next"),
            by,
            page.saturating_add(1),
            has_next,
        ),
        nav(switch, other, 0, true),
    ])]
}
