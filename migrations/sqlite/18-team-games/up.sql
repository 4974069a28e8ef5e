-- Team games (SPEC §11, 赛式): pair Go (联棋) and consultation (商谈联棋). A match may have
-- sides of several people (its own typed form, `teams`); a pair Go move says who made it (a
-- partner may pass for the side); a consultation team's votes are kept, each with the move it
-- was for, so that votes in progress survive a restart and the record can tell how each move
-- was voted. A pair Go invitation names both partners and who of the three invited accepted.
ALTER TABLE matches ADD COLUMN teams TEXT;
ALTER TABLE moves ADD COLUMN played_by INTEGER;
CREATE TABLE votes (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    number   INTEGER NOT NULL CHECK (number >= 1),  -- the move voted on (its number to be)
    user_id  INTEGER NOT NULL,
    color    INTEGER NOT NULL CHECK (color IN (0, 1)),
    choice   TEXT    NOT NULL CHECK (choice IN ('play', 'pass', 'resign')),
    point    TEXT,                                  -- with 'play' only
    voted_at INTEGER NOT NULL,
    PRIMARY KEY (match_id, number, user_id),
    CHECK ((choice = 'play') = (point IS NOT NULL))
);
ALTER TABLE invitations ADD COLUMN inviter_partner INTEGER;
ALTER TABLE invitations ADD COLUMN invitee_partner INTEGER;
-- Who of the three invited has accepted a pair Go invitation so far.
ALTER TABLE invitations ADD COLUMN accepted_invitee INTEGER NOT NULL DEFAULT 0
    CHECK (accepted_invitee IN (0, 1));
ALTER TABLE invitations ADD COLUMN accepted_inviter_partner INTEGER NOT NULL DEFAULT 0
    CHECK (accepted_inviter_partner IN (0, 1));
ALTER TABLE invitations ADD COLUMN accepted_invitee_partner INTEGER NOT NULL DEFAULT 0
    CHECK (accepted_invitee_partner IN (0, 1));

-- The Discord adapter's own: each consultation team's thread and the board in it (with the
-- team's votes), and what that board shows.
CREATE TABLE discord_team_boards (
    match_id   INTEGER NOT NULL,
    color      INTEGER NOT NULL CHECK (color IN (0, 1)),
    thread_id  INTEGER NOT NULL,
    message_id INTEGER,
    shown      TEXT,
    PRIMARY KEY (match_id, color)
);
