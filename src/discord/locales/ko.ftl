### Tengen의 한국어 텍스트(ko). 없는 텍스트는 영어(en-US)로 표시됩니다.
### 모든 언어는 같은 id와 같은 변수를 가집니다(테스트로 확인합니다).

## 명령어, 옵션, 선택지. `cmd-` id의 값은 그 언어로 된 명령어 이름(소문자, 공백 없음)이고,
## `.description`은 Discord가 그 아래에 보여 주는 설명입니다.

cmd-weiqi = 바둑
    .description = 다른 멤버와 바둑 두기
cmd-weiqi-invite = 초대
    .description = 멤버를 대국에 초대하기
cmd-weiqi-invite-user = 상대
    .description = 초대할 상대
cmd-weiqi-invite-size = 크기
    .description = 바둑판 크기(서버에서 허용한 크기)
cmd-weiqi-invite-komi = 덤
    .description = 백의 덤, 정수 또는 반집 단위(예: 6.5)
cmd-weiqi-invite-rules = 규칙
    .description = 규칙
cmd-weiqi-invite-handicap = 접바둑
    .description = 수락한 사람(흑)의 접바둑 돌: 2–9(백이 먼저 둠), 1은 정선(덤 없음)
cmd-weiqi-invite-ranked = 승급전
    .description = 결과를 두 사람의 레이팅에 반영할지 (기본: 서버 설정)
cmd-weiqi-ai = ai대국
    .description = 컴퓨터(천원의 자체 엔진)와 바로 대국합니다
cmd-weiqi-ai-level = 레벨
    .description = 컴퓨터의 기력 (기본: 이 서버에서 고를 수 있는 가장 강한 레벨)
cmd-weiqi-ai-size = 크기
    .description = 바둑판 크기 (이 서버에서 허용한 크기)
cmd-weiqi-ai-rules = 규칙
    .description = 규칙
cmd-weiqi-ai-color = 돌
    .description = 내 돌의 색 (기본: 흑, 먼저 둠)
cmd-weiqi-invite-color = 돌
    .description = 내 돌의 색, 또는 돌 가리기 (초대받은 사람이 홀짝을 맞히고, 맞힌 쪽이 색을 고름)
cmd-weiqi-ai-ranked = 승급전
    .description = 결과를 내 레이팅에 반영할지 (기본: 서버 설정)
cmd-weiqi-accept = 수락
    .description = 초대 수락하기
cmd-weiqi-accept-user = 초대자
    .description = 나를 초대한 사람
cmd-weiqi-decline = 거절
    .description = 초대 거절하기
cmd-weiqi-decline-user = 초대자
    .description = 나를 초대한 사람
cmd-weiqi-cancel = 취소
    .description = 내가 보낸 초대 철회하기
cmd-weiqi-cancel-user = 상대
    .description = 내가 초대한 사람(여러 명을 초대했다면)
cmd-weiqi-board = 바둑판
    .description = 바둑판을 채널 맨 아래에 다시 올리기
cmd-weiqi-pass = 패스
    .description = 이번 차례 패스하기(한 수 쉼)
cmd-weiqi-resign = 기권
    .description = 기권하기(돌을 던짐, 확인을 위해 두 번 누르기)
cmd-weiqi-status = 현황
    .description = 크기, 차례, 따낸 돌, 덤, 남은 시간
cmd-weiqi-profile = 프로필
    .description = 공덕, 승수, 칭호
cmd-weiqi-profile-user = 사용자
    .description = 누구의 프로필인지
cmd-weiqi-leaderboard = 순위
    .description = 이 서버의 순위
cmd-weiqi-leaderboard-by = 기준
    .description = 레이팅순(기본) 또는 공덕순
cmd-weiqi-rank = 급수
    .description = 승급전의 급수, 레이팅과 그 변화
cmd-weiqi-rank-user = 사용자
    .description = 누구의 급수
cmd-weiqi-rank-start = 시작급수
    .description = 첫 승급전 전에 한 번만: 시작 급수 15k, 5k, 1d… (최고 3d)
cmd-weiqi-sgf = 기보
    .description = 기보(SGF) 내려받기
cmd-weiqi-sgf-game = 대국
    .description = 어느 대국인지(기본값: 가장 최근 대국)
cmd-weiqi-learn = 배우기
    .description = 바둑 규칙을 처음부터 배우기
cmd-weiqi-config = 바둑설정
    .description = 이 서버의 바둑 설정('서버 관리' 권한 필요)
cmd-weiqi-config-show = 보기
    .description = 이 서버의 설정 보기
cmd-weiqi-config-set = 변경
    .description = 설정 하나 바꾸기
cmd-weiqi-config-set-key = 항목
    .description = 설정 항목
cmd-weiqi-config-set-value = 값
    .description = 새 값
cmd-weiqi-config-reset = 초기화
    .description = 설정을 기본값으로 되돌리기
cmd-weiqi-config-reset-key = 항목
    .description = 설정 항목
cmd-weiqi-config-games = 대국목록
    .description = 이 서버에서 진행 중인 대국
cmd-weiqi-config-annul = 무효
    .description = 진행 중인 대국을 결과 없이 끝내기
cmd-weiqi-config-annul-game = 대국
    .description = 어느 대국인지

choice-rules-classic = 클래식 규칙(판을 있는 그대로 계산)
choice-rules-chinese = 중국 규칙(계점제, 동형반복 금지)
choice-rules-aga = AGA 규칙(계점제, 패스할 때 돌 1개를 줌)
choice-rules-japanese = 일본 규칙(집 계가)
choice-rules-korean = 한국 규칙(집 계가)
choice-rules-ing = 잉 규칙(계점제, 덤 8점, 동점은 흑승)
choice-key-enabled = enabled · 바둑 사용
choice-key-board-size = board-size · 기본 바둑판 크기
choice-key-allowed-sizes = allowed-sizes · 허용하는 바둑판 크기
choice-key-komi = komi · 덤
choice-key-allowed-komi = allowed-komi · 허용하는 덤 범위
choice-key-rules = rules · 기본 규칙
choice-key-allowed-rules = allowed-rules · 허용하는 규칙
choice-key-turn-timeout-seconds = turn-timeout-seconds · 한 수 제한 시간(초)
choice-key-reconnect-grace-seconds = reconnect-grace-seconds · 접속 끊김 유예 시간(초)
choice-key-match-max-minutes = match-max-minutes · 대국 최대 시간(분)
choice-key-offer-expiry-seconds = offer-expiry-seconds · 초대 유효 시간(초)
choice-key-resign-confirm-window-seconds = resign-confirm-window-seconds · 기권 확인 시간(초)
choice-key-merit-min-moves = merit-min-moves · 공덕을 받는 최소 수
choice-key-merit-amount = merit-amount · 공덕 양
choice-key-merit-winner-bonus = merit-winner-bonus · 승자 추가 공덕
choice-key-merit-lifetime-cap = merit-lifetime-cap · 공덕 보상 횟수 상한
choice-key-move-notify = move-notify · 차례 알림 방식
choice-key-match-threads = match-threads · 대국마다 스레드
choice-key-title-role = title-role · 칭호 역할
choice-key-language = language · 공개 메시지 언어

choice-level-beginner = 초급
choice-level-intermediate = 중급
choice-level-advanced = 고급
choice-level-engine = 외부 엔진
choice-by-rating = 레이팅
choice-by-merit = 공덕
choice-color-black = 흑 (내가 먼저 둠)
choice-color-white = 백
choice-color-nigiri = 돌 가리기 (홀짝 맞히기)
choice-key-ai-enabled = ai-enabled · 컴퓨터 대국 허용
choice-key-ai-levels = ai-levels · 고를 수 있는 레벨
choice-key-ai-resigns = ai-resigns · 컴퓨터의 기권
choice-key-ranked-default = ranked-default · 기본 승급전
## 규칙, 색, 목록.

rules-classic = 클래식
rules-chinese = 중국
rules-aga = AGA
rules-japanese = 일본
rules-korean = 한국
rules-ing = 잉
color-black = 흑
color-white = 백
list-separator = {", "}
title-name = 흑백수(黑白手)

## 거부: 아무것도 바뀌지 않은 이유.

