-- Games against the computer: which side and level it plays in a match (NULL: two people),
-- and each player's record against each level (such games give no merit, no title, and do not
-- count in the players' wins and losses).
ALTER TABLE matches ADD COLUMN computer_level TEXT
    CHECK (computer_level IN ('beginner', 'intermediate', 'advanced'));
ALTER TABLE matches ADD COLUMN computer_color INTEGER CHECK (computer_color IN (0, 1));
ALTER TABLE matches ADD COLUMN computer_resigns INTEGER CHECK (computer_resigns IN (0, 1));

CREATE TABLE computer_records (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    level    TEXT    NOT NULL CHECK (level IN ('beginner', 'intermediate', 'advanced')),
    wins     INTEGER NOT NULL DEFAULT 0,
    losses   INTEGER NOT NULL DEFAULT 0,
    draws    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, level)
) WITHOUT ROWID;
