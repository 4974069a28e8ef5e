-- The estimate during play (形势判断): how many estimates each player has asked for in a game.
-- The server limits them (`estimate-limit`), and the count must survive a restart like the rest
-- of the match. A player with no row has asked for none.
CREATE TABLE match_estimates (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    user_id  INTEGER NOT NULL,
    used     INTEGER NOT NULL CHECK (used >= 0),
    PRIMARY KEY (match_id, user_id)
) WITHOUT ROWID;