refusal-invite-self = 자기 자신은 초대할 수 없습니다. 다른 멤버를 초대하세요.
refusal-invite-bot = 여기서는 봇과 바둑을 둘 수 없습니다. 사람을 초대하세요.
refusal-you-are-busy = 이미 대국 중입니다. 다른 대국을 시작하기 전에 지금 대국을 끝내세요(또는 기권하세요).
refusal-they-are-busy = 그 상대는 이미 대국 중입니다. 나중에 다시 시도하세요.
refusal-duplicate-invitation = 두 분 사이에 이미 답을 기다리는 초대가 있습니다. 답을 기다려 주세요.
refusal-server-disabled = 이 서버에서는 바둑이 꺼져 있습니다. 관리자가 켤 수 있습니다.
refusal-size-not-allowed = 이 서버에서는 {$size}×{$size} 바둑판을 쓸 수 없습니다. 허용: {$allowed}.
refusal-rules-not-allowed = 이 서버에서는 {$rules} 규칙을 쓸 수 없습니다. 허용: {$allowed}.
refusal-komi-not-half-points = 덤은 6.5나 7처럼 정수 또는 반집 단위여야 합니다.
refusal-komi-not-allowed = 여기서는 쓸 수 없는 덤입니다(덤 {$komi}). 이 서버에서 허용하는 덤은 {$low}부터 {$high}까지입니다. 그 범위 안에서 정하세요.
refusal-handicap-not-possible = { $max ->
        [0] {$size}×{$size} 바둑판은 접바둑을 두기에 너무 작습니다. 7×7 이상이어야 합니다.
       *[other] {$size}×{$size} 바둑판에는 {$stones}점을 놓을 수 없습니다. 최대 {$max}점입니다.
    }
refusal-no-such-invitation = 답할 초대가 없습니다.
refusal-not-for-you = 이 초대는 당신에게 온 것이 아닙니다.
refusal-not-your-invitation = 이 초대는 보낸 멤버만 철회할 수 있습니다.
refusal-invitation-expired = 이 초대는 만료되었습니다.
refusal-nigiri-even-only = 돌 가리기는 호선 대국에서만 합니다. 접바둑과 돌 가리기 중 하나만 고르세요.
refusal-nigiri-guess-first = 이 초대는 돌 가리기로 정합니다. 초대의 '홀' 또는 '짝'을 눌러 수락하세요.
refusal-not-nigiri-step = 그 버튼은 지금 돌 가리기 단계의 것이 아닙니다.
refusal-not-your-choice = 색은 돌 가리기에서 이긴 사람이 고릅니다.
refusal-not-your-guess = 이 대국의 돌 가리기에서 홀짝을 맞히는 사람은 상대입니다.
refusal-nigiri-first = 이 대국의 색은 먼저 돌 가리기로 정합니다. 판의 버튼으로 홀짝을 맞히거나 색을 고르세요.
refusal-not-in-game = 대국 중이 아닙니다. /weiqi invite로 대국을 시작하세요.
refusal-no-such-game = 이 서버에 그런 대국은 없습니다.
refusal-not-your-game = 당신의 대국이 아닙니다. 관전은 할 수 있습니다.
refusal-not-your-turn = 당신의 차례가 아닙니다.
refusal-stale-board = 이 바둑판이 그려진 뒤로 국면이 바뀌었습니다. 최신 바둑판을 사용하세요.
refusal-illegal = 그곳에는 둘 수 없습니다: {$why}.
refusal-game-over = 이 대국은 끝났습니다.
refusal-not-moderator = 바둑 설정을 바꾸거나 대국을 끝낼 수 있는 것은 '서버 관리' 권한이 있는 멤버뿐입니다.
refusal-not-organiser = 대회는 모더레이터('서버 관리' 권한)와 서버의 대회 운영 역할 멤버만 운영할 수 있습니다.
refusal-not-referee = 판정은 모더레이터('서버 관리' 권한)와 서버의 대회 심판 역할 멤버만 할 수 있습니다.
refusal-not-an-event-game = 진행 중인 대회의 대국이 아닙니다.
refusal-in-agreement = 죽은 돌을 확인하는 중입니다. 표시를 수락하거나, 돌 덩어리의 사활을 바꾸거나, 대국을 재개하세요.
refusal-place-handicap-first = 흑이 아직 접바둑 돌을 놓는 중입니다(남은 돌 {$left}개). 한 점씩 누르세요. 다 놓으면 백 차례입니다.
refusal-not-in-agreement = 죽은 돌 표시는 두 대국자가 모두 패스한 뒤에만 합니다(클래식 규칙에서는 하지 않습니다).
refusal-no-stone-there = 그곳에는 표시할 돌이 없습니다.
refusal-already-accepted = 이 표시를 이미 수락했습니다. 상대를 기다리는 중입니다.
refusal-nothing-to-do = 바뀐 것이 없습니다.
refusal-computer-disabled = 이 서버에서는 컴퓨터와의 대국이 꺼져 있습니다. 관리자가 켤 수 있습니다.
refusal-level-not-allowed = 이 서버에서는 {$level} 레벨을 고를 수 없습니다. 가능: {$allowed}.
refusal-already-rated = 여기서는 이미 레이팅이 있습니다. 시작 급수는 첫 승급전 전에 한 번만 정할 수 있습니다.
refusal-rank-not-allowed = 시작할 수 있는 급수가 아닙니다. 15k, 5k, 1d처럼 쓰세요(최고 3d).
refusal-computer-busy = { $max ->
        [0] 이 봇의 운영자가 컴퓨터와의 대국을 꺼 두었습니다.
       *[other] 컴퓨터가 이미 {$max}판을 두고 있어 이 봇이 한 번에 허용하는 최대치입니다. 잠시 후 다시 시도하세요.
    }
refusal-bot-permissions = 이 채널에서는 대국을 진행할 수 없습니다. 여기서 {$missing} 권한이 필요합니다. 관리자가 권한을 줄 수 있습니다(또는 다른 채널에서 초대하세요).
perm-view-channel = 채널 보기
perm-send-messages = 메시지 보내기
perm-send-messages-in-threads = 스레드에서 메시지 보내기
perm-embed-links = 링크 첨부
perm-attach-files = 파일 첨부
perm-read-message-history = 메시지 기록 보기
perm-create-public-threads = 공개 스레드 만들기
illegal-off-board = 바둑판 위의 점이 아닙니다
illegal-occupied = 이미 돌이 있습니다
illegal-suicide = 두면 활로가 하나도 없는 착수 금지점입니다(자충수)
illegal-ko = 패를 곧바로 되따내는 수입니다. 먼저 다른 곳에 두세요(팻감)
illegal-superko = 이전에 나온 국면이 반복됩니다(동형반복 금지, 슈퍼코)
illegal-game-over = 대국이 끝났습니다
failure-internal = 저희 쪽에서 문제가 생겨 아무것도 바뀌지 않았습니다. 다시 시도해 주세요.
failure-unavailable = 지금은 데이터베이스에 연결할 수 없어 아무것도 바뀌지 않았습니다. 잠시 후 다시 시도하세요.
failure-unloadable = 이 대국의 기록을 읽을 수 없습니다. 아무것도 바뀌지 않았습니다. 봇 운영자가 로그에서 원인을 확인할 수 있습니다.
bot-restarting = 봇이 다시 시작하는 중입니다. 잠시 후 다시 시도하세요.
use-in-a-server = 이 명령어는 서버에서 사용하세요.
option-not-understood = 옵션 하나를 이해하지 못했습니다. 확인하고 다시 시도하세요.
command-not-understood = 그 명령어를 이해하지 못했습니다. Discord가 명령어 목록을 새로 고친 뒤 다시 시도하세요.
command-moved = `/{$old}`은(는) 이제 `/{$new}`입니다. 명령어가 용도별로 다시 묶였습니다(`/weiqi`, `/weiqi-team`, `/weiqi-event`, `/weiqi-organise`, `/weiqi-config`).
button-unknown = 알 수 없는 버튼입니다(이전 버전의 버튼일 수 있습니다). `/weiqi board`로 새 바둑판을 받으세요.

## 설정: 올바른 값의 모양과 각 설정이 하는 일.

