-- The training ground (SPEC §13). A player's training rating is one for all servers (the
-- problems are the same everywhere, as a Lichess puzzle rating is one per account); the
-- attempts, the daily problem and the streaks belong to the server they were played on.
-- Days are the server's calendar days, counted from 1970-01-01 in its time zone.
CREATE TABLE training_ratings (
    user_id    BIGINT PRIMARY KEY,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL CHECK (deviation > 0),
    volatility DOUBLE PRECISION NOT NULL CHECK (volatility > 0),
    attempts   BIGINT NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    solved     BIGINT NOT NULL DEFAULT 0 CHECK (solved >= 0)
);

-- A problem's rating once someone tried it (before, the proof's estimate of its rank).
CREATE TABLE training_problem_ratings (
    problem_id BIGINT PRIMARY KEY,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL CHECK (deviation > 0),
    volatility DOUBLE PRECISION NOT NULL CHECK (volatility > 0),
    attempts   BIGINT NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    solved     BIGINT NOT NULL DEFAULT 0 CHECK (solved >= 0)
);

CREATE TABLE training_attempts (
    id          BIGINT PRIMARY KEY,
    user_id     BIGINT NOT NULL,
    guild_id    BIGINT NOT NULL,
    problem_id  BIGINT NOT NULL,
    daily_day   BIGINT,                          -- the server's daily problem of that day
    started_at  BIGINT NOT NULL,
    moves       TEXT    NOT NULL DEFAULT '',      -- `B1 A2 - A3`: both sides', `-` a pass
    node        BIGINT NOT NULL DEFAULT 0 CHECK (node >= 0),
    state       TEXT    NOT NULL CHECK (state IN ('open', 'solved', 'failed', 'abandoned')),
    finished_at BIGINT,
    rated       BIGINT NOT NULL CHECK (rated IN (0, 1))
);
-- At most one open attempt a player.
CREATE UNIQUE INDEX training_attempts_open ON training_attempts (user_id) WHERE state = 'open';
CREATE INDEX training_attempts_by_user ON training_attempts (user_id, started_at);

-- The problems each player has been given, and when last.
CREATE TABLE training_seen (
    user_id    BIGINT NOT NULL,
    problem_id BIGINT NOT NULL,
    seen_at    BIGINT NOT NULL,
    PRIMARY KEY (user_id, problem_id)
);

-- A server's daily problem of each day: one a day (the key keeps a restart from posting
-- twice); `solution_at` once its solution is shown.
CREATE TABLE training_daily (
    guild_id    BIGINT NOT NULL,
    day         BIGINT NOT NULL,
    problem_id  BIGINT NOT NULL,
    channel_id  BIGINT NOT NULL,
    posted_at   BIGINT NOT NULL,
    solution_at BIGINT,
    PRIMARY KEY (guild_id, day)
);

-- Who solved a daily problem (at their first try of it).
CREATE TABLE training_daily_solvers (
    guild_id  BIGINT NOT NULL,
    day       BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    solved_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, day, user_id)
);

-- Days in a row with the server's daily problem solved.
CREATE TABLE training_streaks (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    current  BIGINT NOT NULL CHECK (current >= 0),
    best     BIGINT NOT NULL CHECK (best >= 0),
    last_day BIGINT,
    total    BIGINT NOT NULL CHECK (total >= 0),
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX training_streaks_by_total ON training_streaks (guild_id, total DESC, user_id);

-- The Discord adapter: where each daily post and its solution are.
CREATE TABLE discord_daily (
    guild_id            BIGINT NOT NULL,
    day                 BIGINT NOT NULL,
    message_id          BIGINT,
    solution_message_id BIGINT,
    PRIMARY KEY (guild_id, day)
);
