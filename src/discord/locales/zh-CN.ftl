### Tengen 的简体中文文本（zh-CN）；缺少的文本以英文（en-US）代替。
### 每种语言都有相同的 id 和相同的变量（有测试检查）。

## 命令、选项与选项值。`cmd-` id 的值是命令在该语言中的名称（小写、无空格），
## 其 `.description` 是 Discord 显示在名称下方的说明。

cmd-weiqi = 围棋
    .description = 与另一位成员下围棋
cmd-weiqi-invite = 邀请
    .description = 邀请一位成员对局
cmd-weiqi-invite-user = 对手
    .description = 邀请谁
cmd-weiqi-invite-size = 大小
    .description = 棋盘大小（本服务器允许的路数）
cmd-weiqi-invite-komi = 贴目
    .description = 白方贴目，整数或半目，例如 6.5
cmd-weiqi-invite-rules = 规则
    .description = 规则
cmd-weiqi-invite-handicap = 让子
    .description = 接受方（执黑）的让子数：2–9（白先行），1 为让先（不贴目）
cmd-weiqi-invite-ranked = 计分
    .description = 结果是否计入双方等级分（默认按服务器设置）
cmd-weiqi-ai = 人机
    .description = 立即与电脑（天元自己的引擎）对局
cmd-weiqi-ai-level = 级别
    .description = 电脑的棋力（默认：本服务器提供的最高级别）
cmd-weiqi-ai-size = 大小
    .description = 棋盘大小（本服务器允许的大小）
cmd-weiqi-ai-rules = 规则
    .description = 规则
cmd-weiqi-ai-color = 执子
    .description = 你执的颜色（默认：黑，先行）
cmd-weiqi-invite-color = 执子
    .description = 你执的颜色，或猜先（受邀者猜单双，猜对的一方选色）
cmd-weiqi-ai-ranked = 计分
    .description = 结果是否计入你的等级分（默认按服务器设置）
cmd-weiqi-accept = 接受
    .description = 接受邀请
cmd-weiqi-accept-user = 邀请人
    .description = 邀请你的人
cmd-weiqi-decline = 拒绝
    .description = 拒绝邀请
cmd-weiqi-decline-user = 邀请人
    .description = 邀请你的人
cmd-weiqi-cancel = 撤回
    .description = 撤回你发出的邀请
cmd-weiqi-cancel-user = 对手
    .description = 你邀请的人（如果邀请了不止一位）
cmd-weiqi-board = 棋盘
    .description = 在频道底部重新显示棋盘
cmd-weiqi-pass = 停一手
    .description = 本手不落子，停一手
cmd-weiqi-resign = 认输
    .description = 认输（需按两次确认）
cmd-weiqi-status = 状态
    .description = 棋盘大小、轮到谁、提子、贴目与剩余时间
cmd-weiqi-profile = 资料
    .description = 功德、胜局与称号
cmd-weiqi-profile-user = 棋手
    .description = 谁的资料
cmd-weiqi-leaderboard = 排行榜
    .description = 本服务器排行榜
cmd-weiqi-leaderboard-by = 排序
    .description = 按等级分（默认）或按功德排序
cmd-weiqi-rank = 段位
    .description = 计分对局的段位、等级分及其走势
cmd-weiqi-rank-user = 用户
    .description = 谁的段位
cmd-weiqi-rank-start = 起始段位
    .description = 第一盘计分对局前申报一次：起始段位 15k、5k、1d…（最高 3d）
cmd-weiqi-sgf = 棋谱
    .description = 下载棋谱（SGF）
cmd-weiqi-sgf-game = 对局
    .description = 哪一局（默认：你最近的一局）
cmd-weiqi-learn = 入门
    .description = 从零学习围棋规则
cmd-weiqi-config = 围棋设置
    .description = 本服务器的围棋设置（需“管理服务器”权限）
cmd-weiqi-config-show = 查看
    .description = 查看本服务器的设置
cmd-weiqi-config-set = 修改
    .description = 修改一项设置
cmd-weiqi-config-set-key = 设置项
    .description = 设置项
cmd-weiqi-config-set-value = 值
    .description = 新的值
cmd-weiqi-config-reset = 重置
    .description = 把一项设置恢复为默认值
cmd-weiqi-config-reset-key = 设置项
    .description = 设置项
cmd-weiqi-config-games = 对局列表
    .description = 本服务器正在进行的对局
cmd-weiqi-config-annul = 作废
    .description = 结束一盘进行中的对局，不计结果
cmd-weiqi-config-annul-game = 对局
    .description = 哪一局

choice-rules-classic = 经典规则（按盘面原样计算）
choice-rules-chinese = 中国规则（数子，禁止全局同形）
choice-rules-aga = AGA 规则（数子，停一手交一子）
choice-rules-japanese = 日本规则（数目）
choice-rules-korean = 韩国规则（数目）
choice-rules-ing = 应氏规则（计点，贴8点，和棋黑胜）
choice-key-enabled = enabled · 启用围棋
choice-key-board-size = board-size · 默认棋盘大小
choice-key-allowed-sizes = allowed-sizes · 允许的棋盘大小
choice-key-komi = komi · 贴目
choice-key-allowed-komi = allowed-komi · 允许的贴目范围
choice-key-rules = rules · 默认规则
choice-key-allowed-rules = allowed-rules · 允许的规则
choice-key-turn-timeout-seconds = turn-timeout-seconds · 每手时限（秒）
choice-key-reconnect-grace-seconds = reconnect-grace-seconds · 离线保留时间（秒）
choice-key-match-max-minutes = match-max-minutes · 对局总时限（分钟）
choice-key-offer-expiry-seconds = offer-expiry-seconds · 邀请有效期（秒）
choice-key-resign-confirm-window-seconds = resign-confirm-window-seconds · 认输确认时限（秒）
choice-key-merit-min-moves = merit-min-moves · 获得功德的最少手数
choice-key-merit-amount = merit-amount · 每局功德数
choice-key-merit-winner-bonus = merit-winner-bonus · 胜者额外功德
choice-key-merit-lifetime-cap = merit-lifetime-cap · 功德奖励次数上限
choice-key-move-notify = move-notify · 轮到落子时的提醒方式
choice-key-match-threads = match-threads · 每局开一个子区
choice-key-title-role = title-role · 称号身份组
choice-key-language = language · 公开消息的语言

choice-level-beginner = 初级
choice-level-intermediate = 中级
choice-level-advanced = 高级
choice-level-engine = 外部引擎
choice-by-rating = 等级分
choice-by-merit = 功德
choice-color-black = 黑（你先行）
choice-color-white = 白
choice-color-nigiri = 猜先（猜单双）
choice-key-ai-enabled = ai-enabled · 允许人机对局
choice-key-ai-levels = ai-levels · 可选的电脑级别
choice-key-ai-resigns = ai-resigns · 电脑会认输
choice-key-ranked-default = ranked-default · 默认计分
## 规则、颜色、列表。

