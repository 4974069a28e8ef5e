-- Nigiri (猜先) decides an invitation's colours: the one invited guesses odd or even, the bot's
-- handful is opened, and the winner chooses. Why the colours are what they are gains
-- 'nigiri' (the column is rebuilt: SQLite cannot change a CHECK in place), and the invitation
-- keeps its opened hand (the number of stones, the guess) while its winner chooses.
ALTER TABLE invitations ADD COLUMN colours_why TEXT NOT NULL DEFAULT 'acceptor'
    CHECK (colours_why IN ('acceptor', 'rematch-swapped', 'rematch-handicap', 'lower-rank',
                           'chosen', 'nigiri'));
UPDATE invitations SET colours_why = colours;
ALTER TABLE invitations DROP COLUMN colours;
ALTER TABLE invitations RENAME COLUMN colours_why TO colours;
ALTER TABLE invitations ADD COLUMN nigiri_stones INTEGER
    CHECK (nigiri_stones IS NULL OR nigiri_stones BETWEEN 1 AND 20);
ALTER TABLE invitations ADD COLUMN nigiri_guess TEXT
    CHECK (nigiri_guess IS NULL OR nigiri_guess IN ('odd', 'even'));
