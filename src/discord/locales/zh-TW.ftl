### Tengen 的正體中文（臺灣）文字（zh-TW）；缺少的文字以英文（en-US）代替。
### 每種語言都有相同的 id 與相同的變數（有測試檢查）。

## 指令、選項與選項值。`cmd-` id 的值是指令在該語言中的名稱（小寫、無空格），
## 其 `.description` 是 Discord 顯示在名稱下方的說明。

cmd-weiqi = 圍棋
    .description = 與另一位成員下圍棋
cmd-weiqi-invite = 邀請
    .description = 邀請一位成員對局
cmd-weiqi-invite-user = 對手
    .description = 邀請誰
cmd-weiqi-invite-size = 大小
    .description = 棋盤大小（本伺服器允許的路數）
cmd-weiqi-invite-komi = 貼目
    .description = 白方貼目，整數或半目，例如 6.5
cmd-weiqi-invite-rules = 規則
    .description = 規則
cmd-weiqi-invite-handicap = 讓子
    .description = 接受方（執黑）的讓子數：2–9（白先下），1 為讓先（不貼目）
cmd-weiqi-invite-ranked = 計分
    .description = 結果是否計入雙方等級分（預設依伺服器設定）
cmd-weiqi-ai = 人機
    .description = 立即與電腦（天元自己的引擎）對局
cmd-weiqi-ai-level = 級別
    .description = 電腦的棋力（預設：本伺服器提供的最高級別）
cmd-weiqi-ai-size = 大小
    .description = 棋盤大小（本伺服器允許的大小）
cmd-weiqi-ai-rules = 規則
    .description = 規則
cmd-weiqi-ai-color = 執子
    .description = 你執的顏色（預設：黑，先下）
cmd-weiqi-invite-color = 執子
    .description = 你執的顏色，或猜先（受邀者猜單雙，猜對的一方選色）
cmd-weiqi-ai-ranked = 計分
    .description = 結果是否計入你的等級分（預設依伺服器設定）
cmd-weiqi-accept = 接受
    .description = 接受邀請
cmd-weiqi-accept-user = 邀請人
    .description = 邀請你的人
cmd-weiqi-decline = 拒絕
    .description = 拒絕邀請
cmd-weiqi-decline-user = 邀請人
    .description = 邀請你的人
cmd-weiqi-cancel = 撤回
    .description = 撤回你發出的邀請
cmd-weiqi-cancel-user = 對手
    .description = 你邀請的人（如果邀請了不只一位）
cmd-weiqi-board = 棋盤
    .description = 在頻道底部重新顯示棋盤
cmd-weiqi-pass = 停一手
    .description = 本手不落子，停一手
cmd-weiqi-resign = 認輸
    .description = 認輸（需按兩次確認）
cmd-weiqi-status = 狀態
    .description = 棋盤大小、輪到誰、提子、貼目與剩餘時間
cmd-weiqi-profile = 資料
    .description = 功德、勝局與稱號
cmd-weiqi-profile-user = 棋手
    .description = 誰的資料
cmd-weiqi-leaderboard = 排行榜
    .description = 本伺服器排行榜
cmd-weiqi-leaderboard-by = 排序
    .description = 按等級分（預設）或按功德排序
cmd-weiqi-rank = 段位
    .description = 計分對局的段位、等級分及其走勢
cmd-weiqi-rank-user = 使用者
    .description = 誰的段位
cmd-weiqi-rank-start = 起始段位
    .description = 第一盤計分對局前申報一次：起始段位 15k、5k、1d…（最高 3d）
cmd-weiqi-sgf = 棋譜
    .description = 下載棋譜（SGF）
cmd-weiqi-sgf-game = 對局
    .description = 哪一局（預設：你最近的一局）
cmd-weiqi-learn = 入門
    .description = 從零學習圍棋規則
cmd-weiqi-config = 圍棋設定
    .description = 本伺服器的圍棋設定（需「管理伺服器」權限）
cmd-weiqi-config-show = 查看
    .description = 查看本伺服器的設定
cmd-weiqi-config-set = 修改
    .description = 修改一項設定
cmd-weiqi-config-set-key = 設定項
    .description = 設定項
cmd-weiqi-config-set-value = 值
    .description = 新的值
cmd-weiqi-config-reset = 重設
    .description = 將一項設定恢復為預設值
cmd-weiqi-config-reset-key = 設定項
    .description = 設定項
cmd-weiqi-config-games = 對局列表
    .description = 本伺服器進行中的對局
cmd-weiqi-config-annul = 作廢
    .description = 結束一盤進行中的對局，不計結果
cmd-weiqi-config-annul-game = 對局
    .description = 哪一局

choice-rules-classic = 經典規則（按盤面原樣計算）
choice-rules-chinese = 中國規則（數子，禁止全局同形）
choice-rules-aga = AGA 規則（數子，停一手交一子）
choice-rules-japanese = 日本規則（數目）
choice-rules-korean = 韓國規則（數目）
choice-rules-ing = 應氏規則（計點，貼8點，和棋黑勝）
choice-key-enabled = enabled · 啟用圍棋
choice-key-board-size = board-size · 預設棋盤大小
choice-key-allowed-sizes = allowed-sizes · 允許的棋盤大小
choice-key-komi = komi · 貼目
choice-key-allowed-komi = allowed-komi · 允許的貼目範圍
choice-key-rules = rules · 預設規則
choice-key-allowed-rules = allowed-rules · 允許的規則
choice-key-turn-timeout-seconds = turn-timeout-seconds · 每手時限（秒）
choice-key-reconnect-grace-seconds = reconnect-grace-seconds · 離線保留時間（秒）
choice-key-match-max-minutes = match-max-minutes · 對局總時限（分鐘）
choice-key-offer-expiry-seconds = offer-expiry-seconds · 邀請有效期限（秒）
choice-key-resign-confirm-window-seconds = resign-confirm-window-seconds · 認輸確認時限（秒）
choice-key-merit-min-moves = merit-min-moves · 獲得功德的最少手數
choice-key-merit-amount = merit-amount · 每局功德數
choice-key-merit-winner-bonus = merit-winner-bonus · 勝者額外功德
choice-key-merit-lifetime-cap = merit-lifetime-cap · 功德獎勵次數上限
choice-key-move-notify = move-notify · 輪到落子時的提醒方式
choice-key-match-threads = match-threads · 每局開一個討論串
choice-key-title-role = title-role · 稱號身分組
choice-key-language = language · 公開訊息的語言

choice-level-beginner = 初級
choice-level-intermediate = 中級
choice-level-advanced = 高級
choice-level-engine = 外部引擎
choice-by-rating = 等級分
choice-by-merit = 功德
choice-color-black = 黑（你先下）
choice-color-white = 白
choice-color-nigiri = 猜先（猜單雙）
choice-key-ai-enabled = ai-enabled · 允許人機對局
choice-key-ai-levels = ai-levels · 可選的電腦級別
choice-key-ai-resigns = ai-resigns · 電腦會認輸
choice-key-ranked-default = ranked-default · 預設計分
## 規則、顏色、列表。

