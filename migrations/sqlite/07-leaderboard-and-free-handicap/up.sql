-- The leaderboard by rating reads a server's rated players best first, one page at a time.
CREATE INDEX ratings_by_rating ON ratings (guild_id, rating DESC, user_id);

-- Free handicap placement (Chinese, AGA and Ing rules): Black clicks the stones, stored as
-- Black's first moves; 0 keeps the fixed points (every game from before).
ALTER TABLE matches ADD COLUMN free_handicap INTEGER NOT NULL DEFAULT 0
    CHECK (free_handicap IN (0, 1));