setting-unknown-key = 이런 설정은 없습니다: `{$key}`
setting-bad-value = `{$key}`에 쓸 수 없는 값입니다: `{$value}`. 올바른 값: {$expected}.
shape-switch = true 또는 false
shape-seconds = {$min}~{$max} 사이의 정수(초)
shape-minutes = {$min}~{$max} 사이의 정수(분)
shape-moves = {$min}~{$max} 사이의 정수(수)
shape-number = {$min}~{$max} 사이의 정수
shape-board-size = allowed-sizes에 들어 있는 5~19 사이의 바둑판 크기
shape-board-sizes = board-size를 포함하는 5~19 크기의 쉼표 구분 목록(예: 7,9,13)
shape-komi = allowed-komi 범위 안의 정수 또는 반집 단위(예: 6.5), 또는 "default"(규칙 자체의 덤)
shape-komi-range = 서버의 덤을 포함하는 -50~50 사이의 덤 범위(예: 5.5..7.5)
shape-rules = allowed-rules에 들어 있는 classic, chinese, aga, japanese, korean 중 하나
shape-rule-list = rules 값을 포함하는 classic, chinese, aga, japanese, korean의 쉼표 구분 목록
shape-move-notify = mention(멘션), dm(DM), none(알리지 않음) 중 하나
shape-role = 역할(ID 또는 멘션), 또는 "none"
shape-language = auto(서버의 언어), en, zh-CN, zh-TW, ja, ko 중 하나
shape-levels = beginner, intermediate, advanced 중 쉼표로 구분한 목록
key-enabled = 이 서버의 바둑 기능
key-board-size = 기본 바둑판 크기
key-allowed-sizes = 초대할 때 고를 수 있는 크기
key-komi = 서버 규칙에서 백이 받는 덤
key-allowed-komi = 대국에 허용되는 덤
key-rules = 기본 규칙
key-allowed-rules = 초대할 때 고를 수 있는 규칙
key-turn-timeout-seconds = 한 수의 제한 시간, 넘기면 자동 패스
key-reconnect-grace-seconds = 접속이 끊긴 대국자의 대국을 유지하는 시간
key-match-max-minutes = 한 판의 실제 시간 상한
key-offer-expiry-seconds = 초대가 답을 기다리는 시간
key-resign-confirm-window-seconds = 기권 버튼을 이 시간 안에 한 번 더 눌러야 함
key-merit-min-moves = 기권으로 끝난 대국이 공덕을 받는 데 필요한 최소 수
key-merit-amount = 두 대국자가 받는 공덕, 같은 두 사람에게는 한 번만
key-merit-winner-bonus = 승자에게 주는 추가 공덕
key-merit-lifetime-cap = 한 대국자가 공덕을 받을 수 있는 횟수 상한
key-move-notify = 둘 차례인 대국자에게 알리는 방식
key-match-threads = 대국마다 스레드 만들기
key-title-role = 칭호와 함께 주는 역할
key-language = 공개 메시지의 언어

key-ai-enabled = 멤버가 컴퓨터와 대국할 수 있음
key-ai-levels = 멤버가 고를 수 있는 컴퓨터 레벨
key-ai-resigns = 가망 없는 대국에서 컴퓨터가 기권함
key-ranked-default = 초대에서 정하지 않으면 승급전(등급 대국)으로 둠
## /weiqi-config

config-saved = `{$key}` 설정을 저장했습니다.
config-reset = `{$key}` 설정을 기본값으로 되돌렸습니다.
config-title-granted = 이미 칭호를 가진 대국자 {$granted}명에게 역할을 주었습니다{ $failed ->
        [0] .
       *[other] . {$failed}명에게는 주지 못했습니다(봇 로그 참고).
    }
config-role-missing = 이 서버에 {$role} 역할이 없습니다.
config-role-unreadable = 이 서버의 역할을 읽지 못했습니다. 잠시 후 다시 시도하세요.
config-role-no-permission = 여기서는 역할을 줄 수 없습니다. 먼저 저에게 '역할 관리' 권한을 주세요.
config-role-too-high = {$role} 역할을 줄 수 없습니다. 제 역할이 그보다 위에 있어야 합니다. 서버 설정에서 제 역할을 그 위로 끌어 올린 뒤 다시 설정하세요.
config-role-managed = {$role} 역할은 연동(봇이나 구독)의 역할이라 누구도 부여할 수 없습니다. 다른 역할을 고르세요.
config-no-games = 이 서버에서 진행 중인 대국이 없습니다.
config-game-line = #{$game} · {$summary} · ⚫ {$black} 대 ⚪ {$white} · {$moves}수 · {$started} 시작 · {$channel}
config-game-broken = #{$game} · 불러올 수 없음({$why}). 끝내려면 `/weiqi-config annul game:{$game}`
config-more-games = …외 {$count}판.
config-annulled = 대국 #{$game} 무효 처리: 결과 없음, 기록 없음. 두 대국자에게 알립니다.

## 초대

invitation = {$invitee}님, {$inviter}님이 바둑 대국에 초대했습니다: {$size}×{$size} · {$rules} 규칙 · 덤 {$komi}{$handicap}.
    {$first} {$expires} 만료됩니다.
invitation-colours = {$who} {$first}
invitation-colours-acceptor = 수락하는 사람이 흑을 잡습니다.
invitation-colours-rematch = 재대국은 흑백을 바꿉니다: {$black}님이 흑입니다.
invitation-colours-rematch-handicap = 재대국은 접바둑을 그대로 둡니다: {$black}님이 치석을 두고 흑입니다.
invitation-colours-lower-rank = {$black}님의 급수가 낮아 치석을 두고 흑을 잡습니다.
invitation-colours-chosen = {$inviter}님이 {$color}을(를) 골랐습니다.
invitation-colours-nigiri = 돌 가리기로 정했습니다: {$black}님이 흑입니다.
invitation-nigiri-guess = 돌 가리기로 색을 정합니다: Tengen이 {$inviter}님 대신 백돌을 한 움큼 쥐었습니다. {$invitee}님, 홀인지 짝인지 맞혀 초대를 수락하세요. 맞힌 쪽이 색을 고릅니다.
invitation-nigiri-open = 쥔 돌은 {$stones}개({$parity})였고, {$invitee}님은 {$guess}을(를) 골랐습니다. {$chooser}님, 색을 고르세요.
nigiri-odd = 홀
nigiri-even = 짝
invitation-black-moves-first = 흑이 먼저 둡니다.
invitation-white-moves-first = 흑의 치석 다음에 백이 먼저 둡니다.
terms-handicap = {$stones}점 접바둑
terms-handicap-free = 접바둑 돌 {$stones}개(흑이 자유롭게 놓음)
board-placing-handicap = 접바둑 돌 놓는 중: {$stones}개 중 {$placed}개. 한 점씩 누르세요. 다 놓으면 백 차례입니다.
terms-no-komi = 정선(덤 없음, 흑 먼저)
terms-ranked = 승급전
field-handicap = 접바둑
invitation-closed = ~~{$inviter}님이 {$invitee}님에게 보낸 초대~~ {$why}
invitation-declined = 거절되었습니다.
invitation-expired = 이 초대는 만료되었습니다.
invitation-cancelled = 보낸 사람이 철회했습니다.
invitation-superseded = 철회됨: 두 사람 중 한 명이 다른 대국을 시작했습니다.
invitation-game-on = 대국 시작: ⚫ {$black} 대 ⚪ {$white}
thread-name = 바둑 #{$game}
button-accept = 수락
button-odd = 홀
button-even = 짝
button-take-black = 흑 잡기
button-take-white = 백 잡기
button-decline = 거절
button-cancel = 취소
answer-accepted = 수락했습니다. 당신이 흑입니다.
answer-declined = 거절했습니다.
answer-cancelled = 초대를 철회했습니다.

level-beginner = 초급
level-intermediate = 중급
level-advanced = 고급
level-engine = 외부 엔진
rank-kyu = {$n}급
rank-dan = {$n}단
computer-name = 🤖 천원 · {$level} (약 {$rank})
computer-name-engine = 🤖 {$name} (약 {$rank})
computer-thinking = 🤖 천원이 생각 중입니다…
answer-computer-game = 컴퓨터와의 대국을 시작했습니다: 바둑판은 이 채널에 있습니다. 행운을 빕니다!
profile-computer = {$computer} 상대: {$wins}승 {$losses}패{ $draws ->
        [0] {""}
       *[other] {" "}{$draws}무
    }
## 바둑판

