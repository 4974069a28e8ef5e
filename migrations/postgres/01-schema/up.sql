-- The schema on PostgreSQL: the same tables, columns and checks as SQLite's migrations 01–18
-- (migrations/sqlite), in one step. Every integer is BIGINT (ids keep their bit pattern, as
-- on SQLite), every real DOUBLE PRECISION, every text TEXT; a boolean is a BIGINT 0 or 1 as on
-- SQLite, so one SQL text and one row decoder serve both backends. A JSON form is checked by
-- its cast to jsonb (an invalid one is refused, as json_valid refuses it on SQLite).

-- The game's tables.
CREATE TABLE settings (
    guild_id BIGINT NOT NULL,
    key      TEXT   NOT NULL,
    value    TEXT   NOT NULL,
    PRIMARY KEY (guild_id, key)
);

CREATE TABLE invitations (
    id         BIGINT PRIMARY KEY,
    guild_id   BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    inviter    BIGINT NOT NULL,
    invitee    BIGINT NOT NULL,
    size       BIGINT,
    komi_half  BIGINT,
    rules      TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    status     TEXT   NOT NULL DEFAULT 'pending'
               CHECK (status IN ('pending', 'accepted', 'declined', 'expired', 'cancelled')),
    closed_at  BIGINT,
    handicap   BIGINT NOT NULL DEFAULT 0 CHECK (handicap BETWEEN 0 AND 9),
    ranked     BIGINT NOT NULL DEFAULT 0 CHECK (ranked IN (0, 1)),
    inviter_black BIGINT NOT NULL DEFAULT 0 CHECK (inviter_black IN (0, 1)),
    time_spec  TEXT   NOT NULL DEFAULT '{"v":1,"kind":"turn"}'
               CHECK (time_spec::jsonb IS NOT NULL),
    colours    TEXT   NOT NULL DEFAULT 'acceptor'
               CHECK (colours IN ('acceptor', 'rematch-swapped', 'rematch-handicap',
                                  'lower-rank', 'chosen', 'nigiri')),
    nigiri_stones BIGINT CHECK (nigiri_stones IS NULL OR nigiri_stones BETWEEN 1 AND 20),
    nigiri_guess  TEXT CHECK (nigiri_guess IS NULL OR nigiri_guess IN ('odd', 'even')),
    inviter_partner BIGINT,
    invitee_partner BIGINT,
    accepted_invitee BIGINT NOT NULL DEFAULT 0 CHECK (accepted_invitee IN (0, 1)),
    accepted_inviter_partner BIGINT NOT NULL DEFAULT 0
        CHECK (accepted_inviter_partner IN (0, 1)),
    accepted_invitee_partner BIGINT NOT NULL DEFAULT 0
        CHECK (accepted_invitee_partner IN (0, 1))
);
CREATE INDEX invitations_pending ON invitations (status) WHERE status = 'pending';