rules-classic = 經典
rules-chinese = 中國
rules-aga = AGA
rules-japanese = 日本
rules-korean = 韓國
rules-ing = 應氏
color-black = 黑
color-white = 白
list-separator = {"、"}
title-name = 黑白手

## 拒絕：為什麼什麼都沒有改變。

refusal-invite-self = 你不能邀請自己，請邀請其他成員。
refusal-invite-bot = 這裡不能和機器人下棋，請邀請真人。
refusal-you-are-busy = 你已經在對局中。請先下完這一局（或認輸），再開始新的對局。
refusal-they-are-busy = 對方正在對局中，請稍後再試。
refusal-duplicate-invitation = 你們之間已有一個待回覆的邀請，請等待對方回覆。
refusal-server-disabled = 本伺服器已關閉圍棋功能，管理員可以重新開啟。
refusal-size-not-allowed = 本伺服器不允許 {$size}×{$size} 的棋盤。允許的大小：{$allowed}。
refusal-rules-not-allowed = 本伺服器不允許使用{$rules}規則。允許的規則：{$allowed}。
refusal-komi-not-half-points = 貼目必須是整數或半目，例如 6.5 或 7。
refusal-komi-not-allowed = 這裡不允許貼 {$komi} 目：本伺服器允許的貼目範圍是 {$low} 到 {$high}，請在此範圍內選擇。
refusal-handicap-not-possible = { $max ->
        [0] {$size}×{$size} 的棋盤太小，不能讓子：至少需要 7×7。
       *[other] {$size}×{$size} 的棋盤放不下 {$stones} 顆讓子：最多 {$max} 子。
    }
refusal-no-such-invitation = 沒有待回覆的邀請。
refusal-not-for-you = 這個邀請不是給你的。
refusal-not-your-invitation = 只有發出邀請的成員才能撤回。
refusal-invitation-expired = 這個邀請已過期。
refusal-nigiri-even-only = 猜先只用於分先對局：讓子和猜先只能選一個。
refusal-nigiri-guess-first = 這個邀請以猜先定黑白：請在邀請上按「單」或「雙」來接受。
refusal-not-nigiri-step = 這個按鈕不屬於猜先的目前步驟。
refusal-not-your-choice = 由猜先的勝者選色。
refusal-not-your-guess = 這盤棋的猜先由你的對手猜單雙。
refusal-nigiri-first = 這盤棋先要猜先定黑白：請用棋盤上的按鈕猜單雙或選色。
refusal-not-in-game = 你不在對局中。用 /weiqi invite 發起一局。
refusal-no-such-game = 本伺服器沒有這個對局。
refusal-not-your-game = 這不是你的對局，你可以觀戰。
refusal-not-your-turn = 還沒輪到你。
refusal-stale-board = 這張棋盤畫出之後局面已經改變，請使用最新的棋盤。
refusal-illegal = 這裡不能落子：{$why}。
refusal-game-over = 這盤棋已經結束。
refusal-not-moderator = 只有擁有「管理伺服器」權限的成員才能修改圍棋設定或結束對局。
refusal-not-organiser = 只有管理員（「管理伺服器」權限）和本伺服器比賽主辦者身分組的成員才能主持比賽。
refusal-not-referee = 只有管理員（「管理伺服器」權限）和本伺服器比賽裁判身分組的成員才能裁定。
refusal-not-an-event-game = 這不是一盤正在進行的比賽對局。
refusal-in-agreement = 對局正在確認死子：請接受目前的標記、切換某塊棋的死活，或繼續對局。
refusal-place-handicap-first = 黑方還在擺放讓子（還剩 {$left} 子）：每子點一個交叉點，擺完後白方行棋。
refusal-not-in-agreement = 只有雙方都停一手之後才標記死子（經典規則下不標記）。
refusal-no-stone-there = 那裡沒有可以標記的棋子。
refusal-already-accepted = 你已經接受了這個標記，正在等待對手。
refusal-nothing-to-do = 沒有任何變更。
refusal-computer-disabled = 本伺服器已關閉人機對局，管理員可以重新開啟。
refusal-level-not-allowed = 本伺服器不提供{$level}級別。可選：{$allowed}。
refusal-already-rated = 你在這裡已經有等級分了：起始段位只能在第一盤計分對局之前申報一次。
refusal-rank-not-allowed = 這不是可以起步的段位：請寫成 15k、5k 或 1d 這樣，最高 3d。
refusal-computer-busy = { $max ->
        [0] 本機器人的營運者關閉了人機對局。
       *[other] 電腦已在下 {$max} 盤棋，達到了本機器人允許的上限。請稍後再試。
    }
refusal-bot-permissions = 我無法在這個頻道進行對局：我在這裡需要 {$missing} 權限。管理員可以授予這些權限（或者到其他頻道發起邀請）。
perm-view-channel = 檢視頻道
perm-send-messages = 傳送訊息
perm-send-messages-in-threads = 在討論串中傳送訊息
perm-embed-links = 嵌入連結
perm-attach-files = 附加檔案
perm-read-message-history = 讀取訊息歷史
perm-create-public-threads = 建立公開討論串
illegal-off-board = 該點不在棋盤上
illegal-occupied = 那裡已經有棋子了
illegal-suicide = 落子後沒有氣（自殺）
illegal-ko = 打劫時不能立即提回，請先在別處下一手
illegal-superko = 會重複之前出現過的局面（全局同形，超級劫）
illegal-game-over = 對局已經結束
failure-internal = 我們這邊出了問題，沒有做任何變更。請再試一次。
failure-unavailable = 暫時無法連線資料庫，什麼都沒有改變。請稍後再試。
failure-unloadable = 無法讀取這盤棋的紀錄，沒有任何改動；機器人的架設者可以在日誌裡找到原因。
bot-restarting = 機器人正在重新啟動，請稍後再試。
use-in-a-server = 請在伺服器中使用此指令。
option-not-understood = 無法辨識其中一個選項，請檢查後再試一次。
command-not-understood = 無法辨識這個指令，請在 Discord 重新整理指令列表後再試一次。
command-moved = `/{$old}` 已改為 `/{$new}`：指令已依用途重新分組（`/weiqi`、`/weiqi-team`、`/weiqi-event`、`/weiqi-organise`、`/weiqi-config`）。
button-unknown = 無法辨識這個按鈕（可能來自舊版本）。請用 `/weiqi board` 取得最新的棋盤。

## 設定：有效值的格式，以及每項設定的作用。

