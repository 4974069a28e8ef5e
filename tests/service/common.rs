//! A small world for scenario tests: a service on a temporary database file, a fake clock.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;

use tengen::game::Standing;
use tengen::game::{
    BoardRef, ChannelId, Command, Duration, Event, GuildId, InvitationRef, InviteOptions, MatchId,
    Outcome, Refusal, SettingChange, Settings, Subject, Timestamp, UserId,
    invitation::InviteRequest,
};
use tengen::go::Point;
use tengen::runtime::{Clock, ManualClock};
use tengen::service::{Failure, Service};
use tengen::store::{Durability, Store};

pub const GUILD: GuildId = GuildId(1);
pub const CHANNEL: ChannelId = ChannelId(10);
/// The inviter in most scenarios: White.
pub const ALICE: UserId = UserId(100);
/// The invitee in most scenarios: Black.
pub const BOB: UserId = UserId(200);
pub const CAROL: UserId = UserId(300);
pub const SEC: u64 = 1000;
pub const T0: Timestamp = Timestamp::from_millis(1_800_000_000_000);

/// `n` milliseconds.
pub fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// The backend a scenario runs on: every one runs on both (`#[values(Sqlite, Postgres)]`),
/// PostgreSQL's when `TEST_DATABASE_URL` names a server.
pub use tengen::store::Backend;
#[allow(unused_imports)]
pub use tengen::store::Backend::{Postgres, Sqlite};

pub struct World {
    pub dir: tempfile::TempDir,
    pub svc: Service,
    pub clock: ManualClock,
    /// A PostgreSQL world's schema of its own (dropped with the world).
    pub schema: Option<tengen::store::testing::TestSchema>,
}

impl World {
    /// A world on SQLite.
    pub fn new() -> World {
        World::open(Backend::Sqlite).unwrap()
    }

    /// A world on `backend`; `None` (and a line saying the test was skipped) for PostgreSQL
    /// without `TEST_DATABASE_URL`.
    pub fn on(backend: Backend) -> Option<World> {
        World::open(backend)
    }

    fn open(backend: Backend) -> Option<World> {
        let dir = tempfile::tempdir().unwrap();
        let clock = ManualClock::new(T0);
        let schema = match backend {
            Backend::Sqlite => None,
            Backend::Postgres => {
                let label = std::thread::current().name().unwrap_or("a test").to_owned();
                Some(tengen::store::testing::TestSchema::new(&label)?)
            }
        };
        let store = store_at(&dir, schema.as_ref());
        let svc = Service::open(Arc::new(store), clock.now()).unwrap();
        Some(World {
            dir,
            svc,
            clock,
            schema,
        })
    }

    /// The world's database, opened afresh.
    pub fn open_store(&self) -> Store {
        store_at(&self.dir, self.schema.as_ref())
    }

    pub fn path(&self) -> PathBuf {
        self.dir.path().join("t.db")
    }

    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// The bot stops and starts again at the clock's time.
    pub fn restart(&mut self) {
        let store = self.open_store();
        // Replace (and drop) the old service, as a restarted process would.
        self.svc = Service::open(Arc::new(store), self.now()).unwrap();
    }

    /// Applies a command now: its own result (deadlines it fired first are committed too).
    pub fn apply(&self, c: Command) -> Result<Outcome, Failure> {
        self.svc.apply(c, self.now()).result
    }

    /// `config set KEY VALUE` by a moderator (`moderator` says whether the caller is one):
    /// the server's settings after it.
    pub fn set_setting(
        &self,
        guild: GuildId,
        moderator: bool,
        key: &str,
        value: &str,
    ) -> Result<Settings, Failure> {
        let change = SettingChange::Set {
            key: key.to_owned(),
            value: value.to_owned(),
        };
        self.configure(guild, moderator, change)
    }

    /// `config reset KEY`: the server's settings after it.
    pub fn reset_setting(
        &self,
        guild: GuildId,
        moderator: bool,
        key: &str,
    ) -> Result<Settings, Failure> {
        let change = SettingChange::Reset {
            key: key.to_owned(),
        };
        self.configure(guild, moderator, change)
    }

    fn configure(
        &self,
        guild: GuildId,
        moderator: bool,
        change: SettingChange,
    ) -> Result<Settings, Failure> {
        let o = self.apply(Command::Configure {
            guild,
            moderator,
            change,
        })?;
        match o.events.as_slice() {
            [Event::SettingsChanged(s)] => Ok((**s).clone()),
            other => panic!("a setting changed says so: {other:?}"),
        }
    }

    /// `/weiqi rank start:RANK`: the standing stated.
    pub fn state_rank(
        &self,
        guild: GuildId,
        user: UserId,
        rank: &str,
    ) -> Result<Standing, Failure> {
        let o = self.apply(Command::StateRank {
            guild,
            user,
            rank: rank.to_owned(),
        })?;
        match o.events.as_slice() {
            [Event::RankStated(s)] => Ok(*s),
            other => panic!("a rank stated says so: {other:?}"),
        }
    }

