-- Where each event's announcement is (the Discord adapter's, like discord_invitations): its
-- channel, and its message once posted.
CREATE TABLE discord_events (
    event_id   INTEGER PRIMARY KEY REFERENCES events (id),
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL
);