rules-classic = 经典
rules-chinese = 中国
rules-aga = AGA
rules-japanese = 日本
rules-korean = 韩国
rules-ing = 应氏
color-black = 黑
color-white = 白
list-separator = {"、"}
title-name = 黑白手

## 拒绝：为什么什么都没有改变。

refusal-invite-self = 你不能邀请自己，请邀请其他成员。
refusal-invite-bot = 这里不能和机器人下棋，请邀请真人。
refusal-you-are-busy = 你已经在对局中。请先下完这一局（或认输），再开始新的对局。
refusal-they-are-busy = 对方正在对局中，请稍后再试。
refusal-duplicate-invitation = 你们之间已有一个待回复的邀请，请等待对方回复。
refusal-server-disabled = 本服务器已关闭围棋功能，管理员可以重新开启。
refusal-size-not-allowed = 本服务器不允许 {$size}×{$size} 的棋盘。允许的大小：{$allowed}。
refusal-rules-not-allowed = 本服务器不允许使用{$rules}规则。允许的规则：{$allowed}。
refusal-komi-not-half-points = 贴目必须是整数或半目，例如 6.5 或 7。
refusal-komi-not-allowed = 这里不允许贴 {$komi} 目：本服务器允许的贴目范围是 {$low} 到 {$high}，请在此范围内选择。
refusal-handicap-not-possible = { $max ->
        [0] {$size}×{$size} 的棋盘太小，不能让子：至少需要 7×7。
       *[other] {$size}×{$size} 的棋盘放不下 {$stones} 个让子：最多 {$max} 子。
    }
refusal-no-such-invitation = 没有待回复的邀请。
refusal-not-for-you = 这个邀请不是发给你的。
refusal-not-your-invitation = 只有发出邀请的成员才能撤回它。
refusal-invitation-expired = 这个邀请已过期。
refusal-nigiri-even-only = 猜先只用于分先对局：让子和猜先只能选一个。
refusal-nigiri-guess-first = 这个邀请以猜先定黑白：请在邀请上按“单”或“双”来接受。
refusal-not-nigiri-step = 这个按钮不属于猜先的当前步骤。
refusal-not-your-choice = 由猜先的胜者选色。
refusal-not-your-guess = 这盘棋的猜先由你的对手猜单双。
refusal-nigiri-first = 这盘棋先要猜先定黑白：请用棋盘上的按钮猜单双或选色。
refusal-not-in-game = 你不在对局中。用 /weiqi invite 发起一局。
refusal-no-such-game = 本服务器没有这个对局。
refusal-not-your-game = 这不是你的对局，你可以观战。
refusal-not-your-turn = 还没轮到你。
refusal-stale-board = 这张棋盘画出之后局面已经变化，请使用最新的棋盘。
refusal-illegal = 这里不能落子：{$why}。
refusal-game-over = 这盘棋已经结束。
refusal-not-moderator = 只有拥有“管理服务器”权限的成员才能修改围棋设置或结束对局。
refusal-not-organiser = 只有管理员（“管理服务器”权限）和本服务器比赛组织者身份组的成员才能主持比赛。
refusal-not-referee = 只有管理员（“管理服务器”权限）和本服务器比赛裁判身份组的成员才能裁定。
refusal-not-an-event-game = 这不是一盘正在进行的比赛对局。
refusal-in-agreement = 对局正在确认死子：请接受当前标记、切换某块棋的死活，或继续对局。
refusal-place-handicap-first = 黑方还在摆放让子（还剩 {$left} 子）：每子点一个交叉点，摆完后白方行棋。
refusal-not-in-agreement = 只有双方都停一手之后才标记死子（经典规则下不标记）。
refusal-no-stone-there = 那里没有可以标记的棋子。
refusal-already-accepted = 你已经接受了这个标记，正在等待对手。
refusal-nothing-to-do = 没有任何变化。
refusal-computer-disabled = 本服务器已关闭人机对局，管理员可以重新开启。
refusal-level-not-allowed = 本服务器不提供{$level}级别。可选：{$allowed}。
refusal-already-rated = 你在这里已经有等级分了：起始段位只能在第一盘计分对局之前申报一次。
refusal-rank-not-allowed = 这不是可以起步的段位：请写成 15k、5k 或 1d 这样，最高 3d。
refusal-computer-busy = { $max ->
        [0] 本机器人的运营者关闭了人机对局。
       *[other] 电脑已在下 {$max} 盘棋，达到了本机器人允许的上限。请稍后再试。
    }
refusal-bot-permissions = 我无法在这个频道进行对局：我在这里需要 {$missing} 权限。管理员可以授予这些权限（或者到其他频道发起邀请）。
perm-view-channel = 查看频道
perm-send-messages = 发送消息
perm-send-messages-in-threads = 在子区中发送消息
perm-embed-links = 嵌入链接
perm-attach-files = 附加文件
perm-read-message-history = 阅读消息历史记录
perm-create-public-threads = 创建公开子区
illegal-off-board = 该点不在棋盘上
illegal-occupied = 那里已经有棋子了
illegal-suicide = 落子后没有气（自杀）
illegal-ko = 打劫时不能立即提回，请先在别处下一手
illegal-superko = 会重复之前出现过的局面（全局同形，超级劫）
illegal-game-over = 对局已经结束
failure-internal = 我们这边出了问题，没有做任何更改。请重试。
failure-unavailable = 暂时无法连接数据库，什么都没有改变。请稍后再试。
failure-unloadable = 无法读取这盘棋的记录，没有任何改动；机器人的托管者可以在日志里找到原因。
bot-restarting = 机器人正在重启，请稍后再试。
use-in-a-server = 请在服务器中使用此命令。
option-not-understood = 无法识别其中一个选项，请检查后重试。
command-not-understood = 无法识别该命令，请在 Discord 刷新命令列表后重试。
command-moved = `/{$old}` 已改为 `/{$new}`：命令已按用途重新分组（`/weiqi`、`/weiqi-team`、`/weiqi-event`、`/weiqi-organise`、`/weiqi-config`）。
button-unknown = 无法识别这个按钮（可能来自旧版本）。请用 `/weiqi board` 获取最新棋盘。

## 设置：有效值的格式，以及每项设置的作用。