setting-unknown-key = 沒有名為 `{$key}` 的設定項。
setting-bad-value = `{$value}` 不是 `{$key}` 的有效值：應為{$expected}。
shape-switch = true 或 false
shape-seconds = {$min} 到 {$max} 之間的整數秒數
shape-minutes = {$min} 到 {$max} 之間的整數分鐘數
shape-moves = {$min} 到 {$max} 之間的整數手數
shape-number = {$min} 到 {$max} 之間的整數
shape-board-size = 5 到 19 之間、且在 allowed-sizes 中的棋盤大小
shape-board-sizes = 以逗號分隔的 5 到 19 之間的大小清單，須包含 board-size，例如 7,9,13
shape-komi = allowed-komi 範圍內的整數或半目，例如 6.5；或 "default"（使用規則本身的貼目）
shape-komi-range = 貼目範圍，例如 5.5..7.5，數值在 -50 到 50 之間，且須包含本伺服器的貼目
shape-rules = classic、chinese、aga、japanese 或 korean 之一，且須在 allowed-rules 中
shape-rule-list = 以逗號分隔的 classic、chinese、aga、japanese、korean 清單，須包含 rules 的值
shape-move-notify = mention（提及）、dm（私人訊息）或 none（不提醒）
shape-role = 一個身分組（ID 或提及），或 "none"
shape-language = auto（伺服器的語言）、en、zh-CN、zh-TW、ja 或 ko
shape-levels = beginner、intermediate、advanced 中的若干項，以逗號分隔
key-enabled = 本伺服器的圍棋功能
key-board-size = 預設棋盤大小
key-allowed-sizes = 邀請時可選的棋盤大小
key-komi = 本伺服器規則下白方的貼目
key-allowed-komi = 對局允許的貼目範圍
key-rules = 預設規則
key-allowed-rules = 邀請時可選的規則
key-turn-timeout-seconds = 每手的時限，超時自動停一手
key-reconnect-grace-seconds = 棋手離線後對局保留多久
key-match-max-minutes = 一局棋實際用時的上限
key-offer-expiry-seconds = 邀請等待回覆的時間
key-resign-confirm-window-seconds = 第二次按「認輸」須在此時間內
key-merit-min-moves = 認輸的對局至少要下多少手才給功德
key-merit-amount = 雙方各得的功德，每對棋手只給一次
key-merit-winner-bonus = 勝者額外獲得的功德
key-merit-lifetime-cap = 一位棋手最多能參與幾次功德獎勵
key-move-notify = 如何提醒輪到落子的棋手
key-match-threads = 每局棋開一個討論串
key-title-role = 隨稱號授予的身分組
key-language = 公開訊息使用的語言

key-ai-enabled = 成員可以與電腦對局
key-ai-levels = 成員可選的電腦級別
key-ai-resigns = 電腦在敗局已定時認輸
key-ranked-default = 邀請未說明時按計分（升降級）對局
## /weiqi-config

config-saved = 已儲存 `{$key}`。
config-reset = 已將 `{$key}` 恢復為預設值。
config-title-granted = 已將該身分組授予已持有稱號的 {$granted} 名棋手{ $failed ->
        [0] 。
       *[other] ；其中 {$failed} 名未能授予（請見機器人日誌）。
    }
config-role-missing = 本伺服器沒有身分組 {$role}。
config-role-unreadable = 無法讀取本伺服器的身分組，請稍後再試。
config-role-no-permission = 我無法在這裡授予身分組：請先給我「管理身分組」權限。
config-role-too-high = 我無法授予 {$role}：我自己的身分組必須排在它上面。請在伺服器設定中把我的身分組拖到它上方，然後重新設定。
config-role-managed = {$role} 屬於某個整合（機器人或訂閱），任何人都無法授予。請選擇其他身分組。
config-no-games = 本伺服器目前沒有進行中的對局。
config-game-line = #{$game} · {$summary} · ⚫ {$black} 對 ⚪ {$white} · 已下 {$moves} 手 · {$started}開始 · {$channel}
config-game-broken = #{$game} · 無法載入（{$why}）；用 `/weiqi-config annul game:{$game}` 結束它
config-more-games = ……還有 {$count} 局。
config-annulled = 對局 #{$game} 已作廢：不計結果，不留紀錄。已通知雙方棋手。

## 邀請

invitation = {$invitee}，{$inviter} 邀請你下一盤圍棋：{$size}×{$size} · {$rules}規則 · 貼目 {$komi}{$handicap}。
    {$first}邀請將於{$expires}失效。
invitation-colours = {$who}{$first}
invitation-colours-acceptor = 接受邀請的一方執黑。
invitation-colours-rematch = 再戰交換黑白：{$black} 執黑。
invitation-colours-rematch-handicap = 再戰保留讓子：{$black} 執黑受讓。
invitation-colours-lower-rank = {$black} 段位較低，執黑受讓。
invitation-colours-chosen = {$inviter} 選擇了{$color}。
invitation-colours-nigiri = 猜先已定：{$black} 執黑。
invitation-nigiri-guess = 以猜先定黑白：Tengen 替 {$inviter} 抓了一把白子。{$invitee}，猜單還是雙即接受邀請；猜中的一方選色。
invitation-nigiri-open = 手中共 {$stones} 子（{$parity}），{$invitee} 猜的是{$guess}。{$chooser}，請選擇執黑還是執白。
nigiri-odd = 單
nigiri-even = 雙
invitation-black-moves-first = 黑方先下。
invitation-white-moves-first = 黑方擺好讓子後，白方先下。
terms-handicap = 讓 {$stones} 子
terms-handicap-free = 讓 {$stones} 子（黑方自由擺放）
board-placing-handicap = 正在擺放讓子：已擺 {$placed} / {$stones} 子。每子點一個交叉點，擺完後白方行棋。
terms-no-komi = 讓先（不貼目，黑先）
terms-ranked = 計分對局
field-handicap = 讓子
invitation-closed = ~~{$inviter} 給 {$invitee} 的邀請~~ {$why}
invitation-declined = 已拒絕。
invitation-expired = 此邀請已過期。
invitation-cancelled = 邀請人已撤回。
invitation-superseded = 已撤回：你們之中有人開始了另一局。
invitation-game-on = 對局開始：⚫ {$black} 對 ⚪ {$white}
thread-name = 圍棋 #{$game}
button-accept = 接受
button-odd = 單
button-even = 雙
button-take-black = 執黑
button-take-white = 執白
button-decline = 拒絕
button-cancel = 撤回
answer-accepted = 已接受：你執黑。
answer-declined = 已拒絕。
answer-cancelled = 你的邀請已撤回。

level-beginner = 初級
level-intermediate = 中級
level-advanced = 高級
level-engine = 外部引擎
rank-kyu = {$n} 級
rank-dan = {$n} 段
computer-name = 🤖 天元 · {$level}（約 {$rank}）
computer-name-engine = 🤖 {$name}（約 {$rank}）
computer-thinking = 🤖 天元正在思考……
answer-computer-game = 人機對局開始：棋盤就在本頻道。祝你好運！
profile-computer = 對{$computer}：{$wins} 勝 {$losses} 負{ $draws ->
        [0] {""}
       *[other] ，{$draws} 和
    }
## 棋盤

