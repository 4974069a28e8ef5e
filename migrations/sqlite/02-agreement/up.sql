-- The dead-stone agreement phase (SPEC §4, issue 6). A match in agreement is still 'running'
-- (it is loaded at start-up and its deadline re-armed); `phase` says no moves are played until
-- the marking is accepted or play resumes.
ALTER TABLE matches ADD COLUMN phase TEXT NOT NULL DEFAULT 'play'
    CHECK (phase IN ('play', 'agreement'));
-- The marking: one point per dead chain, space-separated ("C7 H4"); kept after the count as
-- the marking the game was scored with. NULL when there was none.
ALTER TABLE matches ADD COLUMN dead_stones TEXT;
ALTER TABLE matches ADD COLUMN accepted_black INTEGER NOT NULL DEFAULT 0
    CHECK (accepted_black IN (0, 1));
ALTER TABLE matches ADD COLUMN accepted_white INTEGER NOT NULL DEFAULT 0
    CHECK (accepted_white IN (0, 1));
-- Toggles the marking has had: an Accept button carries the version it was drawn for.
ALTER TABLE matches ADD COLUMN marking_version INTEGER NOT NULL DEFAULT 0;