setting-unknown-key = 没有名为 `{$key}` 的设置项。
setting-bad-value = `{$value}` 不是 `{$key}` 的有效值：应为{$expected}。
shape-switch = true 或 false
shape-seconds = {$min} 到 {$max} 之间的整数秒数
shape-minutes = {$min} 到 {$max} 之间的整数分钟数
shape-moves = {$min} 到 {$max} 之间的整数手数
shape-number = {$min} 到 {$max} 之间的整数
shape-board-size = 5 到 19 之间、且在 allowed-sizes 中的棋盘大小
shape-board-sizes = 用逗号分隔的 5 到 19 之间的大小列表，须包含 board-size，例如 7,9,13
shape-komi = allowed-komi 范围内的整数或半目，例如 6.5；或 "default"（使用规则自带的贴目）
shape-komi-range = 贴目范围，例如 5.5..7.5，取值在 -50 到 50 之间，且须包含本服务器的贴目
shape-rules = classic、chinese、aga、japanese 或 korean 之一，且须在 allowed-rules 中
shape-rule-list = 用逗号分隔的 classic、chinese、aga、japanese、korean 列表，须包含 rules 的值
shape-move-notify = mention（提及）、dm（私信）或 none（不提醒）
shape-role = 一个身份组（ID 或提及），或 "none"
shape-language = auto（服务器的语言）、en、zh-CN、zh-TW、ja 或 ko
shape-levels = beginner、intermediate、advanced 中的若干项，用逗号分隔
key-enabled = 本服务器的围棋功能
key-board-size = 默认棋盘大小
key-allowed-sizes = 邀请时可选的棋盘大小
key-komi = 本服务器规则下白方的贴目
key-allowed-komi = 对局允许的贴目范围
key-rules = 默认规则
key-allowed-rules = 邀请时可选的规则
key-turn-timeout-seconds = 每手的时限，超时自动停一手
key-reconnect-grace-seconds = 棋手离线后对局保留多久
key-match-max-minutes = 一局棋实际用时的上限
key-offer-expiry-seconds = 邀请等待回复的时间
key-resign-confirm-window-seconds = 第二次按“认输”须在此时间内
key-merit-min-moves = 认输的对局至少要下多少手才给功德
key-merit-amount = 双方各得的功德，每对棋手只给一次
key-merit-winner-bonus = 胜者额外获得的功德
key-merit-lifetime-cap = 一位棋手最多能参与多少次功德奖励
key-move-notify = 如何提醒轮到落子的棋手
key-match-threads = 每局棋开一个子区
key-title-role = 随称号授予的身份组
key-language = 公开消息使用的语言

key-ai-enabled = 成员可以与电脑对局
key-ai-levels = 成员可选的电脑级别
key-ai-resigns = 电脑在败局已定时认输
key-ranked-default = 邀请未说明时按计分（升降级）对局
## /weiqi-config

config-saved = 已保存 `{$key}`。
config-reset = 已将 `{$key}` 恢复为默认值。
config-title-granted = 已将该身份组授予已持有称号的 {$granted} 名棋手{ $failed ->
        [0] 。
       *[other] ；其中 {$failed} 名未能授予（见机器人日志）。
    }
config-role-missing = 本服务器没有身份组 {$role}。
config-role-unreadable = 无法读取本服务器的身份组，请稍后再试。
config-role-no-permission = 我无法在这里授予身份组：请先给我“管理身份组”权限。
config-role-too-high = 我无法授予 {$role}：我自己的身份组必须排在它上面。请在服务器设置中把我的身份组拖到它上方，然后重新设置。
config-role-managed = {$role} 属于某个集成（机器人或订阅），任何人都无法授予。请选择其他身份组。
config-no-games = 本服务器当前没有进行中的对局。
config-game-line = #{$game} · {$summary} · ⚫ {$black} 对 ⚪ {$white} · 已下 {$moves} 手 · {$started}开始 · {$channel}
config-game-broken = #{$game} · 无法加载（{$why}）；用 `/weiqi-config annul game:{$game}` 结束它
config-more-games = ……还有 {$count} 局。
config-annulled = 对局 #{$game} 已作废：不计结果，不作记录。已通知双方棋手。

## 邀请

invitation = {$invitee}，{$inviter} 邀请你下一盘围棋：{$size}×{$size} · {$rules}规则 · 贴目 {$komi}{$handicap}。
    {$first}邀请将于{$expires}失效。
invitation-colours = {$who}{$first}
invitation-colours-acceptor = 接受邀请的一方执黑。
invitation-colours-rematch = 再战交换黑白：{$black} 执黑。
invitation-colours-rematch-handicap = 再战保留让子：{$black} 执黑受让。
invitation-colours-lower-rank = {$black} 段位较低，执黑受让。
invitation-colours-chosen = {$inviter} 选择了{$color}。
invitation-colours-nigiri = 猜先已定：{$black} 执黑。
invitation-nigiri-guess = 以猜先定黑白：Tengen 替 {$inviter} 抓了一把白子。{$invitee}，猜单还是双即接受邀请；猜中的一方选色。
invitation-nigiri-open = 手中共 {$stones} 子（{$parity}），{$invitee} 猜的是{$guess}。{$chooser}，请选择执黑还是执白。
nigiri-odd = 单
nigiri-even = 双
invitation-black-moves-first = 黑方先行。
invitation-white-moves-first = 黑方摆好让子后，白方先行。
terms-handicap = 让 {$stones} 子
terms-handicap-free = 让 {$stones} 子（黑方自由摆放）
board-placing-handicap = 正在摆放让子：已摆 {$placed} / {$stones} 子。每子点一个交叉点，摆完后白方行棋。
terms-no-komi = 让先（不贴目，黑先）
terms-ranked = 计分对局
field-handicap = 让子
invitation-closed = ~~{$inviter} 发给 {$invitee} 的邀请~~ {$why}
invitation-declined = 已拒绝。
invitation-expired = 此邀请已过期。
invitation-cancelled = 邀请人已撤回。
invitation-superseded = 已撤回：你们中有人开始了另一局。
invitation-game-on = 对局开始：⚫ {$black} 对 ⚪ {$white}
thread-name = 围棋 #{$game}
button-accept = 接受
button-odd = 单
button-even = 双
button-take-black = 执黑
button-take-white = 执白
button-decline = 拒绝
button-cancel = 撤回
answer-accepted = 已接受：你执黑。
answer-declined = 已拒绝。
answer-cancelled = 你的邀请已撤回。

level-beginner = 初级
level-intermediate = 中级
level-advanced = 高级
level-engine = 外部引擎
rank-kyu = {$n} 级
rank-dan = {$n} 段
computer-name = 🤖 天元 · {$level}（约 {$rank}）
computer-name-engine = 🤖 {$name}（约 {$rank}）
computer-thinking = 🤖 天元正在思考……
answer-computer-game = 人机对局开始：棋盘就在本频道。祝你好运！
profile-computer = 对{$computer}：{$wins} 胜 {$losses} 负{ $draws ->
        [0] {""}
       *[other] ，{$draws} 和
    }
## 棋盘

