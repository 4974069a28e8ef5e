-- Nigiri (猜先) before an event's even game, where its terms say so: the match waits in the
-- phase 'nigiri' (no move yet, the colours being decided) and keeps its opened hand (the number
-- of stones, the guess) while the winner chooses. The phase column is rebuilt with the new
-- value in its CHECK (SQLite cannot change a CHECK in place), and the partial index of the
-- running games with it.
DROP INDEX matches_running;
ALTER TABLE matches ADD COLUMN phase_code TEXT NOT NULL DEFAULT 'play'
    CHECK (phase_code IN ('nigiri', 'play', 'agreement', 'ended'));
UPDATE matches SET phase_code = phase;
ALTER TABLE matches DROP COLUMN phase;
ALTER TABLE matches RENAME COLUMN phase_code TO phase;
CREATE INDEX matches_running ON matches (phase) WHERE phase IN ('nigiri', 'play', 'agreement');
ALTER TABLE matches ADD COLUMN nigiri_stones INTEGER
    CHECK (nigiri_stones IS NULL OR nigiri_stones BETWEEN 1 AND 20);
ALTER TABLE matches ADD COLUMN nigiri_guess TEXT
    CHECK (nigiri_guess IS NULL OR nigiri_guess IN ('odd', 'even'));
