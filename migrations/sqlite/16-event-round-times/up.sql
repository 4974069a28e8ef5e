-- When an event's current round started: a timed schedule starts the next one a set time
-- after it (SPEC §11, "or at its set time").
ALTER TABLE events ADD COLUMN round_started_at INTEGER;