CREATE TABLE matches (
    id               BIGINT PRIMARY KEY,
    guild_id         BIGINT NOT NULL,
    channel_id       BIGINT NOT NULL,
    black            BIGINT NOT NULL,
    white            BIGINT NOT NULL,
    -- the settings snapshot taken when the game started
    size             BIGINT NOT NULL,
    rules            TEXT   NOT NULL,
    komi_half        BIGINT NOT NULL,
    turn_timeout_ms  BIGINT NOT NULL,
    grace_ms         BIGINT NOT NULL,
    max_ms           BIGINT NOT NULL,
    resign_window_ms BIGINT NOT NULL,
    merit_min_moves  BIGINT NOT NULL,
    merit_amount     BIGINT NOT NULL,
    merit_bonus      BIGINT NOT NULL,
    merit_cap        BIGINT NOT NULL,
    -- the live state
    started_at       BIGINT NOT NULL,
    ends_at          BIGINT NOT NULL,
    turn_deadline    BIGINT NOT NULL,
    move_count       BIGINT NOT NULL DEFAULT 0,
    resign_black     BIGINT,
    resign_white     BIGINT,
    offline_black    BIGINT,
    offline_white    BIGINT,
    result           TEXT,
    ended_at         BIGINT,
    dead_stones      TEXT,
    accepted_black   BIGINT NOT NULL DEFAULT 0 CHECK (accepted_black IN (0, 1)),
    accepted_white   BIGINT NOT NULL DEFAULT 0 CHECK (accepted_white IN (0, 1)),
    marking_version  BIGINT NOT NULL DEFAULT 0,
    resumed          BIGINT CHECK (resumed >= 0),
    resumed_at       BIGINT,
    computer_level   TEXT CHECK (computer_level IN ('beginner', 'intermediate', 'advanced')),
    computer_color   BIGINT CHECK (computer_color IN (0, 1)),
    computer_resigns BIGINT CHECK (computer_resigns IN (0, 1)),
    handicap         BIGINT NOT NULL DEFAULT 0 CHECK (handicap BETWEEN 0 AND 9),
    ranked           BIGINT NOT NULL DEFAULT 0 CHECK (ranked IN (0, 1)),
    free_handicap    BIGINT NOT NULL DEFAULT 0 CHECK (free_handicap IN (0, 1)),
    turn_started     BIGINT,
    reminded         BIGINT NOT NULL DEFAULT 0 CHECK (reminded BETWEEN 0 AND 2),
    takebacks        BIGINT NOT NULL DEFAULT 1 CHECK (takebacks IN (0, 1)),
    time_spec        TEXT   NOT NULL DEFAULT '{"v":1,"kind":"turn"}'
                     CHECK (time_spec::jsonb IS NOT NULL),
    black_clock      TEXT CHECK (black_clock IS NULL OR black_clock::jsonb IS NOT NULL),
    white_clock      TEXT CHECK (white_clock IS NULL OR white_clock::jsonb IS NOT NULL),
    event_id         BIGINT,
    start_window_ms  BIGINT CHECK (start_window_ms > 0),
    ending           TEXT CHECK (ending IN ('two-passes', 'resignation', 'time', 'forfeit',
                                            'absence', 'two-automatic-passes', 'offline-B',
                                            'offline-W', 'time-cap', 'annulled')),
    phase            TEXT   NOT NULL DEFAULT 'play'
                     CHECK (phase IN ('nigiri', 'play', 'agreement', 'ended')),
    nigiri_stones    BIGINT CHECK (nigiri_stones IS NULL OR nigiri_stones BETWEEN 1 AND 20),
    nigiri_guess     TEXT CHECK (nigiri_guess IS NULL OR nigiri_guess IN ('odd', 'even')),
    teams            TEXT CHECK (teams IS NULL OR teams::jsonb IS NOT NULL)
);
CREATE INDEX matches_running ON matches (phase) WHERE phase IN ('nigiri', 'play', 'agreement');
CREATE INDEX matches_by_guild ON matches (guild_id, ended_at);
CREATE INDEX matches_by_player_black ON matches (guild_id, black, id);
CREATE INDEX matches_by_player_white ON matches (guild_id, white, id);

CREATE TABLE moves (
    match_id  BIGINT NOT NULL REFERENCES matches (id),
    number    BIGINT NOT NULL,                               -- 1-based
    color     BIGINT NOT NULL CHECK (color IN (0, 1)),       -- 0 black, 1 white
    point     TEXT,                                          -- "D4"; NULL is a pass
    automatic BIGINT NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1)),
    played_at BIGINT NOT NULL,
    played_by BIGINT,
    PRIMARY KEY (match_id, number)
);

CREATE TABLE votes (
    match_id BIGINT NOT NULL REFERENCES matches (id),
    number   BIGINT NOT NULL CHECK (number >= 1),
    user_id  BIGINT NOT NULL,
    color    BIGINT NOT NULL CHECK (color IN (0, 1)),
    choice   TEXT   NOT NULL CHECK (choice IN ('play', 'pass', 'resign')),
    point    TEXT,
    voted_at BIGINT NOT NULL,
    PRIMARY KEY (match_id, number, user_id),
    CHECK ((choice = 'play') = (point IS NOT NULL))
);

CREATE TABLE profiles (
    guild_id  BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    merit     BIGINT NOT NULL DEFAULT 0,
    wins      BIGINT NOT NULL DEFAULT 0,
    losses    BIGINT NOT NULL DEFAULT 0,
    draws     BIGINT NOT NULL DEFAULT 0,
    awards    BIGINT NOT NULL DEFAULT 0,
    titled_at BIGINT,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE merit_pairs (
    guild_id    BIGINT NOT NULL,
    player_low  BIGINT NOT NULL,
    player_high BIGINT NOT NULL,
    match_id    BIGINT NOT NULL REFERENCES matches (id),
    awarded_at  BIGINT NOT NULL,
    PRIMARY KEY (guild_id, player_low, player_high)
);

CREATE TABLE computer_records (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    level    TEXT   NOT NULL CHECK (level IN ('beginner', 'intermediate', 'advanced')),
    wins     BIGINT NOT NULL DEFAULT 0,
    losses   BIGINT NOT NULL DEFAULT 0,
    draws    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, level)
);