board-title = 围棋 · {$size}×{$size} · {$rules}规则
board-players = ⚫ {$black}（黑）  对  ⚪ {$white}（白）
board-players-nigiri = {$guesser} 与 {$grabber} · 猜先定黑白
field-move = 手数
field-captures = 提子
field-komi = 贴目
field-pass-stones = 停着交子
field-turn = 轮到
field-turn-ends = 本手截止
field-game-ends = 对局截止
field-result = 结果
field-agreement = 双方停一手：确认死子
field-nigiri = 猜先
field-start-window = 开局截止
board-nigiri-guess = Tengen 为 {$grabber} 抓了一把白子。{$guesser}，请猜单双；猜对的一方选色。在此之前不计时。
field-if-accepted = 若接受
field-accepted = 已接受
field-accepted-for-both = 自动接受
board-footer = 先点击目标点所在的区域，再点击该点落子。认输需连按两次。
board-moved = 棋盘已移至：{$link}
board-healed = 棋盘之前没有及时更新，现在显示的是当前局面。请重新点击。
button-pass = 停一手
button-resign = 认输
button-accept-marking = 接受
button-resume = 继续对局
picker-points = 请在 **{$region}** 区域选择落点（第 {$number} 手）：
picker-played = 你下在 **{$point}**。
picker-marks = **{$region}** 区域的死子：点击棋子即可把整块棋标为死子（❌）或改回活棋（当前已标记 {$chains} 块死子）。
answer-passed = 你停了一手。
answer-resign-armed = 再按一次“认输”即认输。此操作将于{$until}失效。
answer-resigned = 你已认输。

## 死子确认

agreement-none-marked = 没有标记死子。
agreement-marked = 标记为死子：{$chains} 块（{$stones} 子），棋盘上以叉号标出。
agreement-how = 先点击区域，再点击棋子，即可把整块棋标为死子或改回活棋。标记无误请点 **接受**；有争议请点 **继续对局**，在棋盘上解决。
agreement-accepted-yes = ✅ 已接受
agreement-accepted-not-yet = ⏳ 未接受
agreement-footer = 超时未操作视为接受当前标记。
score-line = 黑 {$black} · 白 {$white} → **{$result}**
    {$method}
counting-classic = 按盘面原样数子（经典规则：不提死子）。
counting-territory = 按数目计算（日本规则）：地加提子，死子算作提子，双活无目。
counting-aga = 按数子计算（AGA 规则）：活子加地，提去死子；每次停一手交给对方一枚子。
counting-area = 按数子计算（中国规则）：活子加地，提去死子。

## 结果

result-heading = 对局结束 #{$game}
result-points = {$winner} 胜 {$margin} 目（{$sgf}）
result-tie-to-black = {$winner} 胜：双方点数相同，应氏规则和棋黑胜（{$sgf}）
result-resignation = {$winner} 中盘胜（{$sgf}）
result-time = {$winner} 超时胜（{$sgf}）
result-forfeit = {$winner} 判胜（{$sgf}）
result-short = 对局 #{$game}（{$black} 对 {$white}）已结束：{$result}。
result-draw = 和棋。
result-void = 不计胜负。
result-scores = 黑 {$black} · 白 {$white}（贴目 {$komi}）
result-no-dead = 没有死子。
result-agreed-dead = 双方确认的死子：{$chains} 块（{$stones} 子）。
result-record = `/weiqi sgf game:{$game}` — 下载棋谱
abandoned = 对局作废（{$why}），不计胜负。
abandoned-both-away = 双方均未落子
abandoned-offline = 一方离线未归
abandoned-time-cap = 对局超过时限
annulled = 已被管理员作废，不计胜负。
annulled-unreadable = 对局 #{$game}（{$black} 对 {$white}）已被管理员作废：无法读取其记录。不计胜负。
reward-merit = {$player} +{$amount} 功德
reward-title = {$player} 获得称号 **黑白手**

## 通知

notice-your-move = {$player} 轮到你了（第 {$number} 手{$last}）
notice-nigiri-guess = {$player} 你的比赛对局由猜先定黑白：请在棋盘上猜单双。
notice-nigiri-choose = {$player} 你猜先获胜：请在棋盘上选色。
notice-after-move = ，上一手 {$stone} {$point}
notice-after-pass = ，对方停了一手
notice-agreement = {$black} {$white} 双方都已停一手：请检查棋盘上用叉号标出的死子，然后点“接受”或“继续对局”。
notice-board-not-posted = 我无法在 {$channel} 发布你的对局 #{$game} 的棋盘：我可能没有在那里发言的权限。请让管理员允许我在那里发言，或在我能发言的频道使用 `/weiqi board`。
notice-role-failed = 我无法把称号身份组 {$role} 授予 {$player}：我需要“管理身份组”权限，并且我的身份组要排在它上面。管理员可以修正后手动授予。

## 状态、资料、棋谱

how-to-start = 这里还没有对局。用 `/weiqi invite user:@someone` 发起一局，接受的一方执黑。第一次下围棋？试试 `/weiqi learn`。
status-head = {$size}×{$size} · {$rules}规则 · 对局 {$game}
status-play = {$head}
    轮到：{$player}（{$color}）
    手数：{$number}
    提子：⚫ {$black_captures} · ⚪ {$white_captures}
    贴目：{$komi}
    {$timing}
status-turn-timing = 本手剩余：{$left} · 对局剩余：{$game_left}
status-agreement = {$head}
    双方已停一手，正在确认死子。
    若接受：{$result}
    自动接受剩余：{$left} · 对局剩余：{$game_left}
profile-heading = 围棋资料
profile-line = {$player}
    功德：**{$merit}** · 胜：**{$wins}** · 负：**{$losses}** · 和：**{$draws}**
profile-title = 称号：**黑白手**
profile-ranked = 计分对局：**{$rank}{$provisional}** · 等级分 {$rating} ± {$deviation} · {$games} 局 {$wins} 胜 {$losses} 负{$streak}
profile-streak = {" · "}连续 {$n}
rank-heading = 计分对局
rank-none = 还没有计分对局：用 ranked:True 邀请对手吧。
rank-stated = 你将从 {$rank} 开始计分对局，起初的 ± 较大，头几局会使它收窄。
leaderboard-heading = 排行榜（第 {$page} 页）
leaderboard-empty = 还没有计分的对局。
leaderboard-line = {$rank}. {$player} — {$merit} 功德 · {$wins} 胜 {$losses} 负
leaderboard-rating-heading = 等级分排行榜（第 {$page} 页）
leaderboard-rating-empty = 还没有下完的计分对局：用 ranked:True 邀请对手吧。
leaderboard-rating-line = {$place}. {$player} — {$rank}{$provisional} · {$rating} ± {$deviation} · {$wins} 胜 {$losses} 负
button-back = ◀ 上一页
button-next = 下一页 ▶
button-by-merit = 按功德
button-by-rating = 按等级分
sgf-no-game = 你在本服务器还没有下过棋。要下载其他对局的棋谱，请用 `game:` 指定对局编号。
sgf-record = 棋谱 #{$game}
sgf-running = 进行中
sgf-choice = #{$game} · {$size}×{$size} {$rules}规则 · {$result} · {$moves} 手
sgf-automatic-pass = 自动停一手（本手超时）

## 入门教程（/weiqi learn）

