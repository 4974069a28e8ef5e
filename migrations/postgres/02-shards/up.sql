-- Ids handed out in blocks: several processes on one database never give the same id.
CREATE TABLE id_blocks (
    id   BIGINT PRIMARY KEY CHECK (id = 1),
    next BIGINT NOT NULL
);

-- When the process serving a shard of Discord's last said it was alive: the one that takes the
-- shard over gives players on real clocks back the time since.
CREATE TABLE shard_liveness (
    total    BIGINT NOT NULL CHECK (total > 0),
    shard    BIGINT NOT NULL CHECK (shard >= 0 AND shard < total),
    alive_at BIGINT NOT NULL,
    PRIMARY KEY (total, shard)
);

-- Discord's session start limit, shared by every process: the next moment a shard of each
-- bucket may identify.
CREATE TABLE identify_slots (
    bucket  BIGINT PRIMARY KEY CHECK (bucket >= 0),
    next_at BIGINT NOT NULL
);

-- The computer's searches for worker processes (`tengen worker`): one a move of a game; taken
-- under a lease (a worker that dies lets it go when the lease runs out), answered, and
-- deleted by the bot process that holds the game once it applied the answer.
CREATE TABLE ai_jobs (
    match_id     BIGINT NOT NULL,
    move_number  BIGINT NOT NULL CHECK (move_number >= 0),
    job          TEXT    NOT NULL,
    created_at   BIGINT NOT NULL,
    worker       TEXT,
    leased_until BIGINT,
    answer       TEXT,
    PRIMARY KEY (match_id, move_number)
);