board-title = 圍棋 · {$size}×{$size} · {$rules}規則
board-players = ⚫ {$black}（黑）  對  ⚪ {$white}（白）
board-players-nigiri = {$guesser} 與 {$grabber} · 猜先定黑白
field-move = 手數
field-captures = 提子
field-komi = 貼目
field-pass-stones = 停著交子
field-turn = 輪到
field-turn-ends = 本手截止
field-game-ends = 對局截止
field-result = 結果
field-agreement = 雙方停一手：確認死子
field-nigiri = 猜先
field-start-window = 開局截止
board-nigiri-guess = Tengen 為 {$grabber} 抓了一把白子。{$guesser}，請猜單雙；猜對的一方選色。在此之前不計時。
field-if-accepted = 若接受
field-accepted = 已接受
field-accepted-for-both = 自動接受
board-footer = 先點選目標點所在的區域，再點選該點落子。認輸需連按兩次。
board-moved = 棋盤已移至：{$link}
board-healed = 棋盤先前沒有及時更新，現在顯示的是目前的局面。請重新點選。
button-pass = 停一手
button-resign = 認輸
button-accept-marking = 接受
button-resume = 繼續對局
picker-points = 請在 **{$region}** 區域選擇落點（第 {$number} 手）：
picker-played = 你下在 **{$point}**。
picker-marks = **{$region}** 區域的死子：點選棋子即可把整塊棋標為死子（❌）或改回活棋（目前已標記 {$chains} 塊死子）。
answer-passed = 你停了一手。
answer-resign-armed = 再按一次「認輸」即認輸。此操作將於{$until}失效。
answer-resigned = 你已認輸。

## 死子確認

agreement-none-marked = 沒有標記死子。
agreement-marked = 標記為死子：{$chains} 塊（{$stones} 子），棋盤上以叉號標出。
agreement-how = 先點選區域，再點選棋子，即可把整塊棋標為死子或改回活棋。標記無誤請按 **接受**；有爭議請按 **繼續對局**，在棋盤上解決。
agreement-accepted-yes = ✅ 已接受
agreement-accepted-not-yet = ⏳ 尚未接受
agreement-footer = 時間到仍未操作，視為接受目前的標記。
score-line = 黑 {$black} · 白 {$white} → **{$result}**
    {$method}
counting-classic = 按盤面原樣數子（經典規則：不提死子）。
counting-territory = 按數目計算（日本規則）：地加提子，死子算作提子，雙活無目。
counting-aga = 按數子計算（AGA 規則）：活子加地，提去死子；每次停一手交給對方一顆子。
counting-area = 按數子計算（中國規則）：活子加地，提去死子。

## 結果

result-heading = 對局結束 #{$game}
result-points = {$winner} 勝 {$margin} 目（{$sgf}）
result-tie-to-black = {$winner} 勝：雙方點數相同，應氏規則和棋黑勝（{$sgf}）
result-resignation = {$winner} 中盤勝（{$sgf}）
result-time = {$winner} 超時勝（{$sgf}）
result-forfeit = {$winner} 判勝（{$sgf}）
result-short = 對局 #{$game}（{$black} 對 {$white}）已結束：{$result}。
result-draw = 和棋。
result-void = 不計勝負。
result-scores = 黑 {$black} · 白 {$white}（貼目 {$komi}）
result-no-dead = 沒有死子。
result-agreed-dead = 雙方確認的死子：{$chains} 塊（{$stones} 子）。
result-record = `/weiqi sgf game:{$game}` — 下載棋譜
abandoned = 對局作廢（{$why}），不計勝負。
abandoned-both-away = 雙方都未落子
abandoned-offline = 一方離線後未回來
abandoned-time-cap = 對局超過時限
annulled = 已被管理員作廢，不計勝負。
annulled-unreadable = 對局 #{$game}（{$black} 對 {$white}）已被管理員作廢：無法讀取其紀錄。不計勝負。
reward-merit = {$player} +{$amount} 功德
reward-title = {$player} 獲得稱號 **黑白手**

## 通知

notice-your-move = {$player} 輪到你了（第 {$number} 手{$last}）
notice-nigiri-guess = {$player} 你的比賽對局由猜先定黑白：請在棋盤上猜單雙。
notice-nigiri-choose = {$player} 你猜先獲勝：請在棋盤上選色。
notice-after-move = ，上一手 {$stone} {$point}
notice-after-pass = ，對方停了一手
notice-agreement = {$black} {$white} 雙方都已停一手：請檢查棋盤上以叉號標出的死子，然後按「接受」或「繼續對局」。
notice-board-not-posted = 我無法在 {$channel} 張貼你的對局 #{$game} 的棋盤：我可能沒有在那裡傳送訊息的權限。請管理員允許我在那裡發言，或在我能發言的頻道使用 `/weiqi board`。
notice-role-failed = 我無法把稱號身分組 {$role} 授予 {$player}：我需要「管理身分組」權限，而且我的身分組要排在它上面。管理員可以修正後手動授予。

## 狀態、資料、棋譜

how-to-start = 這裡還沒有對局。用 `/weiqi invite user:@someone` 發起一局，接受的一方執黑。第一次下圍棋？試試 `/weiqi learn`。
status-head = {$size}×{$size} · {$rules}規則 · 對局 {$game}
status-play = {$head}
    輪到：{$player}（{$color}）
    手數：{$number}
    提子：⚫ {$black_captures} · ⚪ {$white_captures}
    貼目：{$komi}
    {$timing}
status-turn-timing = 本手剩餘：{$left} · 對局剩餘：{$game_left}
status-agreement = {$head}
    雙方已停一手，正在確認死子。
    若接受：{$result}
    自動接受剩餘：{$left} · 對局剩餘：{$game_left}
profile-heading = 圍棋資料
profile-line = {$player}
    功德：**{$merit}** · 勝：**{$wins}** · 負：**{$losses}** · 和：**{$draws}**
profile-title = 稱號：**黑白手**
profile-ranked = 計分對局：**{$rank}{$provisional}** · 等級分 {$rating} ± {$deviation} · {$games} 局 {$wins} 勝 {$losses} 負{$streak}
profile-streak = {" · "}連續 {$n}
rank-heading = 計分對局
rank-none = 還沒有計分對局：用 ranked:True 邀請對手吧。
rank-stated = 你將從 {$rank} 開始計分對局，起初的 ± 較大，頭幾局會使它收窄。
leaderboard-heading = 排行榜（第 {$page} 頁）
leaderboard-empty = 還沒有計分的對局。
leaderboard-line = {$rank}. {$player} — {$merit} 功德 · {$wins} 勝 {$losses} 負
leaderboard-rating-heading = 等級分排行榜（第 {$page} 頁）
leaderboard-rating-empty = 還沒有下完的計分對局：用 ranked:True 邀請對手吧。
leaderboard-rating-line = {$place}. {$player} — {$rank}{$provisional} · {$rating} ± {$deviation} · {$wins} 勝 {$losses} 負
button-back = ◀ 上一頁
button-next = 下一頁 ▶
button-by-merit = 按功德
button-by-rating = 按等級分
sgf-no-game = 你在本伺服器還沒有下過棋。要下載其他對局的棋譜，請用 `game:` 指定對局編號。
sgf-record = 棋譜 #{$game}
sgf-running = 進行中
sgf-choice = #{$game} · {$size}×{$size} {$rules}規則 · {$result} · {$moves} 手
sgf-automatic-pass = 自動停一手（本手逾時）

## 入門教學（/weiqi learn）

