-- The host's engine as a fourth level of the computer ('engine'): the two CHECKs that name
-- the levels are widened. SQLite changes no CHECK in place: a column's own CHECK goes with
-- the column, so matches.computer_level is copied into a new column that takes its name;
-- computer_records, whose key holds the level, is built again.
ALTER TABLE matches ADD COLUMN computer_level_new TEXT
    CHECK (computer_level_new IN ('beginner', 'intermediate', 'advanced', 'engine'));
UPDATE matches SET computer_level_new = computer_level WHERE computer_level IS NOT NULL;
ALTER TABLE matches DROP COLUMN computer_level;
ALTER TABLE matches RENAME COLUMN computer_level_new TO computer_level;

CREATE TABLE computer_records_new (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    level    TEXT    NOT NULL CHECK (level IN ('beginner', 'intermediate', 'advanced', 'engine')),
    wins     INTEGER NOT NULL DEFAULT 0,
    losses   INTEGER NOT NULL DEFAULT 0,
    draws    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, level)
) WITHOUT ROWID;
INSERT INTO computer_records_new (guild_id, user_id, level, wins, losses, draws)
    SELECT guild_id, user_id, level, wins, losses, draws FROM computer_records;
DROP TABLE computer_records;
ALTER TABLE computer_records_new RENAME TO computer_records;
