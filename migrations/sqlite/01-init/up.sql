-- Tengen's first schema: settings, invitations, matches and their moves, profiles, merit.
-- Times are UTC milliseconds since the Unix epoch; Discord ids are stored as INTEGER
-- (u64 ids are stored by bit pattern as i64, see src/store/mod.rs).

CREATE TABLE settings (
    guild_id INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;

CREATE TABLE invitations (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    inviter    INTEGER NOT NULL,
    invitee    INTEGER NOT NULL,
    size       INTEGER,
    komi_half  INTEGER,
    rules      TEXT,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'pending'
               CHECK (status IN ('pending', 'accepted', 'declined', 'expired', 'cancelled')),
    closed_at  INTEGER,
    message_id INTEGER   -- the public invitation message (the adapter's, to edit on expiry)
);
CREATE INDEX invitations_pending ON invitations (status) WHERE status = 'pending';

CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    black            INTEGER NOT NULL,
    white            INTEGER NOT NULL,
    -- the settings snapshot taken when the invitation was accepted
    size             INTEGER NOT NULL,
    rules            TEXT    NOT NULL,
    komi_half        INTEGER NOT NULL,
    turn_timeout_ms  INTEGER NOT NULL,
    grace_ms         INTEGER NOT NULL,
    max_ms           INTEGER NOT NULL,
    resign_window_ms INTEGER NOT NULL,
    merit_min_moves  INTEGER NOT NULL,
    merit_amount     INTEGER NOT NULL,
    merit_bonus      INTEGER NOT NULL,
    merit_cap        INTEGER NOT NULL,
    -- the live state
    started_at       INTEGER NOT NULL,
    ends_at          INTEGER NOT NULL,
    turn_deadline    INTEGER NOT NULL,
    move_count       INTEGER NOT NULL DEFAULT 0,
    resign_black     INTEGER,
    resign_white     INTEGER,
    offline_black    INTEGER,
    offline_white    INTEGER,
    status           TEXT    NOT NULL DEFAULT 'running'
                     CHECK (status IN ('running', 'finished', 'abandoned')),
    result           TEXT,
    end_reason       TEXT,
    ended_at         INTEGER,
    board_channel_id INTEGER, -- the board message (the adapter's: channel or thread, message)
    board_message_id INTEGER
);
CREATE INDEX matches_running ON matches (status) WHERE status = 'running';
CREATE INDEX matches_by_guild ON matches (guild_id, ended_at);

CREATE TABLE moves (
    match_id  INTEGER NOT NULL REFERENCES matches (id),
    number    INTEGER NOT NULL,          -- 1-based
    color     INTEGER NOT NULL CHECK (color IN (0, 1)), -- 0 black, 1 white
    point     TEXT,                      -- "D4"; NULL is a pass
    automatic INTEGER NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1)),
    played_at INTEGER NOT NULL,
    PRIMARY KEY (match_id, number)
) WITHOUT ROWID;

CREATE TABLE profiles (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    merit     INTEGER NOT NULL DEFAULT 0,
    wins      INTEGER NOT NULL DEFAULT 0,
    losses    INTEGER NOT NULL DEFAULT 0,
    draws     INTEGER NOT NULL DEFAULT 0,
    awards    INTEGER NOT NULL DEFAULT 0,  -- merit awards taken part in (lifetime cap)
    titled_at INTEGER,                     -- when 黑白手 was earned
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

-- One row per pair of players (low id, high id) that has had its merit award.
CREATE TABLE merit_pairs (
    guild_id   INTEGER NOT NULL,
    player_low  INTEGER NOT NULL,
    player_high INTEGER NOT NULL,
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    awarded_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, player_low, player_high)
) WITHOUT ROWID;
