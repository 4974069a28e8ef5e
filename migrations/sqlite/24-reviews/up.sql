-- Reviews of games by the engine (复盘, SPEC §13): one row a review asked for, and one row a
-- position analysed, written as it is analysed so that a restart resumes where it was.
-- `what` is a match's id (`#123`) or an uploaded file's name; `sgf` the record reviewed.
-- `runner` is who runs it (a process or a `tengen worker`) until `lease_until` (UTC ms);
-- `message_id` the front end's message that shows it, `published` once it shows the end.
CREATE TABLE reviews (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    requester   INTEGER NOT NULL,
    what        TEXT    NOT NULL,
    sgf         TEXT    NOT NULL,
    board_size  INTEGER NOT NULL CHECK (board_size BETWEEN 5 AND 19),
    total       INTEGER NOT NULL CHECK (total > 0),
    state       TEXT    NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
    engine      TEXT,
    fell_back   INTEGER NOT NULL DEFAULT 0 CHECK (fell_back IN (0, 1)),
    runner      TEXT,
    lease_until INTEGER,
    message_id  INTEGER,
    published   INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
    created_at  INTEGER NOT NULL,
    finished_at INTEGER
);
CREATE INDEX reviews_open ON reviews (state, id);
CREATE INDEX reviews_by_guild ON reviews (guild_id, state);
-- One review queued or running a player a server.
CREATE UNIQUE INDEX reviews_one_open ON reviews (guild_id, requester)
    WHERE state IN ('queued', 'running');
-- The reviews whose message the front end still has to bring up to date.
CREATE INDEX reviews_unpublished ON reviews (published, id);

CREATE TABLE review_positions (
    review_id INTEGER NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
    k         INTEGER NOT NULL CHECK (k >= 0),
    analysis  TEXT    NOT NULL,
    PRIMARY KEY (review_id, k)
) WITHOUT ROWID;