board-title = 바둑 · {$size}×{$size} · {$rules} 규칙
board-players = ⚫ {$black} (흑)  대  ⚪ {$white} (백)
board-players-nigiri = {$guesser}, {$grabber} · 색은 돌 가리기로
field-move = 수
field-captures = 따낸 돌
field-komi = 덤
field-pass-stones = 패스 돌
field-turn = 차례
field-turn-ends = 차례 마감
field-game-ends = 대국 마감
field-result = 결과
field-agreement = 양쪽 패스: 죽은 돌 확인
field-nigiri = 돌 가리기
field-start-window = 시작 마감
board-nigiri-guess = Tengen이 {$grabber}님을 위해 흰 돌을 한 줌 쥐었습니다. {$guesser}님, 홀짝을 맞히세요. 맞힌 쪽이 색을 고릅니다. 그때까지 시계는 가지 않습니다.
field-if-accepted = 수락하면
field-accepted = 수락
field-accepted-for-both = 자동 수락
board-footer = 둘 곳이 있는 구역을 누른 다음 그 점을 누르세요. 기권은 두 번 누릅니다.
board-moved = 바둑판이 옮겨졌습니다: {$link}
board-healed = 바둑판 갱신이 늦어져 지금 국면으로 다시 표시했습니다. 다시 눌러 주세요.
button-pass = 패스
button-resign = 기권
button-accept-marking = 수락
button-resume = 대국 재개
picker-points = **{$region}** 구역에서 둘 점을 고르세요({$number}수째):
picker-played = **{$point}**에 두었습니다.
picker-marks = **{$region}** 구역의 죽은 돌: 돌을 누르면 그 돌이 속한 덩어리 전체를 죽은 돌(❌)로 표시하거나 다시 산 돌로 되돌립니다(지금 죽은 돌로 표시된 덩어리: {$chains}개).
answer-passed = 패스했습니다.
answer-resign-armed = 기권하려면 기권을 한 번 더 누르세요. {$until} 만료됩니다.
answer-resigned = 기권했습니다.

## 죽은 돌 합의

agreement-none-marked = 죽은 돌로 표시된 돌이 없습니다.
agreement-marked = 죽은 돌 표시: 덩어리 {$chains}개(돌 {$stones}개), 바둑판에 ×로 표시했습니다.
agreement-how = 구역을 누르고 돌을 누르면 그 덩어리를 죽은 돌로 표시하거나 다시 산 돌로 되돌립니다. 표시가 맞으면 **수락**, 판 위에서 가리려면 **대국 재개**를 누르세요.
agreement-accepted-yes = ✅ 수락함
agreement-accepted-not-yet = ⏳ 아직
agreement-footer = 시간이 다 될 때까지 아무것도 하지 않은 대국자는 지금 표시를 수락한 것으로 봅니다.
score-line = 흑 {$black} · 백 {$white} → **{$result}**
    {$method}
counting-classic = 판을 있는 그대로 돌과 집을 세어 계가(클래식 규칙: 죽은 돌을 들어내지 않음).
counting-territory = 집과 사석으로 계가(일본 규칙): 죽은 돌은 사석이 되고, 빅(세키)에는 집이 없습니다.
counting-aga = 계점제로 계가(AGA 규칙): 돌과 집을 합하고 죽은 돌은 들어냅니다. 패스할 때마다 상대에게 돌 하나를 주었습니다.
counting-area = 계점제로 계가(중국 규칙): 돌과 집을 합하고 죽은 돌은 들어냅니다.

## 결과

result-heading = 대국 종료 #{$game}
result-points = {$winner} {$margin}집 승({$sgf})
result-tie-to-black = {$winner} 승: 점수가 같으며, 잉 규칙에서는 동점이면 흑이 이깁니다 ({$sgf})
result-resignation = {$winner} 불계승({$sgf})
result-time = {$winner} 시간승({$sgf})
result-forfeit = {$winner} 부전승({$sgf})
result-short = 대국 #{$game} ({$black} 대 {$white})이 끝났습니다: {$result}.
result-draw = 무승부.
result-void = 무효(집계하지 않음).
result-scores = 흑 {$black} · 백 {$white} (덤 {$komi})
result-no-dead = 죽은 돌이 없었습니다.
result-agreed-dead = 합의한 죽은 돌: 덩어리 {$chains}개(돌 {$stones}개).
result-record = `/weiqi sgf game:{$game}` — 기보
abandoned = 대국 무효({$why}). 누구의 기록에도 남지 않습니다.
abandoned-both-away = 두 대국자 모두 자리를 비움
abandoned-offline = 한 대국자가 접속이 끊긴 뒤 돌아오지 않음
abandoned-time-cap = 대국이 제한 시간을 넘김
annulled = 관리자가 무효로 했습니다. 누구의 기록에도 남지 않습니다.
annulled-unreadable = 대국 #{$game} ({$black} 대 {$white})은 관리자가 무효 처리했습니다: 기록을 읽을 수 없었습니다. 승패에 반영되지 않습니다.
reward-merit = {$player} 공덕 +{$amount}
reward-title = {$player} 칭호 획득: **흑백수(黑白手)**

## 알림

notice-your-move = {$player}님 차례입니다({$number}수째{$last})
notice-nigiri-guess = {$player}님, 대회 대국의 색을 돌 가리기로 정합니다. 판에서 홀짝을 맞히세요.
notice-nigiri-choose = {$player}님, 돌 가리기에서 이겼습니다. 판에서 색을 고르세요.
notice-after-move = , 직전 수 {$stone} {$point}
notice-after-pass = , 직전 수는 패스
notice-agreement = {$black} {$white} 두 분 모두 패스했습니다. 바둑판에 ×로 표시된 죽은 돌을 확인한 뒤 수락하거나 대국을 재개하세요.
notice-board-not-posted = {$channel} 채널에 대국 #{$game}의 바둑판을 올리지 못했습니다. 그곳에 글을 쓸 권한이 없는 것 같습니다. 관리자에게 권한을 요청하거나, 제가 글을 쓸 수 있는 채널에서 `/weiqi board`를 사용하세요.
notice-role-failed = {$player}님에게 칭호 역할({$role})을 주지 못했습니다. '역할 관리' 권한과 그보다 위에 있는 제 역할이 필요합니다. 관리자가 문제를 고친 뒤 직접 줄 수 있습니다.

## 현황, 프로필, 기보

how-to-start = 아직 여기서 진행 중인 대국이 없습니다. `/weiqi invite user:@someone`으로 대국을 시작하세요. 수락한 사람이 흑을 잡습니다. 바둑이 처음이라면 `/weiqi learn`을 써 보세요.
status-head = {$size}×{$size} · {$rules} 규칙 · 대국 {$game}
status-play = {$head}
    차례: {$player} ({$color})
    수: {$number}
    따낸 돌: ⚫ {$black_captures} · ⚪ {$white_captures}
    덤: {$komi}
    {$timing}
status-turn-timing = 이번 수 남은 시간: {$left} · 대국 남은 시간: {$game_left}
status-agreement = {$head}
    양쪽 패스: 대국자들이 죽은 돌을 확인하는 중입니다.
    수락하면: {$result}
    자동 수락까지: {$left} · 대국 남은 시간: {$game_left}
profile-heading = 바둑 프로필
profile-line = {$player}
    공덕: **{$merit}** · 승: **{$wins}** · 패: **{$losses}** · 무: **{$draws}**
profile-title = 칭호: **흑백수(黑白手)**
profile-ranked = 승급전: **{$rank}{$provisional}** · 레이팅 {$rating} ± {$deviation} · {$games}판 {$wins}승 {$losses}패{$streak}
profile-streak = {" · "}연속 {$n}
rank-heading = 승급전
rank-none = 아직 승급전이 없습니다. ranked:True 로 초대해 보세요.
rank-stated = {$rank}에서 승급전을 시작합니다. 처음 몇 판으로 ± 폭이 좁아집니다.
leaderboard-heading = 순위({$page}페이지)
leaderboard-empty = 아직 집계된 대국이 없습니다.
leaderboard-line = {$rank}. {$player} — 공덕 {$merit} · {$wins}승 {$losses}패
leaderboard-rating-heading = 레이팅 순위({$page}페이지)
leaderboard-rating-empty = 아직 끝난 승급전이 없습니다. ranked:True 로 초대해 보세요.
leaderboard-rating-line = {$place}. {$player} — {$rank}{$provisional} · {$rating} ± {$deviation} · {$wins}승 {$losses}패
button-back = ◀ 이전
button-next = 다음 ▶
button-by-merit = 공덕순
button-by-rating = 레이팅순
sgf-no-game = 이 서버에서 아직 대국한 적이 없습니다. 다른 대국의 기보를 받으려면 `game:`에 대국 번호를 지정하세요.
sgf-record = 기보 #{$game}
sgf-running = 진행 중
sgf-choice = #{$game} · {$size}×{$size} {$rules} 규칙 · {$result} · {$moves}수
sgf-automatic-pass = 자동 패스 (차례 시간 초과)

