-- How many times the computer has toggled a chain of the marking in a match: the game caps it
-- (`MAX_COMPUTER_TOGGLES`), and the count must survive a restart like the rest of the match.
ALTER TABLE matches ADD COLUMN computer_toggles INTEGER NOT NULL DEFAULT 0
    CHECK (computer_toggles >= 0);