learn-1-title = 1 · 棋盘与棋子
learn-1-text = 黑白双方轮流在棋盘的空交叉点上放一枚棋子，黑先行。棋子落下后不再移动；目标是比对手围住更多的地盘。
learn-2-title = 2 · 气与棋串
learn-2-text = 紧挨着棋子的空点（上下左右，不算斜线）叫作它的“气”。相连的同色棋子组成一串，共享所有的气：图中的黑串有 6 口气。
learn-3-title = 3 · 提子
learn-3-text = 如果一手棋填掉了对方棋串的最后一口气，这些棋子就被提走。图中白子只剩一口气，黑下在标记处即可提掉它。
learn-4-title = 4 · 禁止自杀
learn-4-text = 不能下在没有气的地方——除非这一手能提掉对方的子，因为先提子再判断气。黑不能下在标记处：那里被白包围，又提不到子。
learn-5-title = 5 · 打劫
learn-5-text = 提掉一子后，如果对方马上又能提回，局面就会无限循环。所以不能立刻提回：要先在别处下一手（找劫材），下一回合才可以提。机器人会在图上标出禁着点。
learn-6-title = 6 · 停一手与终局
learn-6-text = 任何时候都可以停一手（虚手）。双方连续停一手，对局结束。在这里，超过每手时限未落子会被自动停一手；连续两次自动停一手，对局作废，不计胜负。
learn-7-title = 7 · 数子
learn-7-text = 各方的得分是盘上己方棋子数加上只被己方棋子围住的空点数。白方因后行另加贴目（经典规则 5.5 目，其他规则 6.5 或 7.5 目）；贴目带半目就不会和棋。经典规则按盘面原样计算：停一手之前请把死子提干净。
learn-8-title = 8 · 死子（中国、AGA、日本规则）
learn-8-text = 在这些规则下不必把死子全部提掉：双方停一手后，机器人会用叉号标出它判断的死子（图中黑地里的白子和白地里的黑子），并显示比分。先点击区域，再点击棋子，即可把整块棋标为死子或活棋；标记无误就点“接受”。有争议就点“继续对局”，在棋盘上解决。经典规则下请在停一手之前提掉死子。
learn-9-title = 9 · 在这里下棋
learn-9-text = 用 `/weiqi invite` 邀请一位成员；接受邀请的一方执黑。在棋盘消息上先点击包含目标点的区域，再点击那个点即可落子。“停一手”是一个按钮；认输需连按两次，第二次要在几秒之内。`/weiqi status` 可查看剩余时间。联棋与商谈联棋在 `/weiqi-team` 下，本服务器的比赛在 `/weiqi-event` 下。

## Clocks
cmd-weiqi-invite-time = 用时
    .description = 用时方式：turn（每步限时）、blitz、live、correspondence
choice-time-turn = 每步限时
choice-time-blitz = 快棋
choice-time-live = 慢棋（读秒）
choice-time-correspondence = 通讯棋（一步几天）
refusal-time-not-allowed = 本服务器不提供{$time}对局。可用：{$allowed}。
shape-time-preset = allowed-times 中的 turn、blitz、live、correspondence 之一
shape-time-presets = 包含 time-default 的 turn、blitz、live、correspondence 逗号列表
shape-time-control = 如 byo-yomi 10m 5x30s、fischer 2m +30s max 5m、penalty 1h（基本用时最多 3 小时）或 correspondence 3d +1d max 7d（1 小时至 30 天）
key-time-default = 邀请未指定时的用时方式
key-allowed-times = 邀请可选的用时方式
key-time-blitz = 快棋的用时
key-time-live = 慢棋的用时
key-time-correspondence = 通讯棋的用时
key-max-correspondence-games = 每人可同时进行的通讯棋盘数
choice-key-time-default = time-default · 默认用时
choice-key-allowed-times = allowed-times · 可选用时
choice-key-time-blitz = time-blitz · 快棋
choice-key-time-live = time-live · 慢棋
choice-key-time-correspondence = time-correspondence · 通讯棋
choice-key-max-correspondence-games = max-correspondence-games · 通讯棋盘数
time-preset-turn = 每步限时
time-preset-blitz = 快棋
time-preset-live = 慢棋
time-preset-correspondence = 通讯棋
time-turn = 每步 {$turn}
time-byo-yomi = 基本用时 {$main}，读秒 {$period}×{$periods} 次
time-fischer = 费舍尔 {$initial}，每步加 {$increment}（最多 {$max}）
time-correspondence = 通讯棋 {$initial}，每步加 {$increment}（最多 {$max}）
time-penalty = {$main} + 罚点延时（应氏：每六分之一罚 2 点）
clock-byo-yomi = {$main} · {$period}×{$periods}
clock-overtime = 延时 {$overtime}（−{$points} 点）
field-time = 用时
field-clocks = 剩余时间
field-time-runs-out = 超时于
notice-clock-reminder = {$player}，对局 #{$game} 的用时将于 {$deadline} 用完：轮到你下了。
status-clock = {$player}：{$clock}（基本用时 {$exact}）
status-runs-out = 行棋方的用时还剩 {$left}。
status-given-back = 机器人停机的 {$given} 已还给行棋方。
status-penalties = 罚点：⚫ {$black} · ⚪ {$white}
status-time = 用时：{$time}
result-penalties = 罚点延时：⚫ −{$black} · ⚪ −{$white} 点（已计入上面的点数）。
config-heading = 设置

## Several games
cmd-weiqi-games = 对局列表
    .description = 你正在进行的对局、轮到谁、每个棋盘的链接
cmd-weiqi-pass-game = 对局
    .description = 哪一盘（默认：这里的对局，否则你唯一的对局）
cmd-weiqi-resign-game = 对局
    .description = 哪一盘（默认：这里的对局，否则你唯一的对局）
cmd-weiqi-board-game = 对局
    .description = 哪一盘（默认：你在这里的对局，否则本频道的对局）
cmd-weiqi-status-game = 对局
    .description = 哪一盘（默认：你在这里的对局，否则本频道的对局）
games-your-move = 轮到你
games-their-move = 轮到对方
games-heading = 你正在进行的对局（{$count}）：
games-line = **#{$game}** · {$size}×{$size} · {$time} · 对手 {$opponent} · {$turn}，{$deadline} 超时{$link}
games-none = 你没有正在进行的对局。用 `/weiqi invite user:@对手` 开始一盘吧。
refusal-too-many-correspondence-yours = 你已经有 {$max} 盘通讯棋，已达本服务器同时进行的上限。
refusal-too-many-correspondence-theirs = 对方已经有 {$max} 盘通讯棋，已达本服务器同时进行的上限。
refusal-which-game = 你有 {$count} 盘对局在进行：请用 `game` 选项指定，或在对局的频道或子区中使用（`/weiqi games` 可列出）。

