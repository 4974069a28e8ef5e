-- Events (SPEC §11): round robins, knockouts, arenas, ten-game matches, Swiss and McMahon.
-- An event's terms are one typed, versioned form (`store::types::EventTermsSpec`); its players
-- are seats in its list; every board of every round is a row, with the match that plays it.
CREATE TABLE events (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,   -- where it is announced and its games are played
    name       TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    created_by INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    terms      TEXT    NOT NULL CHECK (json_valid(terms)),
    stage      TEXT    NOT NULL CHECK (stage IN ('registration', 'running', 'finished', 'cancelled')),
    round      INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0)
);
CREATE INDEX events_by_guild ON events (guild_id, stage);

CREATE TABLE event_entries (
    event_id INTEGER NOT NULL REFERENCES events (id),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  INTEGER NOT NULL,
    status   TEXT    NOT NULL CHECK (status IN ('active', 'withdrawn', 'removed')),
    absences INTEGER NOT NULL DEFAULT 0 CHECK (absences >= 0),
    team     INTEGER CHECK (team IN (0, 1)),
    rank     INTEGER NOT NULL CHECK (rank BETWEEN 0 AND 38),
    rating   REAL    NOT NULL,
    PRIMARY KEY (event_id, seat),
    UNIQUE (event_id, user_id)
);

CREATE TABLE event_games (
    event_id INTEGER NOT NULL REFERENCES events (id),
    round    INTEGER NOT NULL CHECK (round >= 1),
    board    INTEGER NOT NULL CHECK (board >= 0),
    black    INTEGER NOT NULL,  -- a seat; with no white, the seat that has a bye
    white    INTEGER,
    match_id INTEGER,           -- the match that plays it (none for a bye or a game lost unplayed)
    outcome  TEXT CHECK (outcome IN ('black', 'white', 'draw', 'both-lost')),
    forfeit  INTEGER NOT NULL DEFAULT 0 CHECK (forfeit IN (0, 1)),
    PRIMARY KEY (event_id, round, board)
);
CREATE INDEX event_games_by_match ON event_games (match_id) WHERE match_id IS NOT NULL;

-- A moderator's bar from a server's events (失格), until a moment.
CREATE TABLE event_bars (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    until    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

-- A match of an event: which, and how long each player has for their first move before the
-- game is lost by forfeit (缺席).
ALTER TABLE matches ADD COLUMN event_id INTEGER;
ALTER TABLE matches ADD COLUMN start_window_ms INTEGER CHECK (start_window_ms > 0);

-- A forfeit (裁定败: a withdrawal, a removal, an award) and an absence (缺席) are new endings:
-- the typed column is rebuilt with them in its CHECK.
ALTER TABLE matches ADD COLUMN end_code TEXT
    CHECK (end_code IN ('two-passes', 'resignation', 'time', 'forfeit', 'absence',
                        'two-automatic-passes', 'offline-B', 'offline-W', 'time-cap',
                        'annulled'));
UPDATE matches SET end_code = ending;
ALTER TABLE matches DROP COLUMN ending;
ALTER TABLE matches RENAME COLUMN end_code TO ending;