## 입문(/weiqi learn)

learn-1-title = 1 · 바둑판과 돌
learn-1-text = 흑과 백 두 사람이 번갈아 가며 선이 만나는 빈 교차점에 돌을 하나씩 놓습니다. 흑이 먼저 둡니다. 한 번 놓은 돌은 움직이지 않으며, 상대보다 바둑판을 더 많이 둘러싸는 것이 목표입니다.
learn-2-title = 2 · 활로와 돌 덩어리
learn-2-text = 돌 바로 옆(위, 아래, 왼쪽, 오른쪽 — 대각선은 제외)의 빈 점을 그 돌의 활로라고 합니다. 서로 맞닿은 같은 색 돌은 한 덩어리가 되어 활로를 함께 씁니다. 그림의 흑 덩어리는 활로가 6개입니다.
learn-3-title = 3 · 따내기
learn-3-text = 상대 돌 덩어리의 마지막 활로를 메우는 수를 두면 그 돌은 바둑판에서 들어내집니다. 이것을 따낸다고 합니다. 그림에서 백은 활로가 하나 남았습니다. 흑이 표시된 점에 두면 그 돌을 따냅니다.
learn-4-title = 4 · 착수 금지(자충수)
learn-4-text = 활로가 하나도 없게 되는 곳에는 둘 수 없습니다(착수 금지점). 단, 그 수로 상대 돌을 따낼 수 있다면 둘 수 있습니다. 따낸 돌을 먼저 들어내기 때문입니다. 흑은 표시된 점에 둘 수 없습니다. 백에게 둘러싸여 있고 따낼 돌도 없기 때문입니다.
learn-5-title = 5 · 패
learn-5-text = 돌 하나를 따냈는데 따낸 돌을 곧바로 되따낼 수 있는 모양이라면, 같은 국면이 끝없이 반복됩니다. 그래서 곧바로 되따내는 것은 금지됩니다. 먼저 다른 곳에 한 수 둔 뒤(팻감) 되따낼 수 있습니다. 봇은 금지된 점을 바둑판에 표시합니다.
learn-6-title = 6 · 패스와 종국
learn-6-text = 패스(한 수 쉼)는 언제든 할 수 있습니다. 연속으로 두 번 패스하면 대국이 끝납니다. 여기서는 제한 시간 안에 두지 않은 대국자는 자동으로 패스한 것이 됩니다. 자동 패스가 연속 두 번이면 대국은 무효가 되어 누구의 기록에도 남지 않습니다.
learn-7-title = 7 · 계가
learn-7-text = 각자 바둑판 위 자기 돌의 수와, 자기 돌로만 둘러싸인 빈 점의 수를 더합니다. 백은 나중에 두므로 덤을 받습니다(클래식 규칙은 5.5집, 다른 규칙은 6.5집이나 7.5집). 덤에 반집이 있으면 무승부가 없습니다. 클래식 규칙에서는 판을 있는 그대로 세므로, 패스하기 전에 죽은 돌을 따내 두세요.
learn-8-title = 8 · 죽은 돌(중국·AGA·일본 규칙)
learn-8-text = 이 규칙들에서는 죽은 돌을 모두 따낼 필요가 없습니다. 두 번 패스하면 봇이 죽었다고 판단한 덩어리에 ×를 표시하고(그림에서는 흑 집 안의 백 돌과 백 집 안의 흑 돌) 점수를 보여 줍니다. 구역을 누르고 돌을 누르면 그 덩어리를 죽은 돌로 표시하거나 산 돌로 되돌립니다. 표시가 맞으면 수락을 누르세요. 동의하지 않으면 대국 재개를 눌러 판 위에서 가리세요. 클래식 규칙에서는 패스하기 전에 죽은 돌을 따내세요.
learn-9-title = 9 · 여기서 두는 법
learn-9-text = `/weiqi invite`로 멤버를 초대하세요. 수락한 사람이 흑을 잡습니다. 바둑판 메시지에서 둘 점이 있는 구역을 누른 다음 그 점을 누르세요. 패스는 버튼으로 합니다. 기권은 두 번 눌러야 하며, 두 번째는 몇 초 안에 눌러야 합니다. `/weiqi status`로 남은 시간을 볼 수 있습니다. 페어바둑과 상담바둑은 `/weiqi-team`, 이 서버의 대회는 `/weiqi-event`에 있습니다.

## Clocks
cmd-weiqi-invite-time = 시간
    .description = 시간 방식: turn(한 수마다 제한), blitz, live, correspondence
choice-time-turn = 한 수마다
choice-time-blitz = 속기
choice-time-live = 실시간(초읽기)
choice-time-correspondence = 통신 대국(한 수에 며칠)
refusal-time-not-allowed = 이 서버에서는 {$time} 대국을 할 수 없습니다. 가능: {$allowed}.
shape-time-preset = allowed-times 에 있는 turn, blitz, live, correspondence 중 하나
shape-time-presets = time-default 를 포함하는 turn, blitz, live, correspondence 의 쉼표 목록
shape-time-control = byo-yomi 10m 5x30s, fischer 2m +30s max 5m, penalty 1h(기본 시간 최대 3시간) 또는 correspondence 3d +1d max 7d(1시간~30일)
key-time-default = 지정하지 않은 초대의 시간 방식
key-allowed-times = 초대에서 고를 수 있는 시간 방식
key-time-blitz = 속기 시간
key-time-live = 실시간 대국 시간
key-time-correspondence = 통신 대국 시간
key-max-correspondence-games = 동시에 둘 수 있는 통신 대국 수
choice-key-time-default = time-default · 기본 시간 방식
choice-key-allowed-times = allowed-times · 허용 시간 방식
choice-key-time-blitz = time-blitz · 속기
choice-key-time-live = time-live · 실시간
choice-key-time-correspondence = time-correspondence · 통신 대국
choice-key-max-correspondence-games = max-correspondence-games · 통신 대국 수
time-preset-turn = 한 수마다
time-preset-blitz = 속기
time-preset-live = 실시간
time-preset-correspondence = 통신 대국
time-turn = 한 수 {$turn}
time-byo-yomi = 기본 {$main}, 초읽기 {$period}×{$periods}회
time-fischer = 피셔 {$initial}, 한 수마다 +{$increment}(최대 {$max})
time-correspondence = 통신 대국 {$initial}, 한 수마다 +{$increment}(최대 {$max})
time-penalty = {$main} + 벌점 연장(잉: 6분의 1마다 2점)
clock-byo-yomi = {$main} · {$period}×{$periods}
clock-overtime = 연장 {$overtime}(−{$points}점)
field-time = 시간
field-clocks = 남은 시간
field-time-runs-out = 시간 종료
notice-clock-reminder = {$player} 님, 대국 #{$game} 의 시간이 {$deadline} 끝납니다. 둘 차례입니다.
status-clock = {$player}: {$clock}(기본 {$exact})
status-runs-out = 둘 차례인 사람의 시간이 {$left} 남았습니다.
status-given-back = 봇이 멈춰 있던 {$given} 을 둘 차례인 사람에게 돌려주었습니다.
status-penalties = 벌점: ⚫ {$black} · ⚪ {$white}
status-time = 시간: {$time}
result-penalties = 벌점 연장: ⚫ −{$black} · ⚪ −{$white} 점(위 점수에 반영).
config-heading = 설정

## Several games
cmd-weiqi-games = 대국목록
    .description = 진행 중인 대국, 차례, 각 바둑판 링크
cmd-weiqi-pass-game = 대국
    .description = 어느 대국인지(기본: 여기의 대국, 없으면 유일한 대국)
cmd-weiqi-resign-game = 대국
    .description = 어느 대국인지(기본: 여기의 대국, 없으면 유일한 대국)
cmd-weiqi-board-game = 대국
    .description = 어느 대국인지(기본: 여기서 내 대국, 없으면 이 채널의 대국)
cmd-weiqi-status-game = 대국
    .description = 어느 대국인지(기본: 여기서 내 대국, 없으면 이 채널의 대국)
