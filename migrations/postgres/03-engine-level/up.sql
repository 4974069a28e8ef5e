-- The host's engine as a fourth level of the computer ('engine'): the two CHECKs that name
-- the levels are widened. matches.computer_level is copied into a new column that takes its
-- name, as SQLite's migration must do, so that both stores keep their columns in one order.
ALTER TABLE matches ADD COLUMN computer_level_new TEXT
    CHECK (computer_level_new IN ('beginner', 'intermediate', 'advanced', 'engine'));
UPDATE matches SET computer_level_new = computer_level WHERE computer_level IS NOT NULL;
ALTER TABLE matches DROP COLUMN computer_level;
ALTER TABLE matches RENAME COLUMN computer_level_new TO computer_level;

ALTER TABLE computer_records DROP CONSTRAINT IF EXISTS computer_records_level_check;
ALTER TABLE computer_records ADD CONSTRAINT computer_records_level_check
    CHECK (level IN ('beginner', 'intermediate', 'advanced', 'engine'));
