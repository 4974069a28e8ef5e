-- A referee's rulings on an event's games (裁判), the event's history: which board of which
-- round, the game ruled on, who ruled, what, and (for a replay) the game that replaced it.
CREATE TABLE event_rulings (
    id        INTEGER PRIMARY KEY,
    event_id  INTEGER NOT NULL REFERENCES events (id),
    round     INTEGER NOT NULL CHECK (round >= 1),
    board     INTEGER NOT NULL CHECK (board >= 0),
    match_id  INTEGER NOT NULL,
    referee   INTEGER NOT NULL,
    ruling    TEXT    NOT NULL CHECK (ruling IN ('award-black', 'award-white', 'settle', 'replay')),
    replay_id INTEGER,
    at        INTEGER NOT NULL
);
CREATE INDEX event_rulings_by_event ON event_rulings (event_id);