games-your-move = 내 차례
games-their-move = 상대 차례
games-heading = 진행 중인 대국({$count}):
games-line = **#{$game}** · {$size}×{$size} · {$time} · 상대 {$opponent} · {$turn}, 기한 {$deadline}{$link}
games-none = 진행 중인 대국이 없습니다. `/weiqi invite user:@상대` 로 시작하세요.
refusal-too-many-correspondence-yours = 이미 통신 대국이 {$max}판 있습니다. 이 서버에서 동시에 둘 수 있는 최대입니다.
refusal-too-many-correspondence-theirs = 그 사람은 이미 통신 대국이 {$max}판 있습니다. 이 서버에서 동시에 둘 수 있는 최대입니다.
refusal-which-game = 진행 중인 대국이 {$count}판 있습니다. `game` 옵션으로 고르거나 대국 채널이나 스레드에서 사용하세요(`/weiqi games` 로 목록).

## Takebacks and rematches
button-rematch = 재대국
button-takeback = 무르기
button-takeback-accept = 무르기 허락
button-takeback-decline = 거절
board-takeback-asked = {$player} 님이 방금 둔 수를 무르자고 합니다. {$opponent} 님, 허락하거나 거절하세요.
board-stand-in = ⚠️ {$engine}이(가) 수를 내지 않아 {$number}수는 Tengen 고급이 대신 두었습니다.
key-takebacks = 방금 둔 자기 수를 무르자고 할 수 있는지(상대가 결정)
choice-key-takebacks = takebacks · 무르기
refusal-takebacks-off = 이 대국에서는 무르기를 할 수 없습니다.
refusal-nothing-to-undo = 상대가 두기 전의 내 마지막 수만 무를 수 있습니다(자동 패스는 불가).
refusal-undo-pending = 무르기 요청이 이미 답을 기다리고 있습니다.
refusal-no-undo-request = 답할 무르기 요청이 없습니다.
refusal-no-rematch = 끝난 대국의 두 사람만 재대국을 청할 수 있습니다.

## Answers in time, annulments, stored games that do not load

answer-posted-below = 완료했습니다: 아래 메시지를 보세요.
answer-told-privately = 답변은 본인에게만 보냈습니다.
annulled-notice = {$black} {$white}: 관리자가 대국 #{$game}을(를) 무효로 했습니다. 승패에 반영되지 않습니다.
player-unknown = (알 수 없음)
config-game-unloadable = (불러올 수 없음)
load-error-row = 저장된 값을 읽을 수 없습니다 (`{$detail}`)
load-error-missing-move = {$number}수가 없습니다
load-error-illegal = {$number}수가 반칙입니다: {$why}
load-error-move-count = 저장된 수는 {$stored}수인데 {$expected}수여야 합니다
load-error-inconsistent = 저장된 대국이 앞뒤가 맞지 않습니다: {$what}
inconsistent-no-result = 끝났는데 결과가 없습니다
inconsistent-negative-duration = 설정의 시간이 음수입니다
inconsistent-over-in-play = 패스로 끝났는데 아직 대국 중입니다
inconsistent-early-agreement = 패스가 두 번 나오기 전에 사석을 확인하고 있습니다
inconsistent-no-ending = 끝났는데 어떻게 끝났는지 적혀 있지 않습니다
inconsistent-resumptions = 대국 재개 횟수가 착수와 맞지 않습니다
inconsistent-moves-before-nigiri = 돌 가리기로 색이 정해지기 전의 착수가 있습니다

## Events: refusals

refusal-no-such-event = 이 서버에 그런 대회는 없습니다.
refusal-event-closed = 이 대회는 참가 접수가 끝났습니다.
refusal-registration-over = 이 대회의 참가 접수는 {$closed}에 마감되었습니다.
refusal-already-entered = 이미 이 대회에 참가했습니다.
refusal-event-full = 이 대회는 정원이 찼습니다 (최대 {$max}명).
refusal-event-role-needed = 이 대회는 지정된 역할의 멤버만 참가할 수 있습니다.
refusal-event-games-needed = 이 대회에 참가하려면 이 서버에서 랭크 대국을 {$needed}판 이상 마쳐야 합니다.
refusal-barred-from-events = 관리자가 {$until}까지 이 서버 대회 참가를 금지했습니다.
refusal-event-started = 대회가 시작되었습니다: 참가자 명단이 확정되었습니다.
refusal-not-entered = 이 대회에 참가하지 않았거나 이미 기권했습니다.
refusal-event-too-few-players = 이 대회를 시작하려면 최소 {$needed}명이 필요합니다.
refusal-event-teams-not-set = 연승전을 시작하기 전에 두 팀을 정해야 합니다.
refusal-event-over = 이 대회는 끝났습니다.
refusal-no-round-to-start = 시작할 라운드가 없습니다: 현재 라운드가 진행 중이거나 남은 라운드가 없습니다.
refusal-event-terms-not-allowed = 대회에 이 조건은 쓸 수 없습니다: 라운드 수, 인원, 불참 수나 시간이 범위를 벗어났거나, 바·플로어가 급수가 아니거나, 정시 일정에 라운드 간격이 없습니다(또는 정시가 아닌데 간격이 있습니다). 접수 기간은 5초에서 90일, 취지는 300자까지입니다.

## Events: commands

cmd-weiqi-event = 바둑대회
    .description = 이 서버의 대회 참가: 목록, 순위, 기권, 기보
cmd-weiqi-event-list = 목록
    .description = 이 서버의 대회
cmd-weiqi-event-standings = 순위
    .description = 대회 순위를 표와 그림으로 보기
cmd-weiqi-event-standings-event = 대회
    .description = 어느 대회인지(기본: 가장 최근 대회)
cmd-weiqi-event-withdraw = 기권
    .description = 대회에서 기권하기: 남은 대국은 패가 됩니다
cmd-weiqi-event-withdraw-event = 대회
    .description = 어느 대회인지(기본: 끝나지 않은 가장 최근 대회)
cmd-weiqi-event-records = 기보
    .description = 대회의 모든 대국을 SGF 파일 하나로 받기
cmd-weiqi-event-records-event = 대회
    .description = 어느 대회인지(기본: 가장 최근 대회)
cmd-weiqi-organise = 바둑대회운영
    .description = 이 서버의 대회 운영: 만들기, 시작, 팀, 참가금지, 심판 판정
cmd-weiqi-organise-create = 만들기
    .description = 대회 참가 접수를 시작하기(공지는 이 채널에 올라갑니다)
cmd-weiqi-organise-create-name = 이름
    .description = 대회 이름
cmd-weiqi-organise-create-format = 방식
    .description = 대진을 짜는 방식
cmd-weiqi-organise-create-purpose = 취지
    .description = 대회의 취지 한 줄(공지에 표시됨)
cmd-weiqi-organise-create-registration = 접수기간
    .description = 참가 접수를 열어 둘 기간, 예: 3d, 12h(기본: 운영진이 시작할 때까지)
cmd-weiqi-organise-create-size = 크기
    .description = 바둑판 크기(기본: 서버 설정)
cmd-weiqi-organise-create-rules = 규칙
    .description = 규칙(기본: 서버 설정)
cmd-weiqi-organise-create-komi = 덤
    .description = 호선 대국의 덤(기본: 규칙의 덤)
cmd-weiqi-organise-create-handicap = 접바둑
    .description = 호선, 또는 대국자의 급수에 따른 접바둑
cmd-weiqi-organise-create-time = 시간
    .description = 시간 방식(기본: 서버 설정)
cmd-weiqi-organise-create-ranked = 승급전
    .description = 대국 결과를 레이팅에 반영할지 (기본: 서버 설정)
cmd-weiqi-organise-create-rounds = 라운드수
    .description = 스위스리그·맥마흔 대회의 라운드 수(기본: 5)
cmd-weiqi-organise-create-max_players = 최대인원
    .description = 받을 수 있는 최대 인원(기본: 방식이 허용하는 만큼)
cmd-weiqi-organise-create-role = 역할
    .description = 이 역할의 멤버만 참가할 수 있음
cmd-weiqi-organise-create-min_games = 최소대국수
    .description = 승급전을 이만큼 마친 대국자만 참가할 수 있음
cmd-weiqi-organise-create-schedule = 진행
    .description = 라운드를 시작하는 때(기본: 이전 라운드가 끝나는 대로)
cmd-weiqi-organise-create-start_window = 첫수제한
    .description = 첫 수를 둘 때까지의 시간. 넘기면 불참패: 90s, 10m, 3d(기본: 10m, 통신 대국은 3d)
cmd-weiqi-organise-create-absences = 불참횟수
    .description = 허용하는 불참 횟수. 한 번 더 불참하면 제외(기본: 1)
cmd-weiqi-organise-create-bar = 상한
    .description = 맥마흔 상한(바), 1d 같은 급수(기본: 1d)
