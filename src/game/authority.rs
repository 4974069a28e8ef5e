//! Who may do what on a server beyond playing: its moderators change settings and annul games,
//! its organisers run events, its referees rule on their games. The front end says which a
//! member is, from its own permissions and roles; these are the one rule for every front end.

use super::Refusal;

/// Whether a member may change the settings or annul a game: moderators only (the front end
/// says who moderates, from its own permissions). The one rule for every front end.
///
/// # Errors
/// [`Refusal::NotModerator`].
pub fn may_moderate(moderator: bool) -> Result<(), Refusal> {
    if moderator {
        Ok(())
    } else {
        Err(Refusal::NotModerator)
    }
}

/// Whether a member may rule on the server's events' games: its moderators, and the members
/// of the referee role where the server has one (the front end says which a member is).
///
/// # Errors
/// [`Refusal::NotReferee`].
pub fn may_referee(referee: bool) -> Result<(), Refusal> {
    if referee {
        Ok(())
    } else {
        Err(Refusal::NotReferee)
    }
}

/// Whether a member may run the server's events: its moderators, and the members of the
/// organiser role where the server has one (the front end says which a member is).
///
/// # Errors
/// [`Refusal::NotOrganiser`].
pub fn may_organise(organiser: bool) -> Result<(), Refusal> {
    if organiser {
        Ok(())
    } else {
        Err(Refusal::NotOrganiser)
    }
}