## Takebacks and rematches
button-rematch = 再来一盘
button-takeback = 悔棋
button-takeback-accept = 同意悔棋
button-takeback-decline = 拒绝
board-takeback-asked = {$player} 请求悔掉刚下的一手：{$opponent}，请同意或拒绝。
board-stand-in = ⚠️ {$engine} 没有给出着法，第 {$number} 手由 Tengen 高级代下。
key-takebacks = 是否可以请求悔掉自己刚下的一手（由对手决定）
choice-key-takebacks = takebacks · 悔棋
refusal-takebacks-off = 这盘棋不能悔棋。
refusal-nothing-to-undo = 只能在对手落子前悔掉自己的上一手（自动停一手不行）。
refusal-undo-pending = 已经有一个悔棋请求在等待回答。
refusal-no-undo-request = 没有需要你回答的悔棋请求。
refusal-no-rematch = 只有已结束对局的双方可以请求再来一盘。

## Answers in time, annulments, stored games that do not load

answer-posted-below = 已完成：请看下方的消息。
answer-told-privately = 回复已私下发给你。
annulled-notice = {$black} {$white}：管理员已作废对局 #{$game}，不计胜负。
player-unknown = （未知）
config-game-unloadable = （无法加载）
load-error-row = 存储的数据无法读取（`{$detail}`）
load-error-missing-move = 缺少第 {$number} 手
load-error-illegal = 第 {$number} 手不合规则：{$why}
load-error-move-count = 存有 {$stored} 手，应为 {$expected} 手
load-error-inconsistent = 存储的对局自相矛盾：{$what}
inconsistent-no-result = 已结束却没有结果
inconsistent-negative-duration = 设置中的某个时间为负数
inconsistent-over-in-play = 双方停一手后已结束，却仍在对局中
inconsistent-early-agreement = 双方尚未停一手就在确认死子
inconsistent-no-ending = 已结束却没有说明如何结束
inconsistent-resumptions = 记录的续弈次数与着手不符
inconsistent-moves-before-nigiri = 猜先定黑白之前已有着手

## Events: refusals

refusal-no-such-event = 本服务器没有这项比赛。
refusal-event-closed = 这项比赛已截止报名。
refusal-registration-over = 这项比赛的报名已于 {$closed} 截止，不再接受报名。
refusal-already-entered = 你已报名参加这项比赛。
refusal-event-full = 这项比赛已满员：最多 {$max} 人。
refusal-event-role-needed = 这项比赛只限其指定身份组的成员参加。
refusal-event-games-needed = 参加这项比赛需要在本服务器完成至少 {$needed} 盘等级对局。
refusal-barred-from-events = 管理员已取消你参加本服务器比赛的资格，直到 {$until}。
refusal-event-started = 比赛已开始：参赛名单已确定。
refusal-not-entered = 你没有参加（或已退出）这项比赛。
refusal-event-too-few-players = 这项比赛至少需要 {$needed} 名棋手才能开始。
refusal-event-teams-not-set = 擂台赛开始前须定好双方队伍。
refusal-event-over = 这项比赛已结束。
refusal-no-round-to-start = 没有可开始的轮次：本轮仍在进行，或已无轮次。
refusal-event-terms-not-allowed = 比赛不能采用这些条件：轮数、人数、缺席次数或时间超出范围，上限或下限不是段位，或定时赛程没有轮次间隔（或非定时却给了间隔）。报名期间为 5 秒至 90 天，宗旨最多 300 字。

## Events: commands

cmd-weiqi-event = 围棋比赛
    .description = 参加本服务器的比赛：列表、排名、弃权、棋谱
cmd-weiqi-event-list = 列表
    .description = 本服务器的比赛
cmd-weiqi-event-standings = 排名
    .description = 比赛排名，以表格和图片显示
cmd-weiqi-event-standings-event = 比赛
    .description = 哪一项比赛（默认：最新一项比赛）
cmd-weiqi-event-withdraw = 弃权
    .description = 退出比赛：尚未下的对局均判负
cmd-weiqi-event-withdraw-event = 比赛
    .description = 哪一项比赛（默认：最新一项未结束的比赛）
cmd-weiqi-event-records = 棋谱
    .description = 比赛的全部对局，合为一个 SGF 文件
cmd-weiqi-event-records-event = 比赛
    .description = 哪一项比赛（默认：最新一项比赛）
cmd-weiqi-organise = 围棋办赛
    .description = 主办本服务器的比赛：创建、开始、队伍、禁赛、裁判裁定
cmd-weiqi-organise-create = 创建
    .description = 开放一项比赛的报名；比赛公告发布在这里
cmd-weiqi-organise-create-name = 名称
    .description = 比赛名称
cmd-weiqi-organise-create-format = 赛制
    .description = 棋手如何配对
cmd-weiqi-organise-create-purpose = 宗旨
    .description = 比赛宗旨，一句话（显示在公告上）
cmd-weiqi-organise-create-registration = 报名期间
    .description = 报名开放多久，例如 3d 或 12h（默认：直到主办方开始比赛）
cmd-weiqi-organise-create-size = 大小
    .description = 棋盘大小（默认：本服务器的设置）
cmd-weiqi-organise-create-rules = 规则
    .description = 规则（默认：本服务器的设置）
cmd-weiqi-organise-create-komi = 贴目
    .description = 分先对局的贴目（默认：规则自带的贴目）
cmd-weiqi-organise-create-handicap = 让子
    .description = 分先，或按棋手段位让子
cmd-weiqi-organise-create-time = 用时
    .description = 用时方式（默认：本服务器的设置）
cmd-weiqi-organise-create-ranked = 计分
    .description = 对局是否计入等级分（默认按服务器设置）
cmd-weiqi-organise-create-rounds = 轮数
    .description = 瑞士制或麦克马洪制比赛的轮数（默认：5）
cmd-weiqi-organise-create-max_players = 人数上限
    .description = 最多接受多少名棋手（默认：赛制允许的最多人数）
cmd-weiqi-organise-create-role = 身份组
    .description = 只有该身份组的成员可以报名
cmd-weiqi-organise-create-min_games = 最少对局
    .description = 只有完成至少这么多盘计分对局的棋手可以报名
cmd-weiqi-organise-create-schedule = 赛程
    .description = 各轮何时开始（默认：上一轮结束后立即开始）
cmd-weiqi-organise-create-start_window = 开局时限
    .description = 棋手下第一手的时限，超时判缺席负：90s、10m、3d（默认：10m；通信对局 3d）
cmd-weiqi-organise-create-absences = 缺席次数
    .description = 允许缺席的次数，再多一次即罚停（默认：1）
cmd-weiqi-organise-create-bar = 上限段位
    .description = 麦克马洪制的上限，段位如 1d（默认：1d）
cmd-weiqi-organise-create-floor = 下限段位
    .description = 麦克马洪制的下限，段位如 20k（默认：20k）
cmd-weiqi-organise-create-relay = 转播
    .description = 观众观看每盘对局和名次的频道（无按钮）
cmd-weiqi-organise-create-round_interval = 轮次间隔
    .description = 定时赛程下，从一轮开始到下一轮开始的时间（1h、1d、7d）