cmd-weiqi-organise-create-floor = 하한
    .description = 맥마흔 하한(플로어), 20k 같은 급수(기본: 20k)
cmd-weiqi-organise-create-relay = 중계
    .description = 관전자가 모든 대국과 순위를 보는 채널 (버튼 없음)
cmd-weiqi-organise-create-round_interval = 라운드간격
    .description = 정시 일정에서 한 라운드 시작부터 다음 라운드 시작까지의 시간 (1h, 1d, 7d)
cmd-weiqi-organise-create-colours = 색정하기
    .description = 호선 대국의 색: 대진대로, 또는 매 대국 전 돌 가리기 (기본: 대진대로)
cmd-weiqi-organise-start = 시작
    .description = 대회를 시작하거나, 수동 진행에서 다음 라운드를 시작하기
cmd-weiqi-organise-start-event = 대회
    .description = 어느 대회인지(기본: 끝나지 않은 가장 최근 대회)
cmd-weiqi-organise-cancel = 취소
    .description = 대회를 취소하기. 진행 중인 대국은 무효가 됩니다
cmd-weiqi-organise-cancel-event = 대회
    .description = 어느 대회인지
cmd-weiqi-organise-team = 팀
    .description = 연승전의 팀을 주장이 정한 순서대로 정하기
cmd-weiqi-organise-team-event = 대회
    .description = 어느 대회인지
cmd-weiqi-organise-team-team = 팀
    .description = 1팀 또는 2팀
cmd-weiqi-organise-team-players = 대국자
    .description = 대국자를 멘션하기(먼저 둘 사람부터)
cmd-weiqi-organise-bar = 참가금지
    .description = 멤버의 이 서버 대회 참가를 며칠 동안 금지하기(0이면 해제)
cmd-weiqi-organise-bar-user = 사용자
    .description = 누구를
cmd-weiqi-organise-bar-days = 일수
    .description = 며칠 동안
cmd-weiqi-organise-rule = 판정
    .description = 심판으로서 대회 대국을 판정: 승리 부여, 계가 확정, 재대국
cmd-weiqi-organise-rule-game = 대국
    .description = 대국 번호 (바둑판에 적혀 있음)
cmd-weiqi-organise-rule-ruling = 판정내용
    .description = 흑 또는 백의 승리, 표시대로 계가 확정, 무효로 하고 재대국
choice-ruling-award-black = 흑의 승리로 판정
choice-ruling-award-white = 백의 승리로 판정
choice-ruling-settle = 표시대로 계가 확정
choice-ruling-replay = 무효로 하고 재대국

choice-format-round-robin = 리그전(모두가 서로 한 판씩 대국)
choice-format-knockout = 토너먼트(한 번 지면 탈락)
choice-format-double-knockout = 더블 엘리미네이션(두 번 지면 탈락)
choice-format-swiss = 스위스리그(같은 점수끼리 대국, 같은 상대는 한 번만)
choice-format-mcmahon = 맥마흔(급수로 시작 점수를 주는 스위스리그)
choice-format-arena = 연승전(두 팀, 이긴 사람이 계속 둠)
choice-format-ten-game = 십번기(두 사람, 치수가 오르내림)
choice-handicap-even = 호선(덤은 대회 조건대로)
choice-handicap-by-rank = 급수별(급수에 따른 접바둑)
choice-schedule-continuous = 연속(이전 라운드가 끝나면 바로)
choice-schedule-manual = 수동(관리자가 라운드마다 시작)
choice-schedule-timed = 정시 (지난 라운드 시작부터 정해진 시간 뒤에 다음 라운드)
choice-colours-pairing = 대진 (방식이 정하는 색)
choice-colours-nigiri = 돌 가리기 (매 대국 전에 홀짝 맞히기)
choice-key-event-organiser-role = event-organiser-role · 대회 운영자 역할
key-event-organiser-role = 이 역할의 멤버는 관리자처럼 대회를 운영할 수 있음
choice-key-event-referee-role = event-referee-role · 대회 심판 역할
key-event-referee-role = 이 역할의 멤버는 관리자처럼 대회 대국을 판정할 수 있음

## Events: what players see

