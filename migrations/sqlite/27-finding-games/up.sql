-- Finding a game without naming someone (issue 43).

-- An open challenge is an invitation that names no one: its invitee is its poster until
-- someone takes it (then the taker). It may admit a range of ranks only, and a ranked one
-- that asked for no handicap, komi or colour gets the handicap of the two ranks when taken.
ALTER TABLE invitations ADD COLUMN open_challenge INTEGER NOT NULL DEFAULT 0
    CHECK (open_challenge IN (0, 1));
ALTER TABLE invitations ADD COLUMN open_rank_lo INTEGER CHECK (open_rank_lo BETWEEN 0 AND 38);
ALTER TABLE invitations ADD COLUMN open_rank_hi INTEGER CHECK (open_rank_hi BETWEEN 0 AND 38);
ALTER TABLE invitations ADD COLUMN open_by_rank INTEGER NOT NULL DEFAULT 0
    CHECK (open_by_rank IN (0, 1));

-- The seek (快速匹配): who waits in a server's queue, for what, since when, asked where. One
-- entry per player and server; a pairing deletes both entries in the transaction that stores
-- the game, so two processes looking at once pair them once.
CREATE TABLE seeks (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    size       INTEGER NOT NULL CHECK (size BETWEEN 2 AND 25),
    time_class TEXT    NOT NULL,
    ranked     INTEGER NOT NULL CHECK (ranked IN (0, 1)),
    since      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

-- A player's quiet hours and daily digest (the adapter's, beside their turn notices): from
-- `quiet_from` to `quiet_to` (minutes of their day, at `utc_offset` minutes from UTC) a
-- correspondence game's turn notice waits; `morning_due` says one waits. `digest`: a direct
-- message each morning listing the correspondence games where it is their move; `digest_day`
-- the last day (of their calendar) one was sent.
CREATE TABLE discord_quiet (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    utc_offset  INTEGER NOT NULL DEFAULT 0 CHECK (utc_offset BETWEEN -720 AND 840),
    quiet_from  INTEGER CHECK (quiet_from BETWEEN 0 AND 1439),
    quiet_to    INTEGER CHECK (quiet_to BETWEEN 0 AND 1439),
    digest      INTEGER NOT NULL DEFAULT 0 CHECK (digest IN (0, 1)),
    digest_day  TEXT,
    morning_due INTEGER NOT NULL DEFAULT 0 CHECK (morning_due IN (0, 1)),
    PRIMARY KEY (guild_id, user_id)
);