cmd-weiqi-organise-create-colours = 定先
    .description = 分先对局的黑白：按对阵，或每局前猜先（默认：按对阵）
cmd-weiqi-organise-start = 开始
    .description = 开始比赛，或在手动赛程下开始下一轮
cmd-weiqi-organise-start-event = 比赛
    .description = 哪一项比赛（默认：最新一项未结束的比赛）
cmd-weiqi-organise-cancel = 取消
    .description = 取消比赛；进行中的对局作废
cmd-weiqi-organise-cancel-event = 比赛
    .description = 哪一项比赛
cmd-weiqi-organise-team = 队伍
    .description = 按队长排定的出场顺序设置擂台赛的一支队伍
cmd-weiqi-organise-team-event = 比赛
    .description = 哪一项比赛
cmd-weiqi-organise-team-team = 队伍
    .description = 第 1 队或第 2 队
cmd-weiqi-organise-team-players = 棋手
    .description = 提及各位棋手，先出场的在前
cmd-weiqi-organise-bar = 禁赛
    .description = 在若干天内取消一名成员参加本服务器比赛的资格（0 为解除）
cmd-weiqi-organise-bar-user = 成员
    .description = 谁
cmd-weiqi-organise-bar-days = 天数
    .description = 多少天
cmd-weiqi-organise-rule = 裁定
    .description = 以裁判身份裁定比赛对局：判胜、确认点目、或重下
cmd-weiqi-organise-rule-game = 对局
    .description = 对局编号（棋盘上写着）
cmd-weiqi-organise-rule-ruling = 裁定
    .description = 判黑胜或白胜、按标记确认点目、或作废重下
choice-ruling-award-black = 判黑胜
choice-ruling-award-white = 判白胜
choice-ruling-settle = 按标记确认点目
choice-ruling-replay = 作废重下

choice-format-round-robin = 循环赛（每人与其他所有人各下一局）
choice-format-knockout = 淘汰赛（单败淘汰）
choice-format-double-knockout = 双败淘汰赛（输两局出局）
choice-format-swiss = 瑞士制（同分者相遇，不重复对阵）
choice-format-mcmahon = 麦克马洪制（按段位给起始分的瑞士制）
choice-format-arena = 擂台赛（两队对抗，胜者守擂）
choice-format-ten-game = 十番棋（两人对局，让先随胜负升降）
choice-handicap-even = 分先（按比赛条件贴目）
choice-handicap-by-rank = 按段位（根据段位让子）
choice-schedule-continuous = 连续（上一轮结束即开始下一轮）
choice-schedule-manual = 手动（由管理员开始每一轮）
choice-schedule-timed = 定时（上一轮开始后固定时间开始下一轮）
choice-colours-pairing = 按对阵（赛制所定的黑白）
choice-colours-nigiri = 猜先（每局前猜单双）
choice-key-event-organiser-role = event-organiser-role · 比赛组织者身份组
key-event-organiser-role = 该身份组的成员可以像管理员一样主持比赛
choice-key-event-referee-role = event-referee-role · 比赛裁判身份组
key-event-referee-role = 该身份组的成员可以像管理员一样裁定比赛对局

## Events: what players see

format-round-robin = 循环赛
format-knockout = 淘汰赛
format-double-knockout = 双败淘汰赛
format-swiss = 瑞士制
format-mcmahon = 麦克马洪制
format-arena = 擂台赛（团体赛，胜者守擂）
format-ten-game = 十番棋（一方领先四局即升降让先）
event-heading = 🏆 {$name}（比赛 #{$id}）
event-format-rounds = {$format}，{$rounds} 轮
event-format-mcmahon = {$format}，{$rounds} 轮，上限 {$bar}，下限 {$floor}
event-even = 分先，贴目 {$komi}
event-by-rank = 按棋手段位让子
event-board = {$size}×{$size} · {$rules}规则 · {$balance}
event-schedule-continuous = 上一轮结束后，下一轮立即开始。
event-schedule-manual = 每一轮由管理员开始。
event-schedule-timed = 每轮在上一轮开始 {$every} 后开始；届时未下完的对局由裁判裁定。
event-round-overdue = ⏰ {$name}：第 {$round} 轮的时间已到，对局 {$games} 仍在进行。请裁判用 `/weiqi-organise rule` 裁定；裁定后下一轮开始。
event-penalties = 在 {$window} 内未下第一手的棋手判缺席负；允许缺席 {$absences} 次，再多一次即罚停。
event-entry-role = 限 {$role} 的成员参加。
event-relay = 每盘对局和名次在 {$channel} 转播。
event-colours-nigiri = 每盘分先对局前猜先定黑白。
event-entry-games = 限已完成至少 {$games} 盘计分对局的棋手参加。
event-stage-registration = 正在报名：请点“报名”。已有 {$count} 人，最多 {$max} 人。
event-registration-until = 报名截止：{$closes}。
event-stage-registration-closed = 报名已截止：共 {$count} 人。主办方用 `/weiqi-organise start` 开始比赛。
event-purpose = *{$purpose}*
event-stage-running = 第 {$round} 轮正在进行。
event-stage-finished = 已结束。
event-stage-cancelled = 已被管理员取消。
event-players = 参赛棋手
event-no-players = 还没有人报名。
event-and-more = ……还有 {$count} 人
event-team = 第 {$team} 队
event-withdrawn = 已弃权
event-removed = 已罚停（缺席过多）
button-join = 报名
button-leave = 取消报名
event-round-heading = {$name}：第 {$round} 轮
event-board-line = 第 {$board} 台：⚫ {$black} — ⚪ {$white}
event-round-nigiri = 猜先定黑白：每盘分先对局由先列出的棋手在该局棋盘上猜单双。
event-bye-line = {$player}：轮空（计胜）
event-forfeit-line = 第 {$board} 台：⚫ {$black} — ⚪ {$white}：{$result}（未对局）
event-black-won = 黑胜
event-white-won = 白胜
event-draw = 和棋
event-both-lost = 双方皆负
event-standings-heading = {$name}：排名
event-standings-line = {$place}. {$player}（#{$seat}）— {$points} · {$tiebreaks}
event-won = 🏆 {$player} 获得 {$name} 冠军！
event-team-won = 🏆 第 {$team} 队赢得 {$name}！
event-drawn = {$name} 以平局结束。
event-cancelled = {$name} 已被管理员取消；进行中的对局已作废。
event-game = 🏆 对局 #{$game}（比赛 #{$event} 的对局）
event-choice-registration = 报名中
event-choice-round = 第 {$round} 轮
event-choice-finished = 已结束
event-choice-cancelled = 已取消
event-none = 本服务器还没有比赛。
event-none-open = 本服务器目前没有未结束的比赛；请用 `event:` 指定一项比赛。
event-no-records = 这项比赛还没有下过任何对局。
event-records = {$name} 的全部对局，合为一个 SGF 文件。

## Events: answers and refusals