CREATE TABLE ratings (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL CHECK (deviation > 0),
    volatility DOUBLE PRECISION NOT NULL CHECK (volatility > 0),
    held_rank  BIGINT NOT NULL CHECK (held_rank BETWEEN 0 AND 38),
    games      BIGINT NOT NULL DEFAULT 0,
    wins       BIGINT NOT NULL DEFAULT 0,
    losses     BIGINT NOT NULL DEFAULT 0,
    draws      BIGINT NOT NULL DEFAULT 0,
    streak     BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX ratings_by_rating ON ratings (guild_id, rating DESC, user_id);

CREATE TABLE rating_history (
    guild_id  BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    match_id  BIGINT NOT NULL,
    at        BIGINT NOT NULL,
    rating    DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id, match_id)
);

CREATE TABLE liveness (
    id       BIGINT PRIMARY KEY CHECK (id = 1),
    alive_at BIGINT NOT NULL
);

CREATE TABLE events (
    id         BIGINT PRIMARY KEY,
    guild_id   BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    name       TEXT   NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    terms      TEXT   NOT NULL CHECK (terms::jsonb IS NOT NULL),
    stage      TEXT   NOT NULL
               CHECK (stage IN ('registration', 'running', 'finished', 'cancelled')),
    round      BIGINT NOT NULL DEFAULT 0 CHECK (round >= 0),
    round_started_at BIGINT
);
CREATE INDEX events_by_guild ON events (guild_id, stage);

CREATE TABLE event_entries (
    event_id BIGINT NOT NULL REFERENCES events (id),
    seat     BIGINT NOT NULL CHECK (seat >= 0),
    user_id  BIGINT NOT NULL,
    status   TEXT   NOT NULL CHECK (status IN ('active', 'withdrawn', 'removed')),
    absences BIGINT NOT NULL DEFAULT 0 CHECK (absences >= 0),
    team     BIGINT CHECK (team IN (0, 1)),
    rank     BIGINT NOT NULL CHECK (rank BETWEEN 0 AND 38),
    rating   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (event_id, seat),
    UNIQUE (event_id, user_id)
);

CREATE TABLE event_games (
    event_id BIGINT NOT NULL REFERENCES events (id),
    round    BIGINT NOT NULL CHECK (round >= 1),
    board    BIGINT NOT NULL CHECK (board >= 0),
    black    BIGINT NOT NULL,
    white    BIGINT,
    match_id BIGINT,
    outcome  TEXT CHECK (outcome IN ('black', 'white', 'draw', 'both-lost')),
    forfeit  BIGINT NOT NULL DEFAULT 0 CHECK (forfeit IN (0, 1)),
    PRIMARY KEY (event_id, round, board)
);
CREATE INDEX event_games_by_match ON event_games (match_id) WHERE match_id IS NOT NULL;

CREATE TABLE event_bars (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    until    BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE event_rulings (
    id        BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    event_id  BIGINT NOT NULL REFERENCES events (id),
    round     BIGINT NOT NULL CHECK (round >= 1),
    board     BIGINT NOT NULL CHECK (board >= 0),
    match_id  BIGINT NOT NULL,
    referee   BIGINT NOT NULL,
    ruling    TEXT   NOT NULL CHECK (ruling IN ('award-black', 'award-white', 'settle', 'replay')),
    replay_id BIGINT,
    at        BIGINT NOT NULL
);
CREATE INDEX event_rulings_by_event ON event_rulings (event_id);

-- The Discord adapter's own tables.
CREATE TABLE discord_boards (
    match_id   BIGINT PRIMARY KEY REFERENCES matches (id),
    channel_id BIGINT NOT NULL,
    message_id BIGINT,
    thread_id  BIGINT,
    shown      TEXT
);
CREATE INDEX discord_boards_by_channel ON discord_boards (channel_id);

CREATE TABLE discord_invitations (
    invitation_id BIGINT PRIMARY KEY REFERENCES invitations (id),
    channel_id    BIGINT NOT NULL,
    message_id    BIGINT
);

CREATE TABLE discord_settings (
    guild_id BIGINT NOT NULL,
    key      TEXT   NOT NULL,
    value    TEXT   NOT NULL,
    PRIMARY KEY (guild_id, key)
);

CREATE TABLE discord_guilds (
    guild_id BIGINT PRIMARY KEY,
    locale   TEXT NOT NULL
);

CREATE TABLE discord_events (
    event_id   BIGINT PRIMARY KEY REFERENCES events (id),
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL
);

CREATE TABLE discord_relays (
    match_id   BIGINT PRIMARY KEY REFERENCES matches (id),
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL
);

CREATE TABLE discord_team_boards (
    match_id   BIGINT NOT NULL,
    color      BIGINT NOT NULL CHECK (color IN (0, 1)),
    thread_id  BIGINT NOT NULL,
    message_id BIGINT,
    shown      TEXT,
    PRIMARY KEY (match_id, color)
);
