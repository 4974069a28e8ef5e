-- The leaderboard by rating reads a server's rated players best first, one page at a time.
CREATE INDEX ratings_by_rating ON ratings (guild_id, rating DESC, user_id);
