-- Ranked play: whether an invitation and its match are ranked, each player's Glicko-2 rating
-- per server with the rank they hold, and the rating after each ranked game (for its history).
ALTER TABLE invitations ADD COLUMN ranked INTEGER NOT NULL DEFAULT 0 CHECK (ranked IN (0, 1));
-- A ranked game's handicap goes to the weaker player: Black may be the one who invited.
ALTER TABLE invitations ADD COLUMN inviter_black INTEGER NOT NULL DEFAULT 0
    CHECK (inviter_black IN (0, 1));
ALTER TABLE matches ADD COLUMN ranked INTEGER NOT NULL DEFAULT 0 CHECK (ranked IN (0, 1));

CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    held_rank  INTEGER NOT NULL CHECK (held_rank BETWEEN 0 AND 38), -- 0 = 30 kyu, 30 = 1 dan
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    streak     INTEGER NOT NULL DEFAULT 0,   -- wins (> 0) or losses (< 0) in a row
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE TABLE rating_history (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    match_id  INTEGER NOT NULL,
    at        INTEGER NOT NULL,
    rating    REAL    NOT NULL,
    deviation REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, match_id)
) WITHOUT ROWID;
