-- Time controls: the seed's time a turn (`turn`, every game from before) or a real clock —
-- byo-yomi, Fischer, correspondence, penalty — written as the game reads it
-- ("byo-yomi 10m 5x30s"). Each player's clock is "main-ms periods overtime-ms", charged when
-- they move from the start of their turn; NULL is the control's starting clock.
ALTER TABLE invitations ADD COLUMN time_control TEXT NOT NULL DEFAULT 'turn';
ALTER TABLE matches ADD COLUMN time_control TEXT NOT NULL DEFAULT 'turn';
ALTER TABLE matches ADD COLUMN clock_black TEXT;
ALTER TABLE matches ADD COLUMN clock_white TEXT;
ALTER TABLE matches ADD COLUMN turn_started INTEGER;
ALTER TABLE matches ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0 CHECK (reminded BETWEEN 0 AND 2);

-- When the bot last said it was alive: after a restart, the player to move on a real clock
-- gets back the time between then and the start.
CREATE TABLE liveness (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    alive_at INTEGER NOT NULL
);

-- Takebacks: whether a player may ask to take back their last move (the server's setting,
-- copied into the game at acceptance). A move taken back is deleted with its row.
ALTER TABLE matches ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 1 CHECK (takebacks IN (0, 1));