learn-1-title = 1 · 棋盤與棋子
learn-1-text = 黑白雙方輪流在棋盤的空交叉點上放一顆棋子，黑棋先下。棋子落下後就不再移動；目標是比對手圍住更多的地盤。
learn-2-title = 2 · 氣與棋串
learn-2-text = 緊鄰棋子的空點（上下左右，不算斜線）叫作它的「氣」。相連的同色棋子組成一串，共用所有的氣：圖中的黑串有 6 口氣。
learn-3-title = 3 · 提子
learn-3-text = 如果一手棋填掉了對方棋串的最後一口氣，這些棋子就會被提走。圖中白子只剩一口氣，黑下在標記處就能提掉它。
learn-4-title = 4 · 禁止自殺
learn-4-text = 不能下在沒有氣的地方——除非這一手能提掉對方的子，因為先提子再判斷氣。黑不能下在標記處：那裡被白包圍，又提不到子。
learn-5-title = 5 · 打劫
learn-5-text = 提掉一子後，如果對方馬上又能提回，局面就會無限循環。所以不能立刻提回：要先在別處下一手（找劫材），下一回合才可以提。機器人會在圖上標出禁著點。
learn-6-title = 6 · 停一手與終局
learn-6-text = 任何時候都可以停一手（虛手）。雙方連續停一手，對局結束。在這裡，超過每手時限未落子會被自動停一手；連續兩次自動停一手，對局作廢，不計勝負。
learn-7-title = 7 · 數子
learn-7-text = 各方的得分是盤上己方棋子數加上只被己方棋子圍住的空點數。白方因為後下，另加貼目（經典規則 5.5 目，其他規則 6.5 或 7.5 目）；貼目帶半目就不會和棋。經典規則按盤面原樣計算：停一手之前請把死子提乾淨。
learn-8-title = 8 · 死子（中國、AGA、日本規則）
learn-8-text = 在這些規則下不必把死子全部提掉：雙方停一手後，機器人會用叉號標出它判斷的死子（圖中黑地裡的白子和白地裡的黑子），並顯示比分。先點選區域，再點選棋子，即可把整塊棋標為死子或活棋；標記無誤就按「接受」。有爭議就按「繼續對局」，在棋盤上解決。經典規則下請在停一手之前提掉死子。
learn-9-title = 9 · 在這裡下棋
learn-9-text = 用 `/weiqi invite` 邀請一位成員；接受邀請的一方執黑。在棋盤訊息上先點選包含目標點的區域，再點選那個點即可落子。「停一手」是一個按鈕；認輸需連按兩次，第二次要在幾秒之內。`/weiqi status` 可查看剩餘時間。聯棋與商談聯棋在 `/weiqi-team` 下，本伺服器的比賽在 `/weiqi-event` 下。

## Clocks
cmd-weiqi-invite-time = 用時
    .description = 用時方式：turn（每步限時）、blitz、live、correspondence
choice-time-turn = 每步限時
choice-time-blitz = 快棋
choice-time-live = 慢棋（讀秒）
choice-time-correspondence = 通訊棋（一步幾天）
refusal-time-not-allowed = 本伺服器不提供{$time}對局。可用：{$allowed}。
shape-time-preset = allowed-times 中的 turn、blitz、live、correspondence 之一
shape-time-presets = 包含 time-default 的 turn、blitz、live、correspondence 逗號列表
shape-time-control = 如 byo-yomi 10m 5x30s、fischer 2m +30s max 5m、penalty 1h（基本用時最多 3 小時）或 correspondence 3d +1d max 7d（1 小時至 30 天）
key-time-default = 邀請未指定時的用時方式
key-allowed-times = 邀請可選的用時方式
key-time-blitz = 快棋的用時
key-time-live = 慢棋的用時
key-time-correspondence = 通訊棋的用時
key-max-correspondence-games = 每人可同時進行的通訊棋盤數
choice-key-time-default = time-default · 預設用時
choice-key-allowed-times = allowed-times · 可選用時
choice-key-time-blitz = time-blitz · 快棋
choice-key-time-live = time-live · 慢棋
choice-key-time-correspondence = time-correspondence · 通訊棋
choice-key-max-correspondence-games = max-correspondence-games · 通訊棋盤數
time-preset-turn = 每步限時
time-preset-blitz = 快棋
time-preset-live = 慢棋
time-preset-correspondence = 通訊棋
time-turn = 每步 {$turn}
time-byo-yomi = 基本用時 {$main}，讀秒 {$period}×{$periods} 次
time-fischer = 費雪 {$initial}，每步加 {$increment}（最多 {$max}）
time-correspondence = 通訊棋 {$initial}，每步加 {$increment}（最多 {$max}）
time-penalty = {$main} + 罰點延時（應氏：每六分之一罰 2 點）
clock-byo-yomi = {$main} · {$period}×{$periods}
clock-overtime = 延時 {$overtime}（−{$points} 點）
field-time = 用時
field-clocks = 剩餘時間
field-time-runs-out = 超時於
notice-clock-reminder = {$player}，對局 #{$game} 的用時將於 {$deadline} 用完：輪到你下了。
status-clock = {$player}：{$clock}（基本用時 {$exact}）
status-runs-out = 行棋方的用時還剩 {$left}。
status-given-back = 機器人停機的 {$given} 已還給行棋方。
status-penalties = 罰點：⚫ {$black} · ⚪ {$white}
status-time = 用時：{$time}
result-penalties = 罰點延時：⚫ −{$black} · ⚪ −{$white} 點（已計入上面的點數）。
config-heading = 設定

## Several games
cmd-weiqi-games = 對局列表
    .description = 你正在進行的對局、輪到誰、每個棋盤的連結
cmd-weiqi-pass-game = 對局
    .description = 哪一盤（預設：這裡的對局，否則你唯一的對局）
cmd-weiqi-resign-game = 對局
    .description = 哪一盤（預設：這裡的對局，否則你唯一的對局）
cmd-weiqi-board-game = 對局
    .description = 哪一盤（預設：你在這裡的對局，否則本頻道的對局）
cmd-weiqi-status-game = 對局
    .description = 哪一盤（預設：你在這裡的對局，否則本頻道的對局）
games-your-move = 輪到你
games-their-move = 輪到對方
games-heading = 你正在進行的對局（{$count}）：
games-line = **#{$game}** · {$size}×{$size} · {$time} · 對手 {$opponent} · {$turn}，{$deadline} 超時{$link}
games-none = 你沒有正在進行的對局。用 `/weiqi invite user:@對手` 開始一盤吧。
refusal-too-many-correspondence-yours = 你已經有 {$max} 盤通訊棋，已達本伺服器同時進行的上限。
refusal-too-many-correspondence-theirs = 對方已經有 {$max} 盤通訊棋，已達本伺服器同時進行的上限。
refusal-which-game = 你有 {$count} 盤對局在進行：請用 `game` 選項指定，或在對局的頻道或討論串中使用（`/weiqi games` 可列出）。