    pub fn refusal(&self, c: Command) -> Refusal {
        match self.apply(c) {
            Err(Failure::Refused(r)) => r,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    pub fn invite_with(
        &self,
        inviter: UserId,
        invitee: UserId,
        options: InviteOptions,
    ) -> Result<Outcome, Failure> {
        self.apply(Command::Invite {
            who: InviteRequest {
                guild: GUILD,
                channel: CHANNEL,
                inviter,
                invitee,
                invitee_is_bot: false,
            },
            options,
        })
    }

    pub fn invite(&self, inviter: UserId, invitee: UserId) -> Result<Outcome, Failure> {
        self.invite_with(inviter, invitee, InviteOptions::default())
    }

    pub fn accept(&self, by: UserId, inviter: UserId) -> Result<Outcome, Failure> {
        self.apply(Command::Accept {
            by,
            invitation: InvitationRef::From {
                guild: GUILD,
                inviter,
            },
        })
    }

    /// `inviter` invites `invitee`, who accepts: `invitee` is Black.
    pub fn start(&self, inviter: UserId, invitee: UserId) -> MatchId {
        self.invite(inviter, invitee).unwrap();
        match self.accept(invitee, inviter).unwrap().subject {
            Subject::Match(id) => id,
            s => panic!("{s:?}"),
        }
    }

    pub fn play(&self, by: UserId, point: &str) -> Result<Outcome, Failure> {
        self.apply(Command::Play {
            by,
            point: point.parse::<Point>().unwrap(),
            board: None,
        })
    }

    pub fn play_on(&self, by: UserId, point: &str, board: BoardRef) -> Result<Outcome, Failure> {
        self.apply(Command::Play {
            by,
            point: point.parse::<Point>().unwrap(),
            board: Some(board),
        })
    }

    pub fn pass(&self, by: UserId) -> Result<Outcome, Failure> {
        self.apply(Command::Pass {
            by,
            board: None,
            game: None,
        })
    }

    pub fn resign(&self, by: UserId) -> Result<Outcome, Failure> {
        self.apply(Command::Resign { by, match_id: None })
    }

    /// Moves the clock by `n` milliseconds and fires what is due.
    pub fn advance(&self, n: u64) -> Vec<Outcome> {
        let now = self.clock.advance(ms(n));
        self.svc.tick(now).into_iter().map(|r| r.unwrap()).collect()
    }

    /// Plays `n` quiet moves (no captures) alternating from whoever is to move, on 9×9 or more.
    pub fn quiet_moves(&self, id: MatchId, n: usize) {
        for _ in 0..n {
            let m = self.svc.snapshot(id).unwrap();
            let k = m.game.moves().len();
            let size = m.config.size.get();
            // Black fills rows from the bottom, White from the top, column by column.
            let (col, row) = ((k / 2) as u8 % size, (k / 2) as u8 / size);
            let row = if k.is_multiple_of(2) {
                row
            } else {
                size - 1 - row
            };
            let p = Point::new(col, row).unwrap().to_string();
            // On the board as drawn: the computer's account is found by its match only.
            let board = BoardRef {
                match_id: id,
                move_number: m.move_count(),
            };
            self.play_on(m.player_to_move(), &p, board).unwrap();
        }
    }
}

/// A world's database: its schema on PostgreSQL, else the file in its folder.
fn store_at(dir: &tempfile::TempDir, schema: Option<&tengen::store::testing::TestSchema>) -> Store {
    match schema {
        Some(s) => Store::open_postgres(&s.url, 2).unwrap(),
        None => Store::open(&dir.path().join("t.db"), Durability::Process).unwrap(),
    }
}

/// The dead chains the engine proposed, if `o` opened the agreement phase.
pub fn agreement_proposal(o: &Outcome) -> Option<Vec<Point>> {
    o.events.iter().find_map(|e| match e {
        tengen::game::Event::AgreementStarted { proposal, .. } => Some(proposal.clone()),
        _ => None,
    })
}

/// A legal, capture-free sequence of points for a 9×9 game.
pub fn quiet_point(k: usize) -> String {
    let (col, row) = ((k / 2) as u8 % 9, (k / 2) as u8 / 9);
    let row = if k.is_multiple_of(2) { row } else { 8 - row };
    Point::new(col, row).unwrap().to_string()
}

/// The first page of a server's leaderboard by merit.
pub fn merit_page(w: &World, guild: GuildId) -> Vec<tengen::service::Profile> {
    match w
        .svc
        .leaderboard(guild, tengen::service::Ranking::Merit, 10, 0)
        .unwrap()
    {
        tengen::service::Leaderboard::Merit(page) => page,
        other => panic!("{other:?}"),
    }
}

/// A game's record with Black and White named as `names` say (and an automatic pass
/// commented `automatic_pass`).
pub fn record(
    svc: &tengen::service::Service,
    guild: GuildId,
    id: MatchId,
    names: [&str; 2],
    automatic_pass: &str,
) -> Result<String, Failure> {
    let named = match svc.load_match(id)? {
        Some(m) => vec![
            (m.players.black, names[0].to_owned()),
            (m.players.white, names[1].to_owned()),
        ],
        None => Vec::new(),
    };
    let words = tengen::service::RecordWords {
        automatic_pass: automatic_pass.to_owned(),
        pass: "pass".to_owned(),
        resign: "resign".to_owned(),
    };
    svc.sgf(guild, id, &named, &words)
}
