-- Time controls and clocks in a stored form of their own, typed and versioned (JSON with "v":
-- 1, see `store::types::TimeSpec` and `ClockSpec`), instead of the text a moderator types: a
-- stored game must never depend on what a setting accepts today. The rows of before are
-- converted by this migration's hook (`store::legacy_time`), once; 10 drops the old columns.
ALTER TABLE invitations ADD COLUMN time_spec TEXT NOT NULL DEFAULT '{"v":1,"kind":"turn"}'
    CHECK (json_valid(time_spec));
ALTER TABLE matches ADD COLUMN time_spec TEXT NOT NULL DEFAULT '{"v":1,"kind":"turn"}'
    CHECK (json_valid(time_spec));
ALTER TABLE matches ADD COLUMN black_clock TEXT CHECK (black_clock IS NULL OR json_valid(black_clock));
ALTER TABLE matches ADD COLUMN white_clock TEXT CHECK (white_clock IS NULL OR json_valid(white_clock));

-- Why an invitation's colours are what they are, for the invitation to say. Before, only the
-- inviter's Black was kept: a ranked game's handicap went to the lower rank, and otherwise it
-- was a rematch (its handicap kept, or its colours swapped).
ALTER TABLE invitations ADD COLUMN colours TEXT NOT NULL DEFAULT 'acceptor'
    CHECK (colours IN ('acceptor', 'rematch-swapped', 'rematch-handicap', 'lower-rank', 'chosen'));
UPDATE invitations SET colours = CASE
        WHEN ranked = 1 AND handicap > 0 THEN 'lower-rank'
        WHEN handicap > 0 THEN 'rematch-handicap'
        ELSE 'rematch-swapped'
    END
    WHERE inviter_black = 1;
