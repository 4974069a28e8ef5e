-- The training ground (SPEC §13). A player's training rating is one for all servers (the
-- problems are the same everywhere, as a Lichess puzzle rating is one per account); the
-- attempts, the daily problem and the streaks belong to the server they were played on.
-- Days are the server's calendar days, counted from 1970-01-01 in its time zone.
CREATE TABLE training_ratings (
    user_id    INTEGER PRIMARY KEY,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    attempts   INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    solved     INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0)
) WITHOUT ROWID;

-- A problem's rating once someone tried it (before, the proof's estimate of its rank).
CREATE TABLE training_problem_ratings (
    problem_id INTEGER PRIMARY KEY,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    attempts   INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    solved     INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0)
) WITHOUT ROWID;

CREATE TABLE training_attempts (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    problem_id  INTEGER NOT NULL,
    daily_day   INTEGER,                          -- the server's daily problem of that day
    started_at  INTEGER NOT NULL,
    moves       TEXT    NOT NULL DEFAULT '',      -- `B1 A2 - A3`: both sides', `-` a pass
    node        INTEGER NOT NULL DEFAULT 0 CHECK (node >= 0),
    state       TEXT    NOT NULL CHECK (state IN ('open', 'solved', 'failed', 'abandoned')),
    finished_at INTEGER,
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1))
);
-- At most one open attempt a player.
CREATE UNIQUE INDEX training_attempts_open ON training_attempts (user_id) WHERE state = 'open';
CREATE INDEX training_attempts_by_user ON training_attempts (user_id, started_at);

-- The problems each player has been given, and when last.
CREATE TABLE training_seen (
    user_id    INTEGER NOT NULL,
    problem_id INTEGER NOT NULL,
    seen_at    INTEGER NOT NULL,
    PRIMARY KEY (user_id, problem_id)
) WITHOUT ROWID;

-- A server's daily problem of each day: one a day (the key keeps a restart from posting
-- twice); `solution_at` once its solution is shown.
CREATE TABLE training_daily (
    guild_id    INTEGER NOT NULL,
    day         INTEGER NOT NULL,
    problem_id  INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    posted_at   INTEGER NOT NULL,
    solution_at INTEGER,
    PRIMARY KEY (guild_id, day)
) WITHOUT ROWID;

-- Who solved a daily problem (at their first try of it).
CREATE TABLE training_daily_solvers (
    guild_id  INTEGER NOT NULL,
    day       INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    solved_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, day, user_id)
) WITHOUT ROWID;

-- Days in a row with the server's daily problem solved.
CREATE TABLE training_streaks (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    current  INTEGER NOT NULL CHECK (current >= 0),
    best     INTEGER NOT NULL CHECK (best >= 0),
    last_day INTEGER,
    total    INTEGER NOT NULL CHECK (total >= 0),
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
CREATE INDEX training_streaks_by_total ON training_streaks (guild_id, total DESC, user_id);

-- The Discord adapter: where each daily post and its solution are.
CREATE TABLE discord_daily (
    guild_id            INTEGER NOT NULL,
    day                 INTEGER NOT NULL,
    message_id          INTEGER,
    solution_message_id INTEGER,
    PRIMARY KEY (guild_id, day)
) WITHOUT ROWID;
