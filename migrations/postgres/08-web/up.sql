-- The web front end (SPEC §13). `web_secret`: the host's one key that signs the links to
-- pages (a page's address carries a token made with it, so no page can be guessed from a
-- game's number); made once, at the first start. `display_names`: the name each member is
-- shown by on a server, as the chat front end last saw it (the web shows names, never ids).
CREATE TABLE web_secret (
    id     BIGINT PRIMARY KEY CHECK (id = 1),
    secret TEXT    NOT NULL
);
CREATE TABLE display_names (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    name       TEXT    NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
-- A server's games, newest first (its page on the web).
CREATE INDEX matches_by_guild_id ON matches (guild_id, id);
