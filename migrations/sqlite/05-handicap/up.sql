-- Handicap: Black's stones in fixed placement (0 none; 1 no komi, Black first; 2–9 stones,
-- White first). The points follow from the count and the size, so only the count is kept.
ALTER TABLE invitations ADD COLUMN handicap INTEGER NOT NULL DEFAULT 0
    CHECK (handicap BETWEEN 0 AND 9);
ALTER TABLE matches ADD COLUMN handicap INTEGER NOT NULL DEFAULT 0
    CHECK (handicap BETWEEN 0 AND 9);
