-- The refit: one typed phase per match, stored resumptions, typed endings; Discord's own
-- things (message ids, threads, the adapter's settings) moved out of the game's tables into
-- tables of the Discord adapter (`discord_*`, read and written only by src/discord/repo.rs).

-- 1. One phase: play, agreement or ended (was: status running/finished/abandoned + phase).
ALTER TABLE matches ADD COLUMN stage TEXT NOT NULL DEFAULT 'play'
    CHECK (stage IN ('play', 'agreement', 'ended'));
UPDATE matches SET stage = CASE
    WHEN status <> 'running' THEN 'ended'
    WHEN phase = 'agreement' THEN 'agreement'
    ELSE 'play' END;

-- 2. A typed ending (was: free text in end_reason, read back with defaults).
ALTER TABLE matches ADD COLUMN ending TEXT
    CHECK (ending IN ('two-passes', 'resignation', 'time', 'two-automatic-passes',
                      'offline-B', 'offline-W', 'time-cap', 'annulled'));
UPDATE matches SET ending = end_reason
    WHERE end_reason IN ('two-passes', 'resignation', 'two-automatic-passes',
                         'offline-B', 'offline-W', 'time-cap');
-- A finished game with an unreadable reason: stays NULL, and loading it reports the row.

-- 3. Resumptions after a dispute, stored (NULL: a row written before this migration, whose
--    resumptions the loader infers once from its moves; the next commit stores them).
ALTER TABLE matches ADD COLUMN resumed INTEGER CHECK (resumed >= 0);
ALTER TABLE matches ADD COLUMN resumed_at INTEGER;

-- 4. The Discord adapter's tables.
CREATE TABLE discord_boards (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id),
    channel_id INTEGER NOT NULL,   -- the channel or thread the board message is in
    message_id INTEGER,            -- NULL: to be posted (a crash between post and save)
    thread_id  INTEGER,            -- the game's own thread, with match-threads
    shown      TEXT                -- what the message shows (see src/discord/repo.rs)
);
CREATE INDEX discord_boards_by_channel ON discord_boards (channel_id);

CREATE TABLE discord_invitations (
    invitation_id INTEGER PRIMARY KEY REFERENCES invitations (id),
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER
);

CREATE TABLE discord_settings (
    guild_id INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;

CREATE TABLE discord_guilds (
    guild_id INTEGER PRIMARY KEY,
    locale   TEXT NOT NULL          -- the guild's locale as Discord last said it
);

-- A board in another channel than its game's was in the game's own thread (match-threads).
INSERT INTO discord_boards (match_id, channel_id, message_id, thread_id)
    SELECT id, board_channel_id, board_message_id,
           CASE WHEN board_channel_id <> channel_id THEN board_channel_id END
    FROM matches WHERE board_channel_id IS NOT NULL;
INSERT INTO discord_invitations (invitation_id, channel_id, message_id)
    SELECT id, channel_id, message_id FROM invitations WHERE message_id IS NOT NULL;
INSERT INTO discord_settings (guild_id, key, value)
    SELECT guild_id, key, value FROM settings
    WHERE key IN ('move-notify', 'match-threads', 'title-role');
DELETE FROM settings WHERE key IN ('move-notify', 'match-threads', 'title-role');

-- 5. Drop what moved or was replaced.
DROP INDEX matches_running;
ALTER TABLE matches DROP COLUMN status;
ALTER TABLE matches DROP COLUMN phase;
ALTER TABLE matches DROP COLUMN end_reason;
ALTER TABLE matches DROP COLUMN board_channel_id;
ALTER TABLE matches DROP COLUMN board_message_id;
ALTER TABLE matches RENAME COLUMN stage TO phase;
ALTER TABLE invitations DROP COLUMN message_id;
CREATE INDEX matches_running ON matches (phase) WHERE phase IN ('play', 'agreement');
CREATE INDEX matches_by_player_black ON matches (guild_id, black, id);
CREATE INDEX matches_by_player_white ON matches (guild_id, white, id);