format-round-robin = 리그전
format-knockout = 토너먼트
format-double-knockout = 더블 엘리미네이션
format-swiss = 스위스리그
format-mcmahon = 맥마흔
format-arena = 연승전(단체전, 이긴 사람이 계속 둠)
format-ten-game = 십번기(4승을 앞서면 치수가 바뀜)
event-heading = 🏆 {$name} (대회 #{$id})
event-format-rounds = {$format}, {$rounds}라운드
event-format-mcmahon = {$format}, {$rounds}라운드, 상한 {$bar}, 하한 {$floor}
event-even = 호선, 덤 {$komi}
event-by-rank = 대국자의 급수에 따른 접바둑
event-board = {$size}×{$size} · {$rules} 규칙 · {$balance}
event-schedule-continuous = 각 라운드는 이전 라운드가 끝나는 대로 시작합니다.
event-schedule-manual = 각 라운드는 관리자가 시작합니다.
event-schedule-timed = 각 라운드는 지난 라운드 시작 {$every} 뒤에 시작합니다. 그때 끝나지 않은 대국은 심판이 판정합니다.
event-round-overdue = ⏰ {$name}: {$round}라운드의 시간이 되었지만 대국 {$games}이(가) 아직 진행 중입니다. 심판이 `/weiqi-organise rule`로 판정하면 다음 라운드가 시작됩니다.
event-penalties = {$window} 안에 첫 수를 두지 않은 대국자는 불참패가 됩니다. 불참은 {$absences}번까지 허용되며, 한 번 더 하면 제외됩니다.
event-entry-role = {$role} 역할의 멤버만 참가할 수 있습니다.
event-relay = 모든 대국과 순위는 {$channel}에서 중계됩니다.
event-colours-nigiri = 모든 호선 대국은 대국 전에 돌 가리기(猜先)로 색을 정합니다.
event-entry-games = 승급전을 {$games}판 이상 마친 대국자만 참가할 수 있습니다.
event-stage-registration = 참가 접수 중: 참가를 누르세요. 현재 {$count}명 (최대 {$max}명).
event-registration-until = 접수 마감: {$closes}.
event-stage-registration-closed = 참가 접수가 마감되었습니다: {$count}명. 운영진이 `/weiqi-organise start`로 대회를 시작합니다.
event-purpose = *{$purpose}*
event-stage-running = {$round}라운드 진행 중입니다.
event-stage-finished = 끝났습니다.
event-stage-cancelled = 관리자가 취소했습니다.
event-players = 참가자
event-no-players = 아직 아무도 없습니다.
event-and-more = …외 {$count}명
event-team = {$team}팀
event-withdrawn = 기권
event-removed = 제외(불참이 너무 많음)
button-join = 참가
button-leave = 참가 취소
event-round-heading = {$name}: {$round}라운드
event-board-line = {$board}번 판: ⚫ {$black} — ⚪ {$white}
event-round-nigiri = 색은 돌 가리기로 정합니다. 호선 대국마다 먼저 이름이 나온 사람이 대국 판에서 홀짝을 맞힙니다.
event-bye-line = {$player}: 부전승(상대 없음)
event-forfeit-line = {$board}번 판: ⚫ {$black} — ⚪ {$white}: 대국 없이 {$result}
event-black-won = 흑 승
event-white-won = 백 승
event-draw = 무승부
event-both-lost = 양쪽 모두 패
event-standings-heading = {$name}: 순위
event-standings-line = {$place}. {$player} (#{$seat}) — {$points} · {$tiebreaks}
event-won = 🏆 {$player}님이 {$name}에서 우승했습니다!
event-team-won = 🏆 {$team}팀이 {$name}에서 우승했습니다!
event-drawn = {$name}은(는) 무승부로 끝났습니다.
event-cancelled = 관리자가 {$name}을(를) 취소했습니다. 진행 중인 대국은 무효가 됩니다.
event-game = 🏆 대국 #{$game} (대회 #{$event}의 대국)
event-choice-registration = 접수 중
event-choice-round = {$round}라운드
event-choice-finished = 종료
event-choice-cancelled = 취소됨
event-none = 이 서버에는 아직 대회가 없습니다.
event-none-open = 지금 이 서버에는 끝나지 않은 대회가 없습니다. `event:`로 대회를 지정하세요.
event-no-records = 이 대회에서는 아직 둔 대국이 없습니다.
event-records = {$name}의 모든 대국(SGF 파일 하나).

## Events: answers and refusals

answer-event-created = 대회 참가 접수를 시작했습니다: 참가·참가 취소 버튼이 있는 공지를 올렸습니다.
answer-round-started = 라운드가 시작되었습니다: 대진을 올리고 대국을 시작했습니다.
answer-event-cancelled = 대회를 취소했습니다.
answer-ruled = 대국 #{$game}의 판정을 기록하고 게시했습니다.
ruling-line = ⚖️ {$name} {$round}라운드 {$board}번 판: 심판 {$referee}님이 {$what}
ruling-award = {$loser}님과의 대국을 {$winner}님의 승리(판정승)로 했습니다.
ruling-settle = {$black}님과 {$white}님의 대국을 표시대로 사석을 확정하고 계가했습니다.
ruling-replay = {$black}님과 {$white}님의 대국을 무효로 하고 처음부터 다시 두게 했습니다(대국 #{$game}).
ruling-history = 판정
ruling-history-line = {$round}라운드 {$board}번 판: {$referee}님이 {$what}
ruling-game-choice = #{$game} · {$name} · {$round}라운드 {$board}번 판
answer-team-set = {$team}팀을 이 순서로 정했습니다.
answer-barred = {$user}님은 {$days}일 동안 이 서버의 대회에 참가할 수 없습니다.
answer-withdrew = 기권했습니다: 남은 대국은 패가 됩니다.
answer-joined = {$name}에 참가했습니다. 시작하기 전에는 같은 공지의 참가 취소 버튼으로 나갈 수 있습니다.
answer-left = {$name}에서 나갔습니다.
refusal-team-mentions = 팀의 대국자를 두는 순서대로 멘션(`@name @name`)으로만 지정하세요. 다른 내용은 쓰지 마세요.

## Team games: pair Go and consultation

cmd-weiqi-team = 바둑팀
    .description = 여럿이 두는 바둑: 페어바둑과 상담바둑
cmd-weiqi-team-pair = 페어바둑
    .description = 페어바둑: 나와 파트너 대 다른 두 사람, 번갈아 둠
cmd-weiqi-team-pair-partner = 파트너
    .description = 내 파트너
cmd-weiqi-team-pair-opponent = 상대
    .description = 상대 조의 첫 번째 사람
cmd-weiqi-team-pair-opponent_partner = 상대파트너
    .description = 상대의 파트너
cmd-weiqi-team-pair-size = 크기
    .description = 바둑판 크기(서버에서 허용한 크기)
cmd-weiqi-team-pair-komi = 덤
    .description = 백의 덤, 정수 또는 반집 단위(예: 6.5)
cmd-weiqi-team-pair-rules = 규칙
    .description = 규칙
cmd-weiqi-team-pair-time = 시간
    .description = 시간 방식: turn, blitz, live, correspondence (시계는 조마다)
cmd-weiqi-team-pair-color = 돌
    .description = 우리 조의 색 (기본: 상대 조가 흑)
cmd-weiqi-team-consult = 상담바둑
    .description = 팀이 스레드에서 한 수씩 투표하는 대국, 또는 서버 전체 대 컴퓨터
cmd-weiqi-team-consult-black_role = 흑역할
    .description = 흑 팀: 이 역할의 멤버
cmd-weiqi-team-consult-black_members = 흑멤버
    .description = 흑 팀: 멤버를 멘션 (@a @b)
cmd-weiqi-team-consult-white_role = 백역할
    .description = 백 팀: 이 역할의 멤버
cmd-weiqi-team-consult-white_members = 백멤버
    .description = 백 팀: 멤버를 멘션 (@a @b)
cmd-weiqi-team-consult-computer = 컴퓨터
    .description = 팀이 없는 쪽을 컴퓨터가 둠 (팀 지정 없음: 모두 대 컴퓨터)
cmd-weiqi-team-consult-move_time = 투표시간
    .description = 한 수마다 팀이 투표할 시간: 30s, 2m, 1h (기본 60s)
cmd-weiqi-team-consult-size = 크기
    .description = 바둑판 크기(서버에서 허용한 크기)
cmd-weiqi-team-consult-rules = 규칙
    .description = 규칙
cmd-weiqi-team-consult-komi = 덤
    .description = 백의 덤, 정수 또는 반집 단위(예: 6.5)
choice-computer-beginner = 초급
choice-computer-intermediate = 중급
choice-computer-advanced = 고급
choice-computer-engine = 외부 엔진
key-team-games-for-everyone = 관리자가 아닌 멤버도 상담바둑을 시작할 수 있는지
choice-key-team-games-for-everyone = team-games-for-everyone · 상담바둑
perm-create-private-threads = 비공개 스레드 만들기
refusal-invitation-already-accepted = 이미 이 초대를 수락했습니다. 다른 사람들도 수락하면 시작합니다.
refusal-partners-move = 파트너의 차례입니다: 페어바둑은 번갈아 둡니다 (패스와 기권은 둘 중 누구나).
refusal-not-a-team-game = 이 대국은 팀 대국이 아닙니다.
refusal-not-your-teams-turn = 상대 팀의 차례입니다. 우리 팀 차례가 되면 투표하세요.
refusal-not-on-team = 이 대국에서 차례인 팀에 속해 있지 않습니다 (역할 팀은 그 역할이 필요합니다).
refusal-vote-closed = 그 투표는 끝났습니다: 수가 이미 두어졌습니다. 지금 판에서 투표하세요.
refusal-vote-on-team-board = 팀 대국입니다: 우리 팀 스레드의 판에서 투표하세요.
refusal-team-games-by-moderators = 이 서버에서 상담바둑은 관리자가 시작합니다.
refusal-bad-teams = 이 팀으로는 둘 수 없습니다: 팀마다 한 명 이상, 양쪽에 속한 사람 없이, 같은 역할 두 팀은 안 되며, 투표 시간은 10초에서 7일입니다.
refusal-not-for-team-games = 팀 대국은 호선이고 레이팅이 없으며 돌 가리기도 없습니다: 접바둑, 레이팅, 돌 가리기를 빼세요.
refusal-team-sides = 팀마다 한 번씩: 역할 또는 멤버 멘션(@a @b) 중 하나로만, 다른 글자 없이 지정하세요.
refusal-move-time = 투표 시간은 30s, 2m, 1h 같은 시간으로 쓰세요.
refusal-team-game-in-thread = 상담바둑은 팀마다 스레드를 엽니다: 스레드가 아닌 채널에서 시작하세요.
inconsistent-teams = 팀 기록이 맞지 않습니다
sgf-vote-pass = 패스
sgf-vote-resign = 기권
team-anyone-name = 서버
team-anyone = 여기 있는 모두
team-seat = 한 팀
team-form-pair = 페어바둑(联棋): 흑1, 백1, 흑2, 백2 차례로
team-form-consultation = 상담바둑(商谈联棋): 팀마다 스레드에서 수를 투표
team-votes-now = {$color} 팀 투표 중
team-pair-place = {$color} {$place}
team-no-votes = 아직 투표가 없습니다.
team-vote-pass = 패스
team-vote-resign = 기권
team-board-footer = 우리 팀({$color})의 판: 구역, 다음에 점을 눌러 투표합니다. 시간이 끝나거나, 모두 투표하거나, 과반수가 되면 수가 정해집니다.
field-votes = 투표
button-vote-pass = 패스에 투표
button-vote-resign = 기권에 투표
team-thread-name = 바둑 #{$game} · {$color} 팀
team-thread-welcome = 대국 #{$game}의 우리 팀 스레드입니다: 여기서 의논하고 아래 판에서 투표하세요. 상대 팀은 볼 수 없습니다.
notice-team-vote = {$team}: 우리 팀의 {$number}수째입니다. {$deadline}까지 투표하세요.
picker-voted = **{$choice}**에 투표했습니다.
answer-team-game = 상담바둑을 시작했습니다: 판은 이 채널에 있고, 팀마다 자기 스레드에서 투표합니다.
invitation-pair = {$invitee}, {$invitee_partner}님: {$inviter}님과 {$partner}님이 페어바둑(联棋)에 초대합니다: {$size}×{$size} · {$rules} 규칙 · 덤 {$komi}{$handicap}.
    순서: {$order}. 초대받은 세 사람이 수락하면 시작합니다. 수락한 사람: {$accepted}. 마감 {$expires}.
pair-accepted-none = 아직 없음