## Takebacks and rematches
button-rematch = 再來一盤
button-takeback = 悔棋
button-takeback-accept = 同意悔棋
button-takeback-decline = 拒絕
board-takeback-asked = {$player} 請求悔掉剛下的一手：{$opponent}，請同意或拒絕。
board-stand-in = ⚠️ {$engine} 沒有給出著法，第 {$number} 手由 Tengen 高級代下。
key-takebacks = 是否可以請求悔掉自己剛下的一手（由對手決定）
choice-key-takebacks = takebacks · 悔棋
refusal-takebacks-off = 這盤棋不能悔棋。
refusal-nothing-to-undo = 只能在對手落子前悔掉自己的上一手（自動虛手不行）。
refusal-undo-pending = 已經有一個悔棋請求在等待回答。
refusal-no-undo-request = 沒有需要你回答的悔棋請求。
refusal-no-rematch = 只有已結束對局的雙方可以請求再來一盤。

## Answers in time, annulments, stored games that do not load

answer-posted-below = 已完成：請看下方的訊息。
answer-told-privately = 回覆已私下傳給你。
annulled-notice = {$black} {$white}：管理員已作廢對局 #{$game}，不計勝負。
player-unknown = （未知）
config-game-unloadable = （無法載入）
load-error-row = 儲存的資料無法讀取（`{$detail}`）
load-error-missing-move = 缺少第 {$number} 手
load-error-illegal = 第 {$number} 手不合規則：{$why}
load-error-move-count = 存有 {$stored} 手，應為 {$expected} 手
load-error-inconsistent = 儲存的對局自相矛盾：{$what}
inconsistent-no-result = 已結束卻沒有結果
inconsistent-negative-duration = 設定中的某個時間為負數
inconsistent-over-in-play = 雙方停一手後已結束，卻仍在對局中
inconsistent-early-agreement = 雙方尚未停一手就在確認死子
inconsistent-no-ending = 已結束卻沒有說明如何結束
inconsistent-resumptions = 紀錄的續弈次數與著手不符
inconsistent-moves-before-nigiri = 猜先定黑白之前已有著手

## Events: refusals

refusal-no-such-event = 本伺服器沒有這項比賽。
refusal-event-closed = 這項比賽已截止報名。
refusal-registration-over = 這項比賽的報名已於 {$closed} 截止，不再接受報名。
refusal-already-entered = 你已報名參加這項比賽。
refusal-event-full = 這項比賽已額滿：最多 {$max} 人。
refusal-event-role-needed = 這項比賽只限其指定身分組的成員參加。
refusal-event-games-needed = 參加這項比賽需要在本伺服器完成至少 {$needed} 盤等級對局。
refusal-barred-from-events = 管理員已取消你參加本伺服器比賽的資格，直到 {$until}。
refusal-event-started = 比賽已開始：參賽名單已確定。
refusal-not-entered = 你沒有參加（或已退出）這項比賽。
refusal-event-too-few-players = 這項比賽至少需要 {$needed} 名棋手才能開始。
refusal-event-teams-not-set = 擂台賽開始前須定好雙方隊伍。
refusal-event-over = 這項比賽已結束。
refusal-no-round-to-start = 沒有可開始的輪次：本輪仍在進行，或已無輪次。
refusal-event-terms-not-allowed = 比賽不能採用這些條件：輪數、人數、缺席次數或時間超出範圍，上限或下限不是段位，或定時賽程沒有輪次間隔（或非定時卻給了間隔）。報名期間為 5 秒至 90 天，宗旨最多 300 字。

## Events: commands

cmd-weiqi-event = 圍棋比賽
    .description = 參加本伺服器的比賽：列表、排名、棄權、棋譜
cmd-weiqi-event-list = 列表
    .description = 本伺服器的比賽
cmd-weiqi-event-standings = 排名
    .description = 比賽排名，以表格和圖片顯示
cmd-weiqi-event-standings-event = 比賽
    .description = 哪一項比賽（預設：最新一項比賽）
cmd-weiqi-event-withdraw = 棄權
    .description = 退出比賽：尚未下的對局均判負
cmd-weiqi-event-withdraw-event = 比賽
    .description = 哪一項比賽（預設：最新一項未結束的比賽）
cmd-weiqi-event-records = 棋譜
    .description = 比賽的全部對局，合為一個 SGF 檔案
cmd-weiqi-event-records-event = 比賽
    .description = 哪一項比賽（預設：最新一項比賽）
cmd-weiqi-organise = 圍棋辦賽
    .description = 主辦本伺服器的比賽：建立、開始、隊伍、禁賽、裁判裁定
cmd-weiqi-organise-create = 建立
    .description = 開放一項比賽的報名；比賽公告張貼在這裡
cmd-weiqi-organise-create-name = 名稱
    .description = 比賽名稱
cmd-weiqi-organise-create-format = 賽制
    .description = 棋手如何配對
cmd-weiqi-organise-create-purpose = 宗旨
    .description = 比賽宗旨，一句話（顯示在公告上）
cmd-weiqi-organise-create-registration = 報名期間
    .description = 報名開放多久，例如 3d 或 12h（預設：直到主辦方開始比賽）
cmd-weiqi-organise-create-size = 大小
    .description = 棋盤大小（預設：本伺服器的設定）
cmd-weiqi-organise-create-rules = 規則
    .description = 規則（預設：本伺服器的設定）
cmd-weiqi-organise-create-komi = 貼目
    .description = 分先對局的貼目（預設：規則本身的貼目）
cmd-weiqi-organise-create-handicap = 讓子
    .description = 分先，或依棋手段位讓子
cmd-weiqi-organise-create-time = 用時
    .description = 用時方式（預設：本伺服器的設定）
cmd-weiqi-organise-create-ranked = 計分
    .description = 對局是否計入等級分（預設依伺服器設定）
cmd-weiqi-organise-create-rounds = 輪數
    .description = 瑞士制或麥克馬洪制比賽的輪數（預設：5）
cmd-weiqi-organise-create-max_players = 人數上限
    .description = 最多接受多少名棋手（預設：賽制允許的最多人數）
cmd-weiqi-organise-create-role = 身分組
    .description = 只有該身分組的成員可以報名
cmd-weiqi-organise-create-min_games = 最少對局
    .description = 只有完成至少這麼多盤計分對局的棋手可以報名
cmd-weiqi-organise-create-schedule = 賽程
    .description = 各輪何時開始（預設：上一輪結束後立即開始）
cmd-weiqi-organise-create-start_window = 開局時限
    .description = 棋手下第一手的時限，逾時判缺席負：90s、10m、3d（預設：10m；通信對局 3d）
cmd-weiqi-organise-create-absences = 缺席次數
    .description = 允許缺席的次數，再多一次即罰停（預設：1）
cmd-weiqi-organise-create-bar = 上限段位
    .description = 麥克馬洪制的上限，段位如 1d（預設：1d）
cmd-weiqi-organise-create-floor = 下限段位
    .description = 麥克馬洪制的下限，段位如 20k（預設：20k）
cmd-weiqi-organise-create-relay = 轉播
    .description = 觀眾觀看每盤對局和名次的頻道（無按鈕）
cmd-weiqi-organise-create-round_interval = 輪次間隔
    .description = 定時賽程下，從一輪開始到下一輪開始的時間（1h、1d、7d）
