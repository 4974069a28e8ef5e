-- Where an event's game is mirrored for spectators (传谱, the Discord adapter's, like
-- discord_boards): the event's relay channel, and the mirror message once posted.
CREATE TABLE discord_relays (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id),
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL
);
