# Tengen, the Discord Go bot, as a container: `docker compose up -d --build` (see README.md).
#
# Four stages: chef (the toolchain and cargo-chef), planner (the dependency recipe), builder
# (dependencies cooked in their own cached layer, then the crate), runtime (the binary alone
# on Debian slim). Editing src/ rebuilds only the last part of the builder.
#
# The Rust image and the runtime are both Debian bookworm, so the binary's glibc matches.
# Edition 2024 and the locked dependencies need a recent toolchain: 1.95 is the one the code
# is linted with. The slim Rust image ships gcc and libc6-dev, all that the C in the build
# needs (SQLite, bundled by rusqlite, and ring, under rustls); nothing links to a system library.

FROM rust:1.95-slim-bookworm AS chef
# The image carries no debug info (Cargo.toml keeps some for profiling at home).
ENV CARGO_PROFILE_RELEASE_DEBUG=0 \
    CARGO_PROFILE_RELEASE_STRIP=symbols
RUN cargo install cargo-chef --locked
WORKDIR /app

FROM chef AS planner
COPY . .
RUN cargo chef prepare --recipe-path recipe.json

FROM chef AS builder
COPY --from=planner /app/recipe.json recipe.json
# Dependencies only: this layer is rebuilt when Cargo.toml or Cargo.lock change.
RUN cargo chef cook --release --recipe-path recipe.json
# The whole crate, with what it embeds at compile time: migrations/ (include_dir!), the font in
# assets/ (include_bytes!), the texts in src/discord/locales/ (include_str!) and the web pages'
# texts, templates and assets in src/web/.
COPY . .
# The tests are not run here: they start the binary against a fake Discord, compare the rules
# with GNU Go and take minutes; `cargo test --release` (and CI) runs them from a clone.
RUN cargo build --release --locked --bin tengen

FROM debian:bookworm-slim AS runtime
# Discord is reached over rustls with the webpki-roots compiled into the binary; the system
# certificates are there for anything else (a DISCORD_API_BASE proxy over https, say).
# Unpinned on purpose: the bookworm point releases bring the current root certificates.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/*
# An unprivileged user owning /data, so that a new named volume mounted there is theirs too.
RUN groupadd --gid 10001 tengen \
    && useradd --uid 10001 --gid tengen --no-create-home --home-dir /data \
        --shell /usr/sbin/nologin tengen \
    && mkdir /data \
    && chown tengen:tengen /data
COPY --from=builder /app/target/release/tengen /usr/local/bin/tengen

# No .env in the image: the token and the rest come from the environment (compose's env_file).
ENV DATABASE_PATH=/data/tengen.db \
    RUST_LOG=info
VOLUME /data
WORKDIR /data
USER 10001:10001

# The read-only web pages, when WEB_ADDRESS=0.0.0.0:8080 is set (docs/HOSTING.md, "The web
# pages"). EXPOSE opens nothing by itself, and nothing listens unless WEB_ADDRESS is set.
EXPOSE 8080

# `tengen health` exits 0 when the running bot wrote its heartbeat (HEARTBEAT_PATH, by default
# next to DATABASE_PATH) in the last 90 s, 1 otherwise: the bot writes it while every shard it
# serves is connected to Discord, or while it stands by with none. The start period leaves time
# to connect and run the migrations.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["tengen", "health"]

# The bot finishes its work and closes the database on SIGTERM (docker stop), and `tengen
# worker` lets its search go and exits; compose gives them 30 s before SIGKILL. Both install
# their own handlers, which a PID 1 needs: the kernel gives it no default action for SIGTERM.
STOPSIGNAL SIGTERM
ENTRYPOINT ["tengen"]
CMD ["run"]
