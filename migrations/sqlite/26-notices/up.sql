-- How each player of a server is told it is their move (issue 43), overriding the server's
-- move-notify: `mention` in the game's channel, `dm`, or `none`. No row: the server's setting.
CREATE TABLE discord_notices (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    how      TEXT    NOT NULL CHECK (how IN ('mention', 'dm', 'none')),
    PRIMARY KEY (guild_id, user_id)
);