answer-event-created = 比赛已开放报名：公告已发布，附有“报名”和“取消报名”按钮。
answer-round-started = 本轮开始：对阵表已发布，各盘对局已开始。
answer-event-cancelled = 比赛已取消。
answer-ruled = 对局 #{$game} 的裁定已记录并公布。
ruling-line = ⚖️ {$name} 第 {$round} 轮第 {$board} 台：裁判 {$referee} {$what}
ruling-award = 判 {$winner} 胜 {$loser}（裁定胜）。
ruling-settle = 按标记确认 {$black} 与 {$white} 对局的死子并点目。
ruling-replay = 判 {$black} 与 {$white} 的对局作废，从头重下（对局 #{$game}）。
ruling-history = 裁定
ruling-history-line = 第 {$round} 轮第 {$board} 台：{$referee} {$what}
ruling-game-choice = #{$game} · {$name} · 第 {$round} 轮第 {$board} 台
answer-team-set = 第 {$team} 队已按此顺序排定。
answer-barred = {$user} 在 {$days} 天内不得参加本服务器的比赛。
answer-withdrew = 你已弃权：尚未下的对局均判负。
answer-joined = 你已报名参加 {$name}。比赛开始前，可用同一公告上的“取消报名”按钮退出。
answer-left = 你已退出 {$name}。
refusal-team-mentions = 请用提及（`@name @name`）按出场顺序列出该队棋手，不要写其他内容。

## Team games: pair Go and consultation

cmd-weiqi-team = 围棋团体
    .description = 多人对局：联棋与商谈联棋
cmd-weiqi-team-pair = 联棋
    .description = 联棋：你和搭档对另外两人，轮流落子
cmd-weiqi-team-pair-partner = 搭档
    .description = 你的搭档
cmd-weiqi-team-pair-opponent = 对手
    .description = 对方一组的第一人
cmd-weiqi-team-pair-opponent_partner = 对手搭档
    .description = 对方的搭档
cmd-weiqi-team-pair-size = 大小
    .description = 棋盘大小（本服务器允许的路数）
cmd-weiqi-team-pair-komi = 贴目
    .description = 白方贴目，整数或半目，例如 6.5
cmd-weiqi-team-pair-rules = 规则
    .description = 规则
cmd-weiqi-team-pair-time = 用时
    .description = 用时方式：turn、blitz、live、correspondence（每方一个钟）
cmd-weiqi-team-pair-color = 执子
    .description = 你们一组的颜色（默认：对方一组执黑）
cmd-weiqi-team-consult = 商谈联棋
    .description = 各队在子区里逐手投票的对局，或全服对电脑
cmd-weiqi-team-consult-black_role = 黑方身份组
    .description = 黑方队伍：这个身份组的成员
cmd-weiqi-team-consult-black_members = 黑方成员
    .description = 黑方队伍：提及成员（@a @b）
cmd-weiqi-team-consult-white_role = 白方身份组
    .description = 白方队伍：这个身份组的成员
cmd-weiqi-team-consult-white_members = 白方成员
    .description = 白方队伍：提及成员（@a @b）
cmd-weiqi-team-consult-computer = 电脑
    .description = 电脑下没有队伍的一方（未指定队伍：全体对电脑）
cmd-weiqi-team-consult-move_time = 投票时间
    .description = 每手队伍投票的时间：30s、2m、1h（默认 60s）
cmd-weiqi-team-consult-size = 大小
    .description = 棋盘大小（本服务器允许的路数）
cmd-weiqi-team-consult-rules = 规则
    .description = 规则
cmd-weiqi-team-consult-komi = 贴目
    .description = 白方贴目，整数或半目，例如 6.5
choice-computer-beginner = 初级
choice-computer-intermediate = 中级
choice-computer-advanced = 高级
choice-computer-engine = 外部引擎
key-team-games-for-everyone = 是否任何成员（不只是管理员）都可以发起商谈联棋
choice-key-team-games-for-everyone = team-games-for-everyone · 商谈联棋
perm-create-private-threads = 创建私密子区
refusal-invitation-already-accepted = 你已经接受了这个邀请；其他人也接受后开始。
refusal-partners-move = 轮到你的搭档：联棋轮流落子（停一手和认输两人都可以）。
refusal-not-a-team-game = 这盘棋不是团体对局。
refusal-not-your-teams-turn = 轮到对方队伍：轮到你们队时再投票。
refusal-not-on-team = 你不在这盘棋里正轮到的队伍中（身份组队伍需要该身份组）。
refusal-vote-closed = 那次投票已结束：这一手已经下了。请在现在的棋盘上投票。
refusal-vote-on-team-board = 这是团体对局：请在你们队子区里的棋盘上投票。
refusal-team-games-by-moderators = 本服务器的商谈联棋由管理员发起。
refusal-bad-teams = 这样的队伍无法对局：每队至少一人，不能有人同属两队，两队不能是同一个身份组，投票时间为 10 秒到 7 天。
refusal-not-for-team-games = 团体对局为分先、不计等级分、不猜先：请不要指定让子、计分和猜先。
refusal-team-sides = 每队只指定一次：用身份组，或提及成员（@a @b），二者选一，不要写别的。
refusal-move-time = 投票时间请写成 30s、2m、1h 这样的时长。
refusal-team-game-in-thread = 商谈联棋要为各队开子区：请在频道里发起，不要在子区里。
inconsistent-teams = 队伍记录不一致
sgf-vote-pass = 停一手
sgf-vote-resign = 认输
team-anyone-name = 全服
team-anyone = 这里的所有人
team-seat = 一支队伍
team-form-pair = 联棋：黑1、白1、黑2、白2 轮流
team-form-consultation = 商谈联棋：各队在自己的子区投票决定每一手
team-votes-now = {$color}方队伍投票中
team-pair-place = {$color}{$place}
team-no-votes = 还没有投票。
team-vote-pass = 停一手
team-vote-resign = 认输
team-board-footer = 你们队（{$color}方）的棋盘：点区域再点交叉点来投票；时间到、全员投票或某一选项过半时落子。
field-votes = 投票
button-vote-pass = 投票停一手
button-vote-resign = 投票认输
team-thread-name = 围棋 #{$game} · {$color}方队伍
team-thread-welcome = 这是你们队在第 #{$game} 局的子区：在这里商量，并在下面的棋盘上投票。对方队伍看不到。
notice-team-vote = {$team}：轮到你们队下第 {$number} 手。请在 {$deadline}前投票。
picker-voted = 你投给了 **{$choice}**。
answer-team-game = 商谈联棋开始：棋盘在本频道，各队在自己的子区投票。
invitation-pair = {$invitee}、{$invitee_partner}：{$inviter} 和 {$partner} 邀请你们下联棋：{$size}×{$size} · {$rules}规则 · 贴目 {$komi}{$handicap}。
    顺序：{$order}。受邀的三人都接受后开始；已接受：{$accepted}。截止 {$expires}。
pair-accepted-none = 还没有人