cmd-weiqi-organise-create-colours = 定先
    .description = 分先對局的黑白：按對陣，或每局前猜先（預設：按對陣）
cmd-weiqi-organise-start = 開始
    .description = 開始比賽，或在手動賽程下開始下一輪
cmd-weiqi-organise-start-event = 比賽
    .description = 哪一項比賽（預設：最新一項未結束的比賽）
cmd-weiqi-organise-cancel = 取消
    .description = 取消比賽；進行中的對局作廢
cmd-weiqi-organise-cancel-event = 比賽
    .description = 哪一項比賽
cmd-weiqi-organise-team = 隊伍
    .description = 依隊長排定的出場順序設定擂台賽的一支隊伍
cmd-weiqi-organise-team-event = 比賽
    .description = 哪一項比賽
cmd-weiqi-organise-team-team = 隊伍
    .description = 第 1 隊或第 2 隊
cmd-weiqi-organise-team-players = 棋手
    .description = 提及各位棋手，先出場的在前
cmd-weiqi-organise-bar = 禁賽
    .description = 在若干天內取消一名成員參加本伺服器比賽的資格（0 為解除）
cmd-weiqi-organise-bar-user = 成員
    .description = 誰
cmd-weiqi-organise-bar-days = 天數
    .description = 多少天
cmd-weiqi-organise-rule = 裁定
    .description = 以裁判身分裁定比賽對局：判勝、確認點目、或重下
cmd-weiqi-organise-rule-game = 對局
    .description = 對局編號（棋盤上寫著）
cmd-weiqi-organise-rule-ruling = 裁定
    .description = 判黑勝或白勝、依標記確認點目、或作廢重下
choice-ruling-award-black = 判黑勝
choice-ruling-award-white = 判白勝
choice-ruling-settle = 依標記確認點目
choice-ruling-replay = 作廢重下

choice-format-round-robin = 循環賽（每人與其他所有人各下一局）
choice-format-knockout = 淘汰賽（單敗淘汰）
choice-format-double-knockout = 雙敗淘汰賽（輸兩局出局）
choice-format-swiss = 瑞士制（同分者相遇，不重複對陣）
choice-format-mcmahon = 麥克馬洪制（依段位給起始分的瑞士制）
choice-format-arena = 擂台賽（兩隊對抗，勝者守擂）
choice-format-ten-game = 十番棋（兩人對局，讓先隨勝負升降）
choice-handicap-even = 分先（依比賽條件貼目）
choice-handicap-by-rank = 依段位（根據段位讓子）
choice-schedule-continuous = 連續（上一輪結束即開始下一輪）
choice-schedule-manual = 手動（由管理員開始每一輪）
choice-schedule-timed = 定時（上一輪開始後固定時間開始下一輪）
choice-colours-pairing = 按對陣（賽制所定的黑白）
choice-colours-nigiri = 猜先（每局前猜單雙）
choice-key-event-organiser-role = event-organiser-role · 比賽主辦者身分組
key-event-organiser-role = 該身分組的成員可以像管理員一樣主持比賽
choice-key-event-referee-role = event-referee-role · 比賽裁判身分組
key-event-referee-role = 該身分組的成員可以像管理員一樣裁定比賽對局

## Events: what players see

format-round-robin = 循環賽
format-knockout = 淘汰賽
format-double-knockout = 雙敗淘汰賽
format-swiss = 瑞士制
format-mcmahon = 麥克馬洪制
format-arena = 擂台賽（團體賽，勝者守擂）
format-ten-game = 十番棋（一方領先四局即升降讓先）
event-heading = 🏆 {$name}（比賽 #{$id}）
event-format-rounds = {$format}，{$rounds} 輪
event-format-mcmahon = {$format}，{$rounds} 輪，上限 {$bar}，下限 {$floor}
event-even = 分先，貼目 {$komi}
event-by-rank = 依棋手段位讓子
event-board = {$size}×{$size} · {$rules}規則 · {$balance}
event-schedule-continuous = 上一輪結束後，下一輪立即開始。
event-schedule-manual = 每一輪由管理員開始。
event-schedule-timed = 每輪在上一輪開始 {$every} 後開始；屆時未下完的對局由裁判裁定。
event-round-overdue = ⏰ {$name}：第 {$round} 輪的時間已到，對局 {$games} 仍在進行。請裁判用 `/weiqi-organise rule` 裁定；裁定後下一輪開始。
event-penalties = 在 {$window} 內未下第一手的棋手判缺席負；允許缺席 {$absences} 次，再多一次即罰停。
event-entry-role = 限 {$role} 的成員參加。
event-relay = 每盤對局和名次在 {$channel} 轉播。
event-colours-nigiri = 每盤分先對局前猜先定黑白。
event-entry-games = 限已完成至少 {$games} 盤計分對局的棋手參加。
event-stage-registration = 報名中：請按「報名」。已有 {$count} 人，最多 {$max} 人。
event-registration-until = 報名截止：{$closes}。
event-stage-registration-closed = 報名已截止：共 {$count} 人。主辦方用 `/weiqi-organise start` 開始比賽。
event-purpose = *{$purpose}*
event-stage-running = 第 {$round} 輪正在進行。
event-stage-finished = 已結束。
event-stage-cancelled = 已被管理員取消。
event-players = 參賽棋手
event-no-players = 還沒有人報名。
event-and-more = ……還有 {$count} 人
event-team = 第 {$team} 隊
event-withdrawn = 已棄權
event-removed = 已罰停（缺席過多）
button-join = 報名
button-leave = 取消報名
event-round-heading = {$name}：第 {$round} 輪
event-board-line = 第 {$board} 台：⚫ {$black} — ⚪ {$white}
event-round-nigiri = 猜先定黑白：每盤分先對局由先列出的棋手在該局棋盤上猜單雙。
event-bye-line = {$player}：輪空（計勝）
event-forfeit-line = 第 {$board} 台：⚫ {$black} — ⚪ {$white}：{$result}（未對局）
event-black-won = 黑勝
event-white-won = 白勝
event-draw = 和棋
event-both-lost = 雙方皆負
event-standings-heading = {$name}：排名
event-standings-line = {$place}. {$player}（#{$seat}）— {$points} · {$tiebreaks}
event-won = 🏆 {$player} 獲得 {$name} 冠軍！
event-team-won = 🏆 第 {$team} 隊贏得 {$name}！
event-drawn = {$name} 以平局結束。
event-cancelled = {$name} 已被管理員取消；進行中的對局已作廢。
event-game = 🏆 對局 #{$game}（比賽 #{$event} 的對局）
event-choice-registration = 報名中
event-choice-round = 第 {$round} 輪
event-choice-finished = 已結束
event-choice-cancelled = 已取消
event-none = 本伺服器還沒有比賽。
event-none-open = 本伺服器目前沒有未結束的比賽；請用 `event:` 指定一項比賽。
event-no-records = 這項比賽還沒有下過任何對局。
event-records = {$name} 的全部對局，合為一個 SGF 檔案。

## Events: answers and refusals

