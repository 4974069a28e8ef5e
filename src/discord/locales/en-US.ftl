### Tengen's texts in English (en-US): the fallback for every other language.
### Each language has the same ids with the same variables (a test checks it).

## Commands, options and choices. The value of a `cmd-` id is the command's name in that
## language (lowercase, no spaces), its `.description` what Discord shows under it.

cmd-weiqi = weiqi
    .description = Play Go (weiqi, baduk) with another member
cmd-weiqi-invite = invite
    .description = Invite a member, or anyone (no user: an open challenge)
cmd-weiqi-invite-user = user
    .description = Who to invite (none: an open challenge)
cmd-weiqi-invite-size = size
    .description = Board size (the server's allowed sizes)
cmd-weiqi-invite-komi = komi
    .description = Komi for White, a whole or half number, e.g. 6.5
cmd-weiqi-invite-rules = rules
    .description = Rule set
cmd-weiqi-invite-handicap = handicap
    .description = Stones for Black (who accepts): 2–9; 1: no komi
cmd-weiqi-invite-ranked = ranked
    .description = Whether the result moves both ratings (default: the server's)
cmd-weiqi-ai = ai
    .description = Play the computer (Tengen's own engine) at once
cmd-weiqi-ai-level = level
    .description = How strong it plays (default: the strongest here)
cmd-weiqi-ai-size = size
    .description = Board size (the server's allowed sizes)
cmd-weiqi-ai-rules = rules
    .description = Rule set
cmd-weiqi-ai-color = color
    .description = Your colour (default: Black, moving first)
cmd-weiqi-invite-color = color
    .description = Your colour, or nigiri (the one invited guesses odd or even)
cmd-weiqi-invite-clock = clock
    .description = Your own clock, if the server allows: canadian 10m 25/5m, simple 30s…
cmd-weiqi-ai-ranked = ranked
    .description = Whether the result moves your rating (default: the server's)
cmd-weiqi-accept = accept
    .description = Accept an invitation
cmd-weiqi-accept-user = user
    .description = Who invited you
cmd-weiqi-decline = decline
    .description = Decline an invitation
cmd-weiqi-decline-user = user
    .description = Who invited you
cmd-weiqi-cancel = cancel
    .description = Withdraw your invitation
cmd-weiqi-cancel-user = user
    .description = Whom you invited (if you invited more than one)
cmd-weiqi-board = board
    .description = Post the board again at the bottom
cmd-weiqi-pass = pass
    .description = Pass your turn
cmd-weiqi-resign = resign
    .description = Resign (press twice to confirm)
cmd-weiqi-status = status
    .description = Size, turn, captures, komi and time left
cmd-weiqi-profile = profile
    .description = Merit, wins and title
cmd-weiqi-profile-user = user
    .description = Whose profile
cmd-weiqi-leaderboard = leaderboard
    .description = This server's ranking
cmd-weiqi-leaderboard-by = by
    .description = Rank by rating (the default) or by merit
cmd-weiqi-rank = rank
    .description = Rank, rating and its history in ranked games
cmd-weiqi-rank-user = user
    .description = Whose rank
cmd-weiqi-rank-start = start
    .description = Your rank to start from, once, before your first ranked game: 15k, 5k, 1d… (at most 3d)
cmd-weiqi-sgf = sgf
    .description = Download a game record (SGF)
cmd-weiqi-sgf-game = game
    .description = Which game (default: your latest)
cmd-weiqi-review = review
    .description = The engine's review of a finished game or an SGF file
cmd-weiqi-review-game = game
    .description = Which finished game (default: your latest)
cmd-weiqi-review-file = file
    .description = An SGF record to review instead
cmd-weiqi-learn = learn
    .description = Learn the rules of Go from zero
cmd-weiqi-config = weiqi-config
    .description = Go settings of this server (Manage Server)
cmd-weiqi-config-show = show
    .description = Show this server's settings
cmd-weiqi-config-set = set
    .description = Change a setting
cmd-weiqi-config-set-key = key
    .description = Setting
cmd-weiqi-config-set-value = value
    .description = New value
cmd-weiqi-config-reset = reset
    .description = Reset a setting to its default
cmd-weiqi-config-reset-key = key
    .description = Setting
cmd-weiqi-config-games = games
    .description = The running games of this server
cmd-weiqi-config-annul = annul
    .description = End a running game with no result
cmd-weiqi-config-annul-game = game
    .description = Which game

choice-rules-classic = classic (the board as it stands)
choice-rules-chinese = chinese (area, superko)
choice-rules-aga = aga (area, pass stones)
choice-rules-japanese = japanese (territory)
choice-rules-korean = korean (territory)
choice-rules-ing = ing (area, komi 8, Black wins ties)
choice-key-enabled = enabled
choice-key-board-size = board-size
choice-key-allowed-sizes = allowed-sizes
choice-key-komi = komi
choice-key-allowed-komi = allowed-komi
choice-key-rules = rules
choice-key-allowed-rules = allowed-rules
choice-key-turn-timeout-seconds = turn-timeout-seconds
choice-key-reconnect-grace-seconds = reconnect-grace-seconds
choice-key-match-max-minutes = match-max-minutes
choice-key-offer-expiry-seconds = offer-expiry-seconds
choice-key-resign-confirm-window-seconds = resign-confirm-window-seconds
choice-key-merit-min-moves = merit-min-moves
choice-key-merit-amount = merit-amount
choice-key-merit-winner-bonus = merit-winner-bonus
choice-key-merit-lifetime-cap = merit-lifetime-cap
choice-key-move-notify = move-notify
choice-key-match-threads = match-threads
choice-key-title-role = title-role
choice-key-language = language

choice-level-beginner = beginner (初级)
choice-level-intermediate = intermediate (中级)
choice-level-advanced = advanced (高级)
choice-level-engine = external engine
choice-by-rating = rating
choice-by-merit = merit
choice-color-black = black (you move first)
choice-color-white = white
choice-color-nigiri = nigiri (guess odd or even)
choice-key-ai-enabled = ai-enabled
choice-key-ai-levels = ai-levels
choice-key-ai-resigns = ai-resigns
choice-key-ranked-default = ranked-default
## Rule sets, colours, lists.

rules-classic = Classic
rules-chinese = Chinese
rules-aga = AGA
rules-japanese = Japanese
rules-korean = Korean
rules-ing = Ing
color-black = Black
color-white = White
list-separator = {", "}
title-name = Black-and-White Hand (黑白手)

## Refusals: why nothing changed.

refusal-invite-self = You cannot invite yourself. Invite another member.
refusal-invite-bot = Bots cannot play Go here. Invite a person.
refusal-you-are-busy = You are already in a game. Finish it (or resign) before starting another.
refusal-they-are-busy = That player is already in a game. Try again later.
refusal-duplicate-invitation = There is already a pending invitation between you two. Wait for an answer.
refusal-server-disabled = Go is switched off on this server. A moderator can switch it on.
refusal-size-not-allowed = This server does not allow {$size}×{$size} boards. Allowed: {$allowed}.
refusal-rules-not-allowed = This server does not allow {$rules} rules. Allowed: {$allowed}.
refusal-komi-not-half-points = A komi is a whole or half number of points, like 6.5 or 7.
refusal-komi-not-allowed = A komi of {$komi} is not allowed here: this server allows komi from {$low} to {$high}. Ask for one in that range.
refusal-handicap-not-possible = { $max ->
        [0] A {$size}×{$size} board is too small for handicap stones: they need 7×7 or larger.
       *[other] {$stones} handicap stones do not fit a {$size}×{$size} board: at most {$max}.
    }
refusal-no-such-invitation = There is no pending invitation to answer.
refusal-not-for-you = This invitation is not for you.
refusal-not-your-invitation = Only the member who sent this invitation can withdraw it.
refusal-invitation-expired = This invitation has expired.
refusal-nigiri-even-only = Nigiri is for even games: ask for a handicap or for nigiri, not both.
refusal-nigiri-guess-first = This invitation is decided by nigiri: accept it by pressing Odd or Even on it.
refusal-not-nigiri-step = That button is not for this step of the nigiri.
refusal-not-your-choice = The colour is chosen by the winner of the nigiri.
refusal-not-your-guess = In this game's nigiri, your opponent guesses odd or even.
refusal-nigiri-first = The colours of this game are decided by nigiri first: guess, or choose your colour, with the buttons on the board.
refusal-not-in-game = You are not in a game. Start one with /weiqi invite.
refusal-no-such-game = There is no such game on this server.
refusal-not-your-game = This is not your game; you can watch it.
refusal-not-your-turn = It is not your turn.
refusal-stale-board = The board has changed since this one was drawn. Use the latest board.
refusal-illegal = That move is not allowed: {$why}.
refusal-game-over = This game is over.
refusal-not-moderator = Only members with Manage Server can change Go settings or end a game.
refusal-not-organiser = Events are run by the moderators (Manage Server) and by the members of the server's event organiser role.
refusal-not-referee = Rulings are for the moderators (Manage Server) and the members of the server's event referee role.
refusal-not-an-event-game = That is not a game of an event still being played.
refusal-in-agreement = The game is settling its dead stones: accept the marking, toggle a chain, or resume play.
refusal-place-handicap-first = Black is still placing the handicap stones ({$left} to go): click a point for each, then White plays.
refusal-not-in-agreement = Dead stones are marked only after both players pass (and not under classic rules).
refusal-no-stone-there = There is no stone there to mark.
refusal-already-accepted = You have already accepted this marking; waiting for your opponent.
refusal-nothing-to-do = Nothing changed.
refusal-computer-disabled = Games against the computer are switched off on this server. A moderator can switch them on.
refusal-level-not-allowed = This server does not offer the {$level} level. Offered: {$allowed}.
refusal-already-rated = You already have a rating here: a starting rank can be stated only before your first ranked game.
refusal-rank-not-allowed = That is not a rank to start from: write it like 15k, 5k or 1d, at most 3d.
refusal-computer-busy = { $max ->
        [0] This bot's host has switched games against the computer off.
       *[other] The computer is already playing {$max} games, as many as this bot allows at once. Try again in a while.
    }
refusal-bot-permissions = I cannot run a game in this channel: I need {$missing} here. A moderator can grant them (or invite in another channel).
perm-view-channel = View Channel
perm-send-messages = Send Messages
perm-send-messages-in-threads = Send Messages in Threads
perm-embed-links = Embed Links
perm-attach-files = Attach Files
perm-read-message-history = Read Message History
perm-create-public-threads = Create Public Threads
illegal-off-board = the point is not on the board
illegal-occupied = there is already a stone there
illegal-suicide = it would have no liberty (suicide)
illegal-ko = it retakes the ko at once; play elsewhere first
illegal-superko = it would repeat an earlier position (superko)
illegal-game-over = the game is over
failure-internal = Something went wrong on our side and nothing was changed. Please try again.
failure-unavailable = The database cannot be reached just now, and nothing was changed. Try again in a moment.
failure-unloadable = This game's record cannot be read. Nothing was changed; the bot's host can find the cause in its log.
bot-restarting = The bot is restarting; try again in a moment.
use-in-a-server = Use this command in a server.
option-not-understood = I did not understand one of the options. Check it and try again.
command-not-understood = I did not understand that command. Try again after Discord refreshes its command list.
command-moved = `/{$old}` is now `/{$new}`: the commands were regrouped by what you are doing (`/weiqi`, `/weiqi-team`, `/weiqi-event`, `/weiqi-organise`, `/weiqi-config`).
button-unknown = This button is not one I know (perhaps from an older version). Use `/weiqi board` for a fresh board.

## Settings: what a valid value looks like, and what each setting does.

setting-unknown-key = There is no setting called `{$key}`.
setting-bad-value = `{$value}` is not a valid value for `{$key}`: expected {$expected}.
shape-switch = true or false
shape-seconds = a whole number of seconds from {$min} to {$max}
shape-minutes = a whole number of minutes from {$min} to {$max}
shape-moves = a whole number of moves from {$min} to {$max}
shape-number = a whole number from {$min} to {$max}
shape-board-size = a board size from 5 to 19 that is in allowed-sizes
shape-board-sizes = a comma-separated list of sizes from 5 to 19 that includes board-size, like 7,9,13
shape-komi = a whole or half number within allowed-komi, like 6.5, or "default" (the rule set's own)
shape-komi-range = a range of komi like 5.5..7.5, from -50 to 50, that holds the server's komi
shape-rules = classic, chinese, aga, japanese or korean, one in allowed-rules
shape-rule-list = a comma-separated list of classic, chinese, aga, japanese, korean that includes rules
shape-move-notify = mention, dm or none
shape-role = a role (its id or mention), or "none"
shape-language = auto (the server's language), en, zh-CN, zh-TW, ja or ko
shape-levels = a comma-separated list of beginner, intermediate, advanced
key-enabled = Go on this server
key-board-size = the default board size
key-allowed-sizes = sizes an invitation may ask for
key-komi = White's komi under the server's rules
key-allowed-komi = the komi a game may have
key-rules = the default rule set
key-allowed-rules = rule sets an invitation may ask for
key-turn-timeout-seconds = a turn's time, then an automatic pass
key-reconnect-grace-seconds = how long an offline player's game is kept
key-match-max-minutes = a game's real-time cap
key-offer-expiry-seconds = how long an invitation waits
key-resign-confirm-window-seconds = the second press of Resign must come within this
key-merit-min-moves = moves before a resignation earns merit
key-merit-amount = merit to both players, once per pair
key-merit-winner-bonus = extra merit to the winner
key-merit-lifetime-cap = merit awards a player can take part in
key-move-notify = how the player to move is told
key-match-threads = a thread for every game
key-title-role = the role granted with the title
key-language = the language of public messages

key-ai-enabled = members may play the computer
key-ai-levels = the computer's levels members may choose
key-ai-resigns = the computer resigns a hopeless game
key-ranked-default = invitations are ranked unless they say otherwise
## /weiqi-config

config-saved = Saved `{$key}`.
config-reset = Reset `{$key}` to its default.
config-title-granted = The role went to { $granted ->
        [one] one player
       *[other] {$granted} players
    } who already held the title{ $failed ->
        [0] .
       *[other] ; {$failed} could not get it (see the bot's log).
    }
config-role-missing = The role {$role} does not exist on this server.
config-role-unreadable = I could not read this server's roles. Try again in a moment.
config-role-no-permission = I cannot grant roles here: give me the Manage Roles permission first.
config-role-too-high = I cannot grant {$role}: my own role must be above it. Drag my role above it in the server's settings, then set it again.
config-role-managed = {$role} belongs to an integration (a bot or a subscription): no one can grant it. Choose another role.
config-no-games = No game is running on this server.
config-game-line = #{$game} · {$summary} · ⚫ {$black} vs ⚪ {$white} · move {$moves} · started {$started} · {$channel}
config-game-broken = #{$game} · cannot be loaded ({$why}); `/weiqi-config annul game:{$game}` ends it
config-more-games = …and {$count} more.
config-annulled = Game #{$game} was annulled: no result, nothing recorded. Both players are told.

## Invitations

invitation = {$invitee}, {$inviter} invites you to a game of Go: {$size}×{$size} · {$rules} rules · komi {$komi}{$handicap}.
    {$first} Expires {$expires}.
invitation-colours = {$who} {$first}
invitation-colours-acceptor = Whoever accepts plays Black.
invitation-colours-rematch = The colours swap for a rematch: {$black} plays Black.
invitation-colours-rematch-handicap = A rematch keeps the handicap: {$black} plays Black with it.
invitation-colours-lower-rank = {$black} holds the lower rank and plays Black, with the handicap.
invitation-colours-chosen = {$inviter} chose {$color}.
invitation-colours-nigiri = Nigiri decided: {$black} plays Black.
invitation-nigiri-guess = Nigiri decides the colours: Tengen holds a handful of white stones for {$inviter}. {$invitee}, guess odd or even to accept; whoever is right chooses a colour.
invitation-nigiri-open = The hand held {$stones} stones ({$parity}); {$invitee} guessed {$guess}. {$chooser}, choose your colour.
nigiri-odd = odd
nigiri-even = even
invitation-black-moves-first = Black moves first.
invitation-white-moves-first = White moves first, after Black's handicap stones.
terms-handicap = {$stones} handicap stones
terms-handicap-free = {$stones} handicap stones, placed by Black
board-placing-handicap = Placing the handicap stones: {$placed} of {$stones}. Click a point for each; White moves after the last.
terms-no-komi = no komi, Black first
terms-ranked = ranked
field-handicap = Handicap
invitation-closed = ~~Invitation from {$inviter} to {$invitee}~~ {$why}
invitation-declined = Declined.
invitation-expired = This invitation expired.
invitation-cancelled = Withdrawn by its sender.
invitation-superseded = Withdrawn: one of you started another game.
invitation-game-on = Game on: ⚫ {$black} vs ⚪ {$white}
thread-name = Go #{$game}
button-accept = Accept
button-odd = Odd
button-even = Even
button-take-black = Take Black
button-take-white = Take White
button-decline = Decline
button-cancel = Cancel
answer-accepted = Accepted: you play Black.
answer-declined = Declined.
answer-cancelled = Your invitation is withdrawn.

level-beginner = beginner
level-intermediate = intermediate
level-advanced = advanced
level-engine = the host's engine
rank-kyu = {$n} kyu
rank-dan = {$n} dan
computer-name = 🤖 Tengen · {$level} (about {$rank})
computer-name-engine = 🤖 {$name} (about {$rank})
computer-thinking = 🤖 Tengen is thinking…
answer-computer-game = Game on against the computer: the board is in this channel. Good luck!
profile-computer = Against {$computer}: {$wins}–{$losses}{ $draws ->
        [0] {""}
       *[other] , {$draws} drawn
    }
## The board

board-title = Go · {$size}×{$size} · {$rules}
board-players = ⚫ {$black} (Black)  vs  ⚪ {$white} (White)
board-players-nigiri = {$guesser} and {$grabber} · colours by nigiri
field-move = Move
field-captures = Captures
field-komi = Komi
field-pass-stones = Pass stones
field-turn = Turn
field-turn-ends = Turn ends
field-game-ends = Game ends
field-result = Result
field-agreement = Both passed: the dead stones
field-nigiri = Nigiri
field-start-window = Start window closes
board-nigiri-guess = Tengen holds a handful of white stones for {$grabber}. {$guesser}, guess odd or even; whoever is right chooses a colour. No clock runs until then.
field-if-accepted = If accepted
field-accepted = Accepted
field-accepted-for-both = Accepted for both
board-footer = Click the region of your point, then the point. Resign: press twice.
board-moved = The board moved: {$link}
board-healed = The board had fallen behind; it shows the game as it stands now. Click again.
button-pass = Pass
button-resign = Resign
button-accept-marking = Accept
button-resume = Resume play
picker-points = Pick a point in **{$region}** (move {$number}):
picker-played = You played **{$point}**.
picker-marks = Dead stones in **{$region}**: click a stone to mark its whole chain dead (❌) or alive again ({ $chains ->
        [one] one chain
       *[other] {$chains} chains
    } marked dead now).
answer-passed = You passed.
answer-resign-armed = Press Resign again to resign. This expires {$until}.
answer-resigned = You resigned.

## The dead-stone agreement

agreement-none-marked = No stones are marked dead.
agreement-marked = Marked dead: { $chains ->
        [one] 1 chain
       *[other] {$chains} chains
    } ({ $stones ->
        [one] 1 stone
       *[other] {$stones} stones
    }), crossed on the board.
agreement-how = Click a region, then a stone, to mark its chain dead or alive again. **Accept** when the marking is right; **Resume play** to settle it over the board.
agreement-accepted-yes = ✅ accepted
agreement-accepted-not-yet = ⏳ not yet
agreement-footer = A player who does nothing accepts the marking when the time runs out.
score-line = Black {$black} · White {$white} → **{$result}**
    {$method}
counting-classic = Counted by area exactly as the board stands (classic rules: no dead stones are removed).
counting-territory = Counted by territory plus prisoners (Japanese rules): dead stones become prisoners; no points in seki.
counting-aga = Counted by area (AGA rules): stones plus territory, dead stones removed; each pass handed the opponent a stone.
counting-area = Counted by area (Chinese rules): stones plus territory, dead stones removed.

## Results

result-heading = Game over #{$game}
result-points = {$winner} wins by {$margin} ({$sgf})
result-tie-to-black = {$winner} wins: the scores are equal, and under the Ing rules a tie goes to Black ({$sgf})
result-resignation = {$winner} wins by resignation ({$sgf})
result-time = {$winner} wins on time ({$sgf})
result-forfeit = {$winner} wins by forfeit ({$sgf})
result-short = Game #{$game} ({$black} vs {$white}) is over: {$result}.
result-draw = A draw (jigo).
result-void = Not counted.
result-scores = Black {$black} · White {$white} (komi {$komi})
result-no-dead = No stones were dead.
result-agreed-dead = Agreed dead: { $chains ->
        [one] 1 chain
       *[other] {$chains} chains
    } ({ $stones ->
        [one] 1 stone
       *[other] {$stones} stones
    }).
result-record = `/weiqi sgf game:{$game}` — the game record
abandoned = Abandoned ({$why}). It counts for no one.
abandoned-both-away = both players were away
abandoned-offline = a player went offline and did not come back
abandoned-time-cap = the game ran past its time limit
annulled = Annulled by a moderator. It counts for no one.
annulled-unreadable = Game #{$game} ({$black} vs {$white}) was annulled by a moderator: its record could not be read. It counts for no one.
reward-merit = {$player} +{$amount} merit
reward-title = {$player} earns the title **Black-and-White Hand (黑白手)**

## Notices

notice-your-move = {$player}, your move (move {$number}{$last})
notice-nigiri-guess = {$player}, nigiri decides the colours of your event game: guess odd or even on the board.
notice-nigiri-choose = {$player}, you won the nigiri: choose your colour on the board.
notice-after-move = , after {$stone} {$point}
notice-after-pass = , after a pass
notice-agreement = {$black} {$white} both passed: check the dead stones crossed on the board, then Accept or Resume play.
notice-board-not-posted = I could not post the board of your game #{$game} in {$channel}: I may not write there. Ask a moderator to let me post there, or use `/weiqi board` in a channel where I can.
notice-role-failed = I could not give {$player} the title's role {$role}: I need Manage Roles and a role above it. A moderator can fix this and grant it by hand.

## Status, profiles, records

how-to-start = No game here yet. Start one with `/weiqi invite user:@someone` (or `/weiqi invite` for anyone to take), or wait for an opponent with `/weiqi seek`. New to Go? Try `/weiqi learn`.
status-head = {$size}×{$size} · {$rules} · game {$game}
status-play = {$head}
    Turn: {$player} ({$color})
    Move: {$number}
    Captures: ⚫ {$black_captures} · ⚪ {$white_captures}
    Komi: {$komi}
    {$timing}
status-turn-timing = Turn time left: {$left} · Game time left: {$game_left}
status-agreement = {$head}
    Both passed: the players are settling the dead stones.
    If accepted: {$result}
    Accepted for both in {$left} · Game time left: {$game_left}
profile-heading = Go profile
profile-line = {$player}
    Merit: **{$merit}** · Wins: **{$wins}** · Losses: **{$losses}** · Draws: **{$draws}**
profile-title = Title: **Black-and-White Hand (黑白手)**
profile-ranked = Ranked: **{$rank}{$provisional}** · rating {$rating} ± {$deviation} · {$games} games, {$wins}–{$losses}{$streak}
profile-streak = {" · "}streak {$n}
rank-heading = Ranked Go
rank-none = No ranked games yet: invite someone with ranked:True.
rank-stated = You start ranked play at {$rank}, with a wide ± that your first games will narrow.
leaderboard-heading = Leaderboard (page {$page})
leaderboard-empty = No games counted yet.
leaderboard-line = {$rank}. {$player} — {$merit} merit · {$wins}–{$losses}
leaderboard-rating-heading = Leaderboard by rating (page {$page})
leaderboard-rating-empty = No ranked games finished yet: invite someone with ranked:True.
leaderboard-rating-line = {$place}. {$player} — {$rank}{$provisional} · {$rating} ± {$deviation} · {$wins}–{$losses}
button-back = ◀ Back
button-next = Next ▶
button-by-merit = By merit
button-by-rating = By rating
sgf-no-game = You have not played a game on this server yet. To get another game's record, give its number with `game:`.
sgf-record = Game record #{$game}
sgf-running = running
sgf-choice = #{$game} · {$size}×{$size} {$rules} · {$result} · {$moves} moves
sgf-automatic-pass = automatic pass (the turn timed out)

## The primer (/weiqi learn)

learn-1-title = 1 · The board and the stones
learn-1-text = Two players, Black and White, take turns putting one stone on an empty intersection of the lines. Black moves first. Stones never move once played; the aim is to surround more of the board than your opponent.
learn-2-title = 2 · Liberties and chains
learn-2-text = The empty points right next to a stone (up, down, left, right — not diagonal) are its liberties. Stones of one colour that touch form a chain and share their liberties: the black chain here has 6.
learn-3-title = 3 · Capture
learn-3-text = A move that fills the last liberty of enemy chains removes them from the board: they are captured. Here White has one liberty left; Black plays the marked point and takes the stone.
learn-4-title = 4 · No suicide
learn-4-text = You may not play a stone that would have no liberty — unless the move captures, because captures are taken off first. Black may not play the marked point: it is surrounded by White and captures nothing.
learn-5-title = 5 · Ko
learn-5-text = When one stone is captured and the capturer could be taken back at once, the position would repeat forever. So the immediate retake is forbidden: play somewhere else first (a ko threat), then you may retake. The bot marks the forbidden point on the board.
learn-6-title = 6 · Passing and the end
learn-6-text = Passing is always allowed. Two passes in a row end the game. Here a player who does not move within the turn time is passed automatically; two automatic passes in a row abandon the game, which then counts for no one.
learn-7-title = 7 · Counting
learn-7-text = Each side scores its stones on the board plus the empty points surrounded only by its own stones. White adds komi for moving second (5.5 points under the classic rules, 6.5 or 7.5 under others); a half point means there is no draw. Under the classic rules the board is counted exactly as it stands: capture dead stones before you pass.
learn-8-title = 8 · Dead stones (Chinese, AGA and Japanese rules)
learn-8-text = Under these rules you need not capture every dead stone: after two passes the bot crosses out the chains it thinks are dead (here the white stone in Black's area and the black one in White's) and shows the score. Click a region, then a stone, to mark its chain dead or alive; press Accept when the marking is right. If you disagree, press Resume play and settle it on the board. Under the classic rules, capture dead stones before you pass.
learn-9-title = 9 · Playing here
learn-9-text = Start with `/weiqi invite` and a member; whoever accepts plays Black. On the board message, click the region that holds your point, then the point itself. Pass is a button; Resign must be pressed twice, the second time within a few seconds. `/weiqi status` shows the time left. Pair Go and team games are under `/weiqi-team`, the server's events under `/weiqi-event`.

## Clocks
cmd-weiqi-invite-time = time
    .description = The clock: turn, blitz, live or correspondence
choice-time-turn = turn (a fixed time a turn)
choice-time-blitz = blitz
choice-time-live = live
choice-time-correspondence = correspondence (days a move)
refusal-time-not-allowed = This server does not offer {$time} games. Allowed: {$allowed}.
refusal-clock-unreadable = That is not a clock I can read. Try {$shape}.
refusal-custom-clocks-off = This server does not allow clocks of your own numbers; choose a time preset instead.
refusal-custom-clock-not-live = A clock of your own numbers must be a live clock (byo-yomi, Fischer, Canadian, simple, absolute or penalty).
refusal-custom-clock-too-long = On this server a clock of your own numbers has at most {$max} minutes of main time.
shape-time-preset = one of turn, blitz, live, correspondence that is in allowed-times
shape-time-presets = a comma-separated list of turn, blitz, live, correspondence that holds time-default
shape-time-control = a clock like byo-yomi 10m 5x30s, fischer 2m +30s max 5m, penalty 1h, canadian 10m 25/5m, simple 30s, absolute 20m (live: at most 3h main time) or correspondence 3d +1d max 7d (1h to 30d)
key-time-default = the clock of an invitation that does not say
key-allowed-times = the clocks an invitation may ask for
key-time-blitz = the numbers of the blitz clock
key-time-live = the numbers of the live clock
key-time-correspondence = the numbers of the correspondence clock
key-max-correspondence-games = correspondence games a player may have at once
choice-key-time-default = time-default
choice-key-allowed-times = allowed-times
choice-key-time-blitz = time-blitz
choice-key-time-live = time-live
choice-key-time-correspondence = time-correspondence
choice-key-max-correspondence-games = max-correspondence-games
time-preset-turn = turn
time-preset-blitz = blitz
time-preset-live = live
time-preset-correspondence = correspondence
time-turn = {$turn} a turn
time-byo-yomi = {$main} + {$periods}×{$period} byo-yomi
time-fischer = Fischer {$initial} +{$increment} a move (at most {$max})
time-correspondence = correspondence {$initial} +{$increment} a move (at most {$max})
time-penalty = {$main} + penalty overtime (Ing: 2 points a sixth)
clock-byo-yomi = {$main} · {$periods}×{$period}
clock-overtime = overtime {$overtime} (−{$points} points)
time-canadian = {$main} + Canadian byo-yomi, {$stones} moves in {$period}
time-simple = {$per_move} a move (simple time)
time-absolute = {$main} for the whole game (absolute)
clock-canadian = {$period} left for {$stones} moves
field-time = Time
field-clocks = Clocks
field-time-runs-out = Time runs out
notice-clock-reminder = {$player}, your time in game #{$game} runs out {$deadline}: it is your move.
status-clock = {$player}: {$clock} (main {$exact})
status-runs-out = The player to move runs out in {$left}.
status-given-back = The bot was down: {$given} given back to the player to move.
status-penalties = Penalty points: ⚫ {$black} · ⚪ {$white}
status-time = Time: {$time}
result-penalties = Penalty overtime: ⚫ −{$black} · ⚪ −{$white} points (counted above).
config-heading = Settings

## Several games
cmd-weiqi-games = games
    .description = Your running games, whose turn it is, and a link to each board
cmd-weiqi-pass-game = game
    .description = Which of your games (default: the one here, else your only one)
cmd-weiqi-resign-game = game
    .description = Which of your games (default: the one here, else your only one)
cmd-weiqi-board-game = game
    .description = Which game (default: yours here, else the one in this channel)
cmd-weiqi-status-game = game
    .description = Which game (default: yours here, else the one in this channel)
games-your-move = your move
games-their-move = their move
games-heading = Your running games ({$count}):
games-line = **#{$game}** · {$size}×{$size} · {$time} · against {$opponent} · {$turn}, time up {$deadline}{$link}
games-none = You have no running game. Start one with `/weiqi invite user:@someone`.
refusal-too-many-correspondence-yours = You already have {$max} correspondence games, the most this server allows at once.
refusal-too-many-correspondence-theirs = That player already has {$max} correspondence games, the most this server allows at once.
refusal-which-game = You have {$count} games running: say which with the `game` option, or use the command in the game's channel or thread (`/weiqi games` lists them).

## Takebacks and rematches
button-rematch = Rematch
button-takeback = Take back
button-takeback-accept = Accept takeback
button-takeback-decline = Decline
board-takeback-asked = {$player} asks to take back their last move: {$opponent}, accept or decline.
board-stand-in = ⚠️ {$engine} gave no move: Tengen's advanced level played move {$number} in its stead.
key-takebacks = whether a player may ask to take back their last move (the opponent decides)
choice-key-takebacks = takebacks
refusal-takebacks-off = Takebacks are off in this game.
refusal-nothing-to-undo = Only your own last move can be taken back, before your opponent plays (an automatic pass cannot).
refusal-undo-pending = A takeback is already waiting for an answer.
refusal-no-undo-request = There is no takeback for you to answer.
refusal-no-rematch = Only the two players of a finished game can ask for a rematch.

## Answers in time, annulments, stored games that do not load

answer-posted-below = Done: see the message below.
answer-told-privately = The answer was sent to you privately.
annulled-notice = {$black} {$white}: a moderator annulled game #{$game}. It counts for no one.
player-unknown = (unknown)
config-game-unloadable = (cannot be loaded)
load-error-row = a stored value does not read (`{$detail}`)
load-error-missing-move = move {$number} is missing
load-error-illegal = move {$number} is illegal: {$why}
load-error-move-count = {$stored} moves stored, {$expected} expected
load-error-inconsistent = the stored game contradicts itself: {$what}
inconsistent-no-result = it is finished but has no result
inconsistent-negative-duration = a time in its settings is negative
inconsistent-over-in-play = it ended by passes but is still in play
inconsistent-early-agreement = it counts dead stones before two passes
inconsistent-no-ending = it is over but does not say how
inconsistent-resumptions = the times play was resumed are not what its moves show
inconsistent-moves-before-nigiri = it has moves before its nigiri decided the colours

## Events: refusals

refusal-no-such-event = There is no such event on this server.
refusal-event-closed = This event no longer takes players: its registration is closed.
refusal-registration-over = This event's registration closed {$closed}: it takes no more players.
refusal-already-entered = You are already in this event.
refusal-event-full = This event is full: it takes {$max} players.
refusal-event-role-needed = This event is for the members of its role.
refusal-event-games-needed = This event takes players with at least {$needed} finished ranked games on this server.
refusal-barred-from-events = A moderator barred you from this server's events until {$until}.
refusal-event-started = This event has started: its list of players is fixed.
refusal-not-entered = You are not (or no longer) in this event.
refusal-event-too-few-players = This event needs at least {$needed} players to start.
refusal-event-teams-not-set = Both teams of the arena must be set before it starts.
refusal-event-over = This event is over.
refusal-no-round-to-start = No round to start: the current one is still being played, or none is left.
refusal-event-terms-not-allowed = An event cannot have these terms: a number of rounds, players, absences or a time out of range, a bar or floor that is no rank, or a timed schedule without its round interval (or an interval without it). A registration period is 5 seconds to 90 days, a purpose at most 300 characters.

## Events: commands

cmd-weiqi-event = weiqi-event
    .description = Take part in this server's events: the list, standings, withdrawing, records
cmd-weiqi-event-list = list
    .description = This server's events
cmd-weiqi-event-standings = standings
    .description = An event's standings, as a table and a picture
cmd-weiqi-event-standings-event = event
    .description = Which event (default: the newest)
cmd-weiqi-event-withdraw = withdraw
    .description = Withdraw from an event: your games still to play are lost
cmd-weiqi-event-withdraw-event = event
    .description = Which event (default: the newest not over)
cmd-weiqi-event-records = records
    .description = Every game of an event as one SGF file
cmd-weiqi-event-records-event = event
    .description = Which event (default: the newest)
cmd-weiqi-organise = weiqi-organise
    .description = Run this server's events: create, start, teams, bars, the referee's rulings
cmd-weiqi-organise-create = create
    .description = Open an event for registration; its announcement is posted here
cmd-weiqi-organise-create-name = name
    .description = The event's name
cmd-weiqi-organise-create-format = format
    .description = How players are paired
cmd-weiqi-organise-create-purpose = purpose
    .description = What the event is for, in a line (shown on its announcement)
cmd-weiqi-organise-create-registration = registration
    .description = How long registration stays open, e.g. 3d or 12h (default: until an organiser starts it)
cmd-weiqi-organise-create-size = size
    .description = Board size (default: the server's)
cmd-weiqi-organise-create-rules = rules
    .description = Rule set (default: the server's)
cmd-weiqi-organise-create-komi = komi
    .description = Komi of even games (default: the rule set's)
cmd-weiqi-organise-create-handicap = handicap
    .description = Even games, or a handicap from the players' ranks
cmd-weiqi-organise-create-time = time
    .description = Time control (default: the server's)
cmd-weiqi-organise-create-ranked = ranked
    .description = Whether the games are rated (default: the server's)
cmd-weiqi-organise-create-rounds = rounds
    .description = Rounds of a Swiss or McMahon event (default: 5)
cmd-weiqi-organise-create-max_players = max_players
    .description = The most players it takes (default: as many as its format allows)
cmd-weiqi-organise-create-role = role
    .description = Only members of this role may join
cmd-weiqi-organise-create-min_games = min_games
    .description = Only players with this many finished ranked games may join
cmd-weiqi-organise-create-schedule = schedule
    .description = When rounds start (default: each as soon as the last one ends)
cmd-weiqi-organise-create-start_window = start_window
    .description = Time for a first move before losing by absence: 90s, 10m, 3d (default 10m; 3d by correspondence)
cmd-weiqi-organise-create-absences = absences
    .description = Absences allowed; one more removes the player (default: 1)
cmd-weiqi-organise-create-bar = bar
    .description = McMahon bar, a rank such as 1d (default: 1d)
cmd-weiqi-organise-create-floor = floor
    .description = McMahon floor, a rank such as 20k (default: 20k)
cmd-weiqi-organise-create-relay = relay
    .description = A channel where spectators follow every game and the standings (no buttons)
cmd-weiqi-organise-create-round_interval = round_interval
    .description = With the timed schedule: the time from one round's start to the next's (1h, 1d, 7d)
cmd-weiqi-organise-create-colours = colours
    .description = Colours of even games: the pairing's, or nigiri before each game (default: the pairing's)
cmd-weiqi-organise-start = start
    .description = Start an event, or its next round under a manual schedule
cmd-weiqi-organise-start-event = event
    .description = Which event (default: the newest not over)
cmd-weiqi-organise-cancel = cancel
    .description = Call an event off; its running games are annulled
cmd-weiqi-organise-cancel-event = event
    .description = Which event
cmd-weiqi-organise-team = team
    .description = Set an arena's team, in its captain's order
cmd-weiqi-organise-team-event = event
    .description = Which event
cmd-weiqi-organise-team-team = team
    .description = Team 1 or 2
cmd-weiqi-organise-team-players = players
    .description = Mention the players, the first to play first
cmd-weiqi-organise-bar = bar
    .description = Bar a member from this server's events for some days (0 lifts the bar)
cmd-weiqi-organise-bar-user = user
    .description = Whom
cmd-weiqi-organise-bar-days = days
    .description = For how many days
cmd-weiqi-organise-rule = rule
    .description = Rule on an event's game as its referee: award it, settle its count, or replay it
cmd-weiqi-organise-rule-game = game
    .description = The game's number (its board says it)
cmd-weiqi-organise-rule-ruling = ruling
    .description = Award to Black or White, settle the count as marked, or annul and replay
choice-ruling-award-black = award to Black
choice-ruling-award-white = award to White
choice-ruling-settle = settle the count as marked
choice-ruling-replay = annul and replay

choice-format-round-robin = round-robin (everyone plays everyone)
choice-format-knockout = knockout (single elimination)
choice-format-double-knockout = double-knockout (out after two losses)
choice-format-swiss = swiss (equal scores meet, no pair twice)
choice-format-mcmahon = mcmahon (swiss with a start score from the rank)
choice-format-arena = arena (two teams, the winner stays on)
choice-format-ten-game = ten-game (two players, the handicap steps)
choice-handicap-even = even (komi as the terms say)
choice-handicap-by-rank = by-rank (a handicap from the ranks)
choice-schedule-continuous = continuous (each round when the last ends)
choice-schedule-manual = manual (each round when a moderator starts it)
choice-schedule-timed = timed (each round a set time after the last started)
choice-colours-pairing = pairing (the format's colours)
choice-colours-nigiri = nigiri (guess odd or even before each game)
choice-key-event-organiser-role = event-organiser-role
key-event-organiser-role = a role whose members run events as moderators do
choice-key-event-referee-role = event-referee-role
key-event-referee-role = a role whose members rule on event games as moderators do

## Events: what players see

format-round-robin = Round robin
format-knockout = Knockout
format-double-knockout = Double knockout
format-swiss = Swiss
format-mcmahon = McMahon
format-arena = Arena (team match, the winner stays on)
format-ten-game = Ten-game match (the handicap steps after a four-game lead)
event-heading = 🏆 {$name} (event #{$id})
event-format-rounds = {$format}, {$rounds} rounds
event-format-mcmahon = {$format}, {$rounds} rounds, bar {$bar}, floor {$floor}
event-even = even games, komi {$komi}
event-by-rank = a handicap from the players' ranks
event-board = {$size}×{$size} · {$rules} · {$balance}
event-schedule-continuous = Each round starts as soon as the last one has ended.
event-schedule-manual = Each round starts when a moderator starts it.
event-schedule-timed = Each round starts {$every} after the last one started; a game still being played then is decided by a referee.
event-round-overdue = ⏰ {$name}: round {$round}'s time is up, and games {$games} are still being played. A referee decides them with `/weiqi-organise rule`; the next round starts once they are.
event-penalties = A player who makes no move within {$window} loses by absence; {$absences} absences allowed, one more removes.
event-entry-role = Open to members of {$role}.
event-relay = Spectators follow every game and the standings in {$channel}.
event-colours-nigiri = Colours by nigiri (猜先) before every even game.
event-entry-games = Open to players with at least {$games} finished ranked games.
event-stage-registration = Registration is open: press Join. {$count} of at most {$max} players.
event-registration-until = Registration closes {$closes}.
event-stage-registration-closed = Registration is closed: {$count} players. An organiser starts the event with `/weiqi-organise start`.
event-purpose = *{$purpose}*
event-stage-running = Round {$round} is being played.
event-stage-finished = Finished.
event-stage-cancelled = Called off by a moderator.
event-players = Players
event-no-players = No one yet.
event-and-more = … and {$count} more
event-team = team {$team}
event-withdrawn = withdrew
event-removed = removed (absent too often)
button-join = Join
button-leave = Leave
event-round-heading = {$name}: round {$round}
event-board-line = Board {$board}: ⚫ {$black} — ⚪ {$white}
event-round-nigiri = Colours by nigiri: in each even game, the player named first guesses odd or even on the game's board.
event-bye-line = {$player}: a bye (a win)
event-forfeit-line = Board {$board}: ⚫ {$black} — ⚪ {$white}: {$result} without play
event-black-won = Black wins
event-white-won = White wins
event-draw = a draw
event-both-lost = both lose
event-standings-heading = {$name}: standings
event-standings-line = {$place}. {$player} (#{$seat}) — {$points} · {$tiebreaks}
event-won = 🏆 {$player} wins {$name}!
event-team-won = 🏆 Team {$team} wins {$name}!
event-drawn = {$name} ends level.
event-cancelled = {$name} was called off by a moderator; its running games are annulled.
event-game = 🏆 Game #{$game}, a game of event #{$event}
event-choice-registration = registration
event-choice-round = round {$round}
event-choice-finished = finished
event-choice-cancelled = called off
event-none = This server has no events yet.
event-none-open = This server has no event open now; name one with `event:`.
event-no-records = No game of this event has been played yet.
event-records = Every game of {$name}, as one SGF file.

## Events: answers and refusals

answer-event-created = The event is open: its announcement is posted, with Join and Leave.
answer-round-started = The round is on: its pairings are posted, its games started.
answer-event-cancelled = The event is called off.
answer-ruled = The ruling on game #{$game} is recorded and posted.
ruling-line = ⚖️ {$name}, round {$round}, board {$board}: the referee {$referee} {$what}
ruling-award = awarded the game to {$winner} against {$loser} (won by forfeit).
ruling-settle = settled the count of {$black} and {$white}: the dead stones as marked.
ruling-replay = annulled the game of {$black} and {$white}: it is played again from the start (game #{$game}).
ruling-history = Rulings
ruling-history-line = Round {$round}, board {$board}: {$referee} {$what}
ruling-game-choice = #{$game} · {$name} · round {$round}, board {$board}
answer-team-set = Team {$team} is set, in that order.
answer-barred = {$user} may not join this server's events for {$days} days.
answer-withdrew = You withdrew: your games still to play are lost.
answer-joined = You are in {$name}. Leave with the same announcement's Leave button before it starts.
answer-left = You left {$name}.
refusal-team-mentions = Name the team's players by mentioning them (`@name @name`), in the order they play, and nothing else.

## Team games: pair Go and consultation

cmd-weiqi-team = weiqi-team
    .description = Go in pairs or teams: pair Go, consultation games
cmd-weiqi-team-pair = pair
    .description = Pair Go: you and a partner against two others, moving in turn
cmd-weiqi-team-pair-partner = partner
    .description = Your partner
cmd-weiqi-team-pair-opponent = opponent
    .description = The first player of the other pair
cmd-weiqi-team-pair-opponent_partner = opponent_partner
    .description = Their partner
cmd-weiqi-team-pair-size = size
    .description = Board size (the server's allowed sizes)
cmd-weiqi-team-pair-komi = komi
    .description = Komi for White, a whole or half number, e.g. 6.5
cmd-weiqi-team-pair-rules = rules
    .description = Rule set
cmd-weiqi-team-pair-time = time
    .description = Time control: turn, blitz, live, correspondence (the clock is the side's)
cmd-weiqi-team-pair-color = color
    .description = Your pair's colour (default: the other pair plays Black)
cmd-weiqi-team-consult = consult
    .description = Teams vote on each move in their threads; or the server against the computer
cmd-weiqi-team-consult-black_role = black_role
    .description = Black's team: the members of this role
cmd-weiqi-team-consult-black_members = black_members
    .description = Black's team: mention its members (@a @b)
cmd-weiqi-team-consult-white_role = white_role
    .description = White's team: the members of this role
cmd-weiqi-team-consult-white_members = white_members
    .description = White's team: mention its members (@a @b)
cmd-weiqi-team-consult-computer = computer
    .description = The computer plays the side without a team (no team named: everyone vs it)
cmd-weiqi-team-consult-move_time = move_time
    .description = Time a team has to vote on each move: 30s, 2m, 1h (default 60s)
cmd-weiqi-team-consult-size = size
    .description = Board size (the server's allowed sizes)
cmd-weiqi-team-consult-rules = rules
    .description = Rule set
cmd-weiqi-team-consult-komi = komi
    .description = Komi for White, a whole or half number, e.g. 6.5
choice-computer-beginner = beginner (初级)
choice-computer-intermediate = intermediate (中级)
choice-computer-advanced = advanced (高级)
choice-computer-engine = the host's engine (外部引擎)
key-team-games-for-everyone = whether any member may start a team game (consultation), not only moderators
choice-key-team-games-for-everyone = team-games-for-everyone
perm-create-private-threads = Create Private Threads
refusal-invitation-already-accepted = You have already accepted this invitation; it starts when the others have too.
refusal-partners-move = It is your partner's move: in pair Go each plays in turn (either of you may pass or resign for the side).
refusal-not-a-team-game = This game is not played by teams.
refusal-not-your-teams-turn = It is the other team's move: your team votes when its turn comes.
refusal-not-on-team = You are not on the team to move in this game (a role's team: you need its role).
refusal-vote-closed = That vote is over: the move was played. Vote on the board as it stands now.
refusal-vote-on-team-board = This is a team game: vote on your team's board, in its thread.
refusal-team-games-by-moderators = Team games are started by this server's moderators.
refusal-bad-teams = These teams cannot play: each needs a member, no one may be on both, two teams cannot be the same role, and the vote needs 10 seconds to 7 days a move.
refusal-not-for-team-games = A team game is even and unranked, without nigiri: leave out handicap, ranked and nigiri.
refusal-team-sides = Name each team once: by a role, or by mentioning its members (@a @b) — not both, and nothing else in the list.
refusal-move-time = The move time is a duration such as 30s, 2m or 1h.
refusal-team-game-in-thread = A team game opens threads for its teams: start it in a channel, not in a thread.
inconsistent-teams = its teams do not hold together
sgf-vote-pass = pass
sgf-vote-resign = resign
team-anyone-name = The server
team-anyone = everyone here
team-seat = a team
team-form-pair = Pair Go (联棋): Black 1, White 1, Black 2, White 2 in turn
team-form-consultation = Consultation (商谈联棋): each team votes on its moves in its thread
team-votes-now = {$color}'s team is voting
team-pair-place = {$color} {$place}
team-no-votes = No votes yet.
team-vote-pass = pass
team-vote-resign = resign
team-board-footer = Your team's board ({$color}): click a region, then a point, to vote; the move is played when the window closes, when everyone has voted, or when one choice has a majority.
field-votes = Votes
button-vote-pass = Vote pass
button-vote-resign = Vote resign
team-thread-name = Go #{$game} · {$color} team
team-thread-welcome = This is your team's thread for game #{$game}: discuss here, and vote on the board below. The other team cannot see it.
notice-team-vote = {$team}: your team's move {$number}. Vote by {$deadline}.
picker-voted = You voted **{$choice}**.
answer-team-game = The team game is on: its board is in this channel, and each team votes in its own thread.
invitation-pair = {$invitee}, {$invitee_partner}: {$inviter} and {$partner} invite you to pair Go (联棋): {$size}×{$size} · {$rules} rules · komi {$komi}{$handicap}.
    The order: {$order}. All three invited press Accept; accepted so far: {$accepted}. Expires {$expires}.
pair-accepted-none = no one yet

## The training ground (/weiqi problem, the daily problem)
cmd-weiqi-problem = problem
    .description = A Go problem to solve, privately
cmd-weiqi-problem-kind = kind
    .description = A kind of problem, or the daily solvers
choice-kind-capture = capture
choice-kind-life-and-death = life and death
choice-kind-tesuji = tesuji
choice-kind-solvers = daily solvers
problem-kind-capture = Capturing
problem-kind-life-and-death = Life and death
problem-kind-tesuji = Tesuji
problem-goal-capture = {$color} to capture the marked stones
problem-goal-kill = {$color} to kill
problem-goal-live = {$color} to live
problem-goal-ko = (a ko is the best result)
problem-pass = pass
problem-your-move = Your move: click a point.
problem-solved = Solved!
problem-failed = Not this one: {$played} is answered by {$color} {$reply}.
problem-solution = The solution: {$line}
problem-rating = Training rating: {$before} → {$after} ({$delta})
problem-unrated = Not rated: you have seen this problem before.
problem-streak = Daily streak: {$days ->
    [one] {$days} day
   *[other] {$days} days
}
button-next-problem = Next problem
button-solution = Solution
button-try-it = Try it
daily-title = Daily problem · {$date}
daily-body = {$level}. Everyone answers privately: press Try it. The solution comes tomorrow.
daily-solution-title = Solution of {$date}
daily-solvers = Solved by {$count ->
    [one] one player
   *[other] {$count} players
}: {$names}
daily-no-solvers = No one solved it.
solvers-title = Daily problem solvers
solvers-line = {$place}. {$user}: {$total} solved · streak {$streak} (best {$best})
solvers-empty = No one has solved a daily problem here yet.
profile-training = Training: rating **{$rating}** ({$rank}) · {$solved} of {$attempts} solved · daily streak {$streak} (best {$best})
refusal-no-problems = There is no problem of that kind to give yet.
refusal-unknown-problem = That problem is no longer available. Ask for another with /weiqi problem.
refusal-not-your-problem = This is someone else's problem. Ask for your own with /weiqi problem.
refusal-problem-over = This problem is finished. Press Next problem for another.
refusal-stale-problem = That board is out of date: use the latest one.
refusal-not-a-problem-point = That point cannot be played in this problem.
refusal-daily-not-configured = This server has no daily problem. A moderator can set daily-channel.
refusal-no-daily-problem = This daily problem is over: its solution is posted. Try today's.
key-daily-channel = the channel where the daily problem is posted (off: none)
choice-key-daily-channel = daily-channel
key-daily-hour = the hour the daily problem is posted, in the server's time zone
choice-key-daily-hour = daily-hour
key-timezone = the server's time zone, as an offset from UTC (the daily problem's hour and day)
choice-key-timezone = timezone
shape-hours = a whole hour from {$min} to {$max}
shape-channel = a channel (#name) or off
shape-utc-offset = an offset from UTC like UTC+8, UTC-5 or UTC+5:30 (-12 to +14)
cmd-weiqi-estimate = estimate
    .description = Who owns what in your game, privately
cmd-weiqi-estimate-game = game
    .description = Which of your games (default: the one here, else your only one)
key-estimate = where players may ask for an estimate of their game: off, unranked (games only) or all
choice-key-estimate = estimate
key-estimate-limit = how many estimates each player may ask for in one game
choice-key-estimate-limit = estimate-limit
shape-estimate-policy = off, unranked or all
key-web = what this server shows on the web (when the host runs the pages): off, games, or all (games, events and the server's page)
choice-key-web = web
shape-web-policy = off, games or all
key-custom-clocks = whether an inviter may give a clock of their own numbers (the invite command's clock option)
choice-key-custom-clocks = custom-clocks
key-custom-clock-max = the longest main time of such a clock, in minutes
choice-key-custom-clock-max = custom-clock-max
shape-uses = a whole number of uses from {$min} to {$max}
refusal-estimate-off = This server does not allow estimates during games.
refusal-estimate-unranked-only = Estimates are for unranked games on this server; this game is ranked.
refusal-estimates-used-up = You have used all {$limit} estimates of this game.
estimate-title = Estimate after move {$number}
estimate-lead = {$color} leads by about {$points} with komi ({$komi}).
estimate-even = The game is about even with komi ({$komi}).
estimate-left = {$left} of {$limit} left in this game.
estimate-note = Tengen's engine (playouts, as for the dead stones at the end): a guide, not a judgement. Squares show each point's likely owner, larger where surer; crossed stones look dead. Only you see this.
estimate-gone = The game ended before the estimate was ready.

## Reviews (/weiqi review)
review-queued = Review #{$review} is queued, number {$place} in line. Its progress and then the review appear in this channel.
review-both = Give a game or a file, not both.
review-no-game = You have no finished game on this server. Name one with `game:`, or upload a record with `file:`.
review-game-unknown = There is no game #{$game} on this server.
review-game-running = Game #{$game} is still being played: it can be reviewed once it is over.
review-already-one = You already have a review waiting or under way on this server. Ask again once it is done.
review-server-full = This server has {$max} reviews waiting or under way. Ask again in a few minutes.
review-file-too-large = The file is {$size} bytes; records of at most {$max} bytes are reviewed.
review-file-unreadable = The file could not be fetched from Discord. Try again.
review-file-not-sgf = This file is not a Go record in SGF.
review-file-bad = This record cannot be read: {$reason}
review-file-board = The board of this record is {$size}; boards from 5×5 to 19×19 are reviewed.
review-file-illegal = Move {$move} of this record is illegal under its rules.
review-file-no-moves = This record has no moves to review.
review-file-too-long = This record has {$moves} moves; at most {$max} are reviewed.
review-what-game = game #{$game}
review-title = Review of {$what}
review-waiting = Waiting in line…
review-progress = Analysing: move {$move} of {$moves}
review-failed = The review could not be finished.
review-engine = Engine: {$engine}
review-fell-back = The host's engine failed, and Tengen's own finished the review.
review-players = {$black} (Black) · {$white} (White)
review-result = Result: {$result}
review-summary-end = Black's win rate at the end: {$rate}%
review-swings = Largest swings: moves {$moves}
review-no-mistakes = No move lost much of its player's win rate.
review-mistake-title = {$color}'s mistake: move {$move}, {$point}
review-mistake-rate = Win rate {$before}% → {$after}%
review-mistake-points = about {$points} points lost
review-mistake-better = Better: {$better} · line: {$line}
review-pass = pass
review-sgf-mistake = Mistake
review-sgf-better = Better
button-view-web = View on the web
cmd-weiqi-notify = notify
    .description = How you are told it is your move on this server
cmd-weiqi-notify-how = how
    .description = The server's way, a mention, a direct message, or nothing
choice-how-server = as the server says
choice-how-mention = a mention in the game's channel
choice-how-dm = a direct message
choice-how-none = nothing
notify-set-server = You are told it is your move as this server says.
notify-set-mention = You are told it is your move by a mention in the game's channel.
notify-set-dm = You are told it is your move by a direct message (by a mention in the game's channel if your direct messages are closed to the bot).
notify-set-none = You are not told it is your move on this server.
notice-dms-closed = ({$players}: your direct messages are closed to the bot, so here.)

## Open challenges and the seek (issue 43)
cmd-weiqi-invite-ranks = ranks
    .description = Open challenge: who may take it, e.g. 5k-1d
cmd-weiqi-seek = seek
    .description = Wait for an opponent near your rank
cmd-weiqi-seek-size = size
    .description = Board size (default: the server's)
cmd-weiqi-seek-time = time
    .description = The clock (default: the server's)
cmd-weiqi-seek-ranked = ranked
    .description = A ranked game (default: the server's)
cmd-weiqi-seek-leave = leave
    .description = Leave the queue
challenge = {$poster} posts an open challenge: {$size}×{$size} · {$rules} rules · komi {$komi}{$handicap}.
    {$who} {$colours} Expires {$expires}.
challenge-anyone = Anyone may take it.
challenge-one-rank = Open to {$rank}.
challenge-ranks = Open to {$low} to {$high}.
challenge-colours-by-rank = The lower rank plays Black, with the handicap of the two ranks.
challenge-closed = ~~Open challenge from {$poster}~~ {$why}
refusal-challenge-taken = Someone else took this challenge first.
refusal-own-challenge = This is your own challenge: wait for someone to take it, or withdraw it.
refusal-challenge-already-open = You already have an open challenge on this server. Withdraw it first.
refusal-outside-rank-range = This challenge is open to {$low} to {$high}; you hold {$yours}.
refusal-nigiri-named-only = Nigiri needs an opponent to guess: name someone, or choose your colour.
refusal-open-not-declined = An open challenge is not declined: leave it to others.
refusal-ranks-open-only = Ranks are for an open challenge: leave out the user to post one.
refusal-ranks-unreadable = Those are not ranks I can read. Try 5k-1d, or one rank like 3k.
refusal-not-seeking = You are not waiting in this server's queue.
seek-size = {$size}×{$size}
seek-unranked = unranked
seek-waiting = You wait for {$terms}. You will be pinged when paired.
    The window of ranks widens the longer you wait; after {$minutes} minutes anyone at your terms pairs with you.
    Waiting now:
    {$queue}
seek-queue-line = · {$terms}: {$count}
seek-paired-at-once = Paired at once: {$terms}. Your game starts here.
seek-left = You left the queue.
seek-paired = {$first} {$second}: the seek paired you for {$terms}. Your game starts now.
key-seek-channel = the channel where the seek's games start (off: where the one who waited longer asked)
choice-key-seek-channel = seek-channel

## Quiet hours and the morning digest (issue 43)
cmd-weiqi-notify-quiet = quiet
    .description = Quiet hours for correspondence, e.g. 22-7 UTC+9, or off
cmd-weiqi-notify-digest = digest
    .description = A morning message of your correspondence moves
notify-quiet = Quiet hours {$hours} ({$zone}): the notice of a correspondence move waits until they end.
notify-quiet-off = No quiet hours: you are told at once.
notify-digest = Each morning at {$time} ({$zone}) a direct message lists your correspondence games where it is your move.
notify-digest-off = No morning digest.
refusal-quiet-unreadable = Those are not quiet hours I can read. Try 22-7 UTC+9, or off.
digest = Good morning. Your move in { $count ->
        [one] one correspondence game
       *[other] {$count} correspondence games
    } on this server:
    {$games}
digest-line = · #{$game} against {$opponent}, time runs out {$deadline}
seek-queue-now = Waiting in this server's seek queue (`/weiqi seek` to join):
    {$queue}