answer-event-created = 比賽已開放報名：公告已張貼，附有「報名」和「取消報名」按鈕。
answer-round-started = 本輪開始：對陣表已張貼，各盤對局已開始。
answer-event-cancelled = 比賽已取消。
answer-ruled = 對局 #{$game} 的裁定已記錄並公布。
ruling-line = ⚖️ {$name} 第 {$round} 輪第 {$board} 台：裁判 {$referee} {$what}
ruling-award = 判 {$winner} 勝 {$loser}（裁定勝）。
ruling-settle = 依標記確認 {$black} 與 {$white} 對局的死子並點目。
ruling-replay = 判 {$black} 與 {$white} 的對局作廢，從頭重下（對局 #{$game}）。
ruling-history = 裁定
ruling-history-line = 第 {$round} 輪第 {$board} 台：{$referee} {$what}
ruling-game-choice = #{$game} · {$name} · 第 {$round} 輪第 {$board} 台
answer-team-set = 第 {$team} 隊已依此順序排定。
answer-barred = {$user} 在 {$days} 天內不得參加本伺服器的比賽。
answer-withdrew = 你已棄權：尚未下的對局均判負。
answer-joined = 你已報名參加 {$name}。比賽開始前，可用同一則公告上的「取消報名」按鈕退出。
answer-left = 你已退出 {$name}。
refusal-team-mentions = 請用提及（`@name @name`）依出場順序列出該隊棋手，不要寫其他內容。

## Team games: pair Go and consultation

cmd-weiqi-team = 圍棋團體
    .description = 多人對局：聯棋與商談聯棋
cmd-weiqi-team-pair = 聯棋
    .description = 聯棋：你和搭檔對另外兩人，輪流落子
cmd-weiqi-team-pair-partner = 搭檔
    .description = 你的搭檔
cmd-weiqi-team-pair-opponent = 對手
    .description = 對方一組的第一人
cmd-weiqi-team-pair-opponent_partner = 對手搭檔
    .description = 對方的搭檔
cmd-weiqi-team-pair-size = 大小
    .description = 棋盤大小（本伺服器允許的路數）
cmd-weiqi-team-pair-komi = 貼目
    .description = 白方貼目，整數或半目，例如 6.5
cmd-weiqi-team-pair-rules = 規則
    .description = 規則
cmd-weiqi-team-pair-time = 用時
    .description = 用時方式：turn、blitz、live、correspondence（每方一個鐘）
cmd-weiqi-team-pair-color = 執子
    .description = 你們一組的顏色（預設：對方一組執黑）
cmd-weiqi-team-consult = 商談聯棋
    .description = 各隊在討論串裡逐手投票的對局，或全伺服器對電腦
cmd-weiqi-team-consult-black_role = 黑方身分組
    .description = 黑方隊伍：這個身分組的成員
cmd-weiqi-team-consult-black_members = 黑方成員
    .description = 黑方隊伍：提及成員（@a @b）
cmd-weiqi-team-consult-white_role = 白方身分組
    .description = 白方隊伍：這個身分組的成員
cmd-weiqi-team-consult-white_members = 白方成員
    .description = 白方隊伍：提及成員（@a @b）
cmd-weiqi-team-consult-computer = 電腦
    .description = 電腦下沒有隊伍的一方（未指定隊伍：全體對電腦）
cmd-weiqi-team-consult-move_time = 投票時間
    .description = 每手隊伍投票的時間：30s、2m、1h（預設 60s）
cmd-weiqi-team-consult-size = 大小
    .description = 棋盤大小（本伺服器允許的路數）
cmd-weiqi-team-consult-rules = 規則
    .description = 規則
cmd-weiqi-team-consult-komi = 貼目
    .description = 白方貼目，整數或半目，例如 6.5
choice-computer-beginner = 初級
choice-computer-intermediate = 中級
choice-computer-advanced = 高級
choice-computer-engine = 外部引擎
key-team-games-for-everyone = 是否任何成員（不只是管理員）都可以發起商談聯棋
choice-key-team-games-for-everyone = team-games-for-everyone · 商談聯棋
perm-create-private-threads = 建立私人討論串
refusal-invitation-already-accepted = 你已經接受了這個邀請；其他人也接受後開始。
refusal-partners-move = 輪到你的搭檔：聯棋輪流落子（停一手和認輸兩人都可以）。
refusal-not-a-team-game = 這盤棋不是團體對局。
refusal-not-your-teams-turn = 輪到對方隊伍：輪到你們隊時再投票。
refusal-not-on-team = 你不在這盤棋裡正輪到的隊伍中（身分組隊伍需要該身分組）。
refusal-vote-closed = 那次投票已結束：這一手已經下了。請在現在的棋盤上投票。
refusal-vote-on-team-board = 這是團體對局：請在你們隊討論串裡的棋盤上投票。
refusal-team-games-by-moderators = 本伺服器的商談聯棋由管理員發起。
refusal-bad-teams = 這樣的隊伍無法對局：每隊至少一人，不能有人同屬兩隊，兩隊不能是同一個身分組，投票時間為 10 秒到 7 天。
refusal-not-for-team-games = 團體對局為分先、不計等級分、不猜先：請不要指定讓子、計分和猜先。
refusal-team-sides = 每隊只指定一次：用身分組，或提及成員（@a @b），二者選一，不要寫別的。
refusal-move-time = 投票時間請寫成 30s、2m、1h 這樣的時長。
refusal-team-game-in-thread = 商談聯棋要為各隊開討論串：請在頻道裡發起，不要在討論串裡。
inconsistent-teams = 隊伍紀錄不一致
sgf-vote-pass = 停一手
sgf-vote-resign = 認輸
team-anyone-name = 全伺服器
team-anyone = 這裡的所有人
team-seat = 一支隊伍
team-form-pair = 聯棋：黑1、白1、黑2、白2 輪流
team-form-consultation = 商談聯棋：各隊在自己的討論串投票決定每一手
team-votes-now = {$color}方隊伍投票中
team-pair-place = {$color}{$place}
team-no-votes = 還沒有投票。
team-vote-pass = 停一手
team-vote-resign = 認輸
team-board-footer = 你們隊（{$color}方）的棋盤：點區域再點交叉點來投票；時間到、全員投票或某一選項過半時落子。
field-votes = 投票
button-vote-pass = 投票停一手
button-vote-resign = 投票認輸
team-thread-name = 圍棋 #{$game} · {$color}方隊伍
team-thread-welcome = 這是你們隊在第 #{$game} 局的討論串：在這裡商量，並在下面的棋盤上投票。對方隊伍看不到。
notice-team-vote = {$team}：輪到你們隊下第 {$number} 手。請在 {$deadline}前投票。
picker-voted = 你投給了 **{$choice}**。
answer-team-game = 商談聯棋開始：棋盤在本頻道，各隊在自己的討論串投票。
invitation-pair = {$invitee}、{$invitee_partner}：{$inviter} 和 {$partner} 邀請你們下聯棋：{$size}×{$size} · {$rules}規則 · 貼目 {$komi}{$handicap}。
    順序：{$order}。受邀的三人都接受後開始；已接受：{$accepted}。截止 {$expires}。
pair-accepted-none = 還沒有人
