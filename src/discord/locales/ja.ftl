### Tengen の日本語テキスト（ja）。ないテキストは英語（en-US）で表示されます。
### どの言語も同じ id と同じ変数を持ちます（テストで確認します）。

## コマンド、オプション、選択肢。`cmd-` の id の値はその言語でのコマンド名（小文字、空白なし）、
## `.description` は Discord がその下に表示する説明です。

cmd-weiqi = 囲碁
    .description = ほかのメンバーと囲碁を打つ
cmd-weiqi-invite = 招待
    .description = メンバーを対局に招待する
cmd-weiqi-invite-user = 相手
    .description = 招待する相手
cmd-weiqi-invite-size = 路数
    .description = 碁盤の路数（このサーバーで使える路数）
cmd-weiqi-invite-komi = コミ
    .description = 白のコミ。整数または半目（例: 6.5）
cmd-weiqi-invite-rules = ルール
    .description = ルール
cmd-weiqi-invite-handicap = 置き石
    .description = 受けた人（黒）の置き石：2〜9（白が先に打つ）、1 は定先（コミなし）
cmd-weiqi-invite-ranked = レーティング
    .description = 結果を双方のレーティングに反映するか（既定はサーバーの設定）
cmd-weiqi-ai = ai対局
    .description = コンピューター（天元自身のエンジン）とすぐに対局する
cmd-weiqi-ai-level = レベル
    .description = コンピューターの強さ（既定：このサーバーで選べる最も強いレベル）
cmd-weiqi-ai-size = 路数
    .description = 碁盤の大きさ（このサーバーで許可された路数）
cmd-weiqi-ai-rules = ルール
    .description = ルール
cmd-weiqi-ai-color = 手番
    .description = あなたの色（既定：黒、先手）
cmd-weiqi-invite-color = 手番
    .description = あなたの色、またはニギリ（招待された人が奇数か偶数かを当て、当たった方が色を選ぶ）
cmd-weiqi-ai-ranked = レーティング
    .description = 結果をあなたのレーティングに反映するか（既定はサーバーの設定）
cmd-weiqi-accept = 承諾
    .description = 招待を受ける
cmd-weiqi-accept-user = 招待者
    .description = あなたを招待した人
cmd-weiqi-decline = 辞退
    .description = 招待を断る
cmd-weiqi-decline-user = 招待者
    .description = あなたを招待した人
cmd-weiqi-cancel = 取り消し
    .description = 自分が送った招待を取り消す
cmd-weiqi-cancel-user = 相手
    .description = 招待した相手（複数の人を招待した場合）
cmd-weiqi-board = 碁盤
    .description = 碁盤をチャンネルの一番下にもう一度表示する
cmd-weiqi-pass = パス
    .description = この手番をパスする
cmd-weiqi-resign = 投了
    .description = 投了する（確認のため2回押す）
cmd-weiqi-status = 状況
    .description = 路数・手番・アゲハマ・コミ・残り時間
cmd-weiqi-profile = 成績
    .description = 功徳・勝ち数・称号
cmd-weiqi-profile-user = ユーザー
    .description = 誰の成績を見るか
cmd-weiqi-leaderboard = ランキング
    .description = このサーバーのランキング
cmd-weiqi-leaderboard-by = 順序
    .description = レーティング順（既定）または功徳順
cmd-weiqi-rank = 段級位
    .description = レーティング対局での段級位・レーティングとその推移
cmd-weiqi-rank-user = ユーザー
    .description = 誰の段級位か
cmd-weiqi-rank-start = 開始段級位
    .description = 最初のレーティング対局の前に一度だけ：開始時の段級位 15k、5k、1d…（最高 3d）
cmd-weiqi-sgf = 棋譜
    .description = 棋譜（SGF）をダウンロードする
cmd-weiqi-sgf-game = 対局
    .description = どの対局か（既定: 最近の対局）
cmd-weiqi-learn = 入門
    .description = 囲碁のルールを一から学ぶ
cmd-weiqi-config = 囲碁設定
    .description = このサーバーの囲碁の設定（「サーバー管理」権限が必要）
cmd-weiqi-config-show = 表示
    .description = このサーバーの設定を表示する
cmd-weiqi-config-set = 変更
    .description = 設定を変更する
cmd-weiqi-config-set-key = 項目
    .description = 設定項目
cmd-weiqi-config-set-value = 値
    .description = 新しい値
cmd-weiqi-config-reset = 初期化
    .description = 設定を既定値に戻す
cmd-weiqi-config-reset-key = 項目
    .description = 設定項目
cmd-weiqi-config-games = 対局一覧
    .description = このサーバーで進行中の対局
cmd-weiqi-config-annul = 無効化
    .description = 進行中の対局を結果なしで終わらせる
cmd-weiqi-config-annul-game = 対局
    .description = どの対局か

choice-rules-classic = クラシックルール（盤面をそのまま数える）
choice-rules-chinese = 中国ルール（数子、同形反復禁止）
choice-rules-aga = AGAルール（数子、パスで石を1つ渡す）
choice-rules-japanese = 日本ルール（地を数える）
choice-rules-korean = 韓国ルール（地を数える）
choice-rules-ing = 応氏ルール（計点制・コミ8点・持碁は黒勝ち）
choice-key-enabled = enabled · 囲碁を有効にする
choice-key-board-size = board-size · 既定の路数
choice-key-allowed-sizes = allowed-sizes · 使える路数
choice-key-komi = komi · コミ
choice-key-allowed-komi = allowed-komi · 使えるコミの範囲
choice-key-rules = rules · 既定のルール
choice-key-allowed-rules = allowed-rules · 使えるルール
choice-key-turn-timeout-seconds = turn-timeout-seconds · 1手の持ち時間（秒）
choice-key-reconnect-grace-seconds = reconnect-grace-seconds · 切断時の猶予（秒）
choice-key-match-max-minutes = match-max-minutes · 対局の最大時間（分）
choice-key-offer-expiry-seconds = offer-expiry-seconds · 招待の有効期限（秒）
choice-key-resign-confirm-window-seconds = resign-confirm-window-seconds · 投了確認の猶予（秒）
choice-key-merit-min-moves = merit-min-moves · 功徳に必要な最少手数
choice-key-merit-amount = merit-amount · 功徳の量
choice-key-merit-winner-bonus = merit-winner-bonus · 勝者への追加の功徳
choice-key-merit-lifetime-cap = merit-lifetime-cap · 功徳を受けられる回数の上限
choice-key-move-notify = move-notify · 手番の通知方法
choice-key-match-threads = match-threads · 対局ごとのスレッド
choice-key-title-role = title-role · 称号のロール
choice-key-language = language · 公開メッセージの言語

choice-level-beginner = 初級
choice-level-intermediate = 中級
choice-level-advanced = 上級
choice-level-engine = 外部エンジン
choice-by-rating = レーティング
choice-by-merit = 功徳
choice-color-black = 黒（あなたが先手）
choice-color-white = 白
choice-color-nigiri = ニギリ（奇数か偶数かを当てる）
choice-key-ai-enabled = ai-enabled · AI対局を許可
choice-key-ai-levels = ai-levels · 選べるレベル
choice-key-ai-resigns = ai-resigns · AIの投了
choice-key-ranked-default = ranked-default · 既定でレーティング対局
## ルール、色、リスト。

rules-classic = クラシック
rules-chinese = 中国
rules-aga = AGA
rules-japanese = 日本
rules-korean = 韓国
rules-ing = 応氏
color-black = 黒
color-white = 白
list-separator = {"、"}
title-name = 黒白手（黑白手）

## 拒否：何も変わらなかった理由。

refusal-invite-self = 自分自身は招待できません。ほかのメンバーを招待してください。
refusal-invite-bot = ここではボットと対局できません。人を招待してください。
refusal-you-are-busy = すでに対局中です。別の対局を始める前に、今の対局を終えて（または投了して）ください。
refusal-they-are-busy = その相手はすでに対局中です。しばらくしてからもう一度お試しください。
refusal-duplicate-invitation = お二人の間にはすでに返事待ちの招待があります。返事をお待ちください。
refusal-server-disabled = このサーバーでは囲碁がオフになっています。モデレーターがオンにできます。
refusal-size-not-allowed = このサーバーでは {$size}×{$size} の碁盤は使えません。使える路数：{$allowed}。
refusal-rules-not-allowed = このサーバーでは{$rules}ルールは使えません。使えるルール：{$allowed}。
refusal-komi-not-half-points = コミは 6.5 や 7 のように、整数または半目の数にしてください。
refusal-komi-not-allowed = コミ {$komi} はここでは使えません。このサーバーで使えるコミは {$low} から {$high} までです。その範囲で指定してください。
refusal-handicap-not-possible = { $max ->
        [0] {$size}×{$size} の盤は置き石には小さすぎます。7×7 以上が必要です。
       *[other] {$size}×{$size} の盤に置き石 {$stones} 子は置けません。最大 {$max} 子です。
    }
refusal-no-such-invitation = 返事をする招待がありません。
refusal-not-for-you = この招待はあなた宛てではありません。
refusal-not-your-invitation = この招待を取り消せるのは、招待を送ったメンバーだけです。
refusal-invitation-expired = この招待は期限が切れています。
refusal-nigiri-even-only = ニギリは互先の対局だけです。置き石かニギリのどちらか一方を指定してください。
refusal-nigiri-guess-first = この招待はニギリで決めます。招待の「奇数」か「偶数」を押して受けてください。
refusal-not-nigiri-step = そのボタンはニギリの今の段階のものではありません。
refusal-not-your-choice = 色を選ぶのはニギリに勝った人です。
refusal-not-your-guess = この対局のニギリで奇数か偶数かを当てるのは相手です。
refusal-nigiri-first = この対局の色はまずニギリで決めます。盤のボタンで当てるか、色を選んでください。
refusal-not-in-game = 対局中ではありません。/weiqi invite で対局を始めましょう。
refusal-no-such-game = このサーバーにその対局はありません。
refusal-not-your-game = これはあなたの対局ではありません。観戦はできます。
refusal-not-your-turn = あなたの手番ではありません。
refusal-stale-board = この碁盤が描かれた後に局面が変わりました。最新の碁盤を使ってください。
refusal-illegal = そこには打てません：{$why}。
refusal-game-over = この対局は終了しています。
refusal-not-moderator = 囲碁の設定を変えたり対局を終わらせたりできるのは、「サーバー管理」権限を持つメンバーだけです。
refusal-not-organiser = 大会を運営できるのは、モデレーター（「サーバー管理」権限）と、サーバーの大会運営ロールのメンバーだけです。
refusal-not-referee = 裁定できるのは、モデレーター（「サーバー管理」権限）と、サーバーの大会審判ロールのメンバーだけです。
refusal-not-an-event-game = それは進行中の大会の対局ではありません。
refusal-in-agreement = 死に石の確認中です。判定を承認するか、石のかたまりの死活を切り替えるか、対局を再開してください。
refusal-place-handicap-first = 黒が置き石を置いているところです（あと {$left} 子）。一子ずつ交点を押してください。置き終わると白の番です。
refusal-not-in-agreement = 死に石の指定は、両者がパスした後にだけ行います（クラシックルールでは行いません）。
refusal-no-stone-there = そこには指定できる石がありません。
refusal-already-accepted = この判定はすでに承認済みです。相手の承認を待っています。
refusal-nothing-to-do = 何も変わりませんでした。
refusal-computer-disabled = このサーバーではコンピューターとの対局がオフになっています。モデレーターがオンにできます。
refusal-level-not-allowed = このサーバーでは{$level}レベルは選べません。選べるレベル：{$allowed}。
refusal-already-rated = ここではもうレーティングがあります。開始時の段級位は最初のレーティング対局の前に一度だけ申告できます。
refusal-rank-not-allowed = 開始できる段級位ではありません。15k、5k、1d のように書いてください（最高 3d）。
refusal-computer-busy = { $max ->
        [0] このボットの運営者がコンピューターとの対局を止めています。
       *[other] コンピューターはすでに {$max} 局を打っていて、このボットが一度に許す上限です。しばらくしてからもう一度どうぞ。
    }
refusal-bot-permissions = このチャンネルでは対局を進められません：ここでは {$missing} の権限が必要です。モデレーターが付与できます（または別のチャンネルで招待してください）。
perm-view-channel = チャンネルを見る
perm-send-messages = メッセージを送信
perm-send-messages-in-threads = スレッドでメッセージを送信
perm-embed-links = 埋め込みリンク
perm-attach-files = ファイルを添付
perm-read-message-history = メッセージ履歴を読む
perm-create-public-threads = 公開スレッドの作成
illegal-off-board = その点は盤上にありません
illegal-occupied = そこにはすでに石があります
illegal-suicide = 打った石のダメがなくなります（自殺手・着手禁止点）
illegal-ko = コウをすぐに取り返す手です。先にほかの場所に打ってください（コウ立て）
illegal-superko = 以前と同じ局面になります（同形反復禁止・スーパーコウ）
illegal-game-over = 対局は終了しています
failure-internal = こちら側で問題が起き、何も変更されませんでした。もう一度お試しください。
failure-unavailable = 今はデータベースに接続できません。何も変更していません。少し待ってからもう一度試してください。
failure-unloadable = この対局の記録を読み込めません。何も変更していません。ボットの運営者がログで原因を確認できます。
bot-restarting = ボットを再起動しています。少し待ってからもう一度お試しください。
use-in-a-server = このコマンドはサーバー内で使ってください。
option-not-understood = オプションの一つを理解できませんでした。確認してもう一度お試しください。
command-not-understood = そのコマンドを理解できませんでした。Discord がコマンド一覧を更新してから、もう一度お試しください。
command-moved = `/{$old}` は `/{$new}` になりました。コマンドは用途ごとにまとめ直されています（`/weiqi`、`/weiqi-team`、`/weiqi-event`、`/weiqi-organise`、`/weiqi-config`）。
button-unknown = 知らないボタンです（古いバージョンのものかもしれません）。`/weiqi board` で新しい碁盤を表示してください。

## 設定：有効な値の形と、各設定の働き。

setting-unknown-key = `{$key}` という設定はありません。
setting-bad-value = `{$value}` は `{$key}` の値として使えません。指定できる値：{$expected}。
shape-switch = true または false
shape-seconds = {$min}～{$max} の整数（秒）
shape-minutes = {$min}～{$max} の整数（分）
shape-moves = {$min}～{$max} の整数（手数）
shape-number = {$min}～{$max} の整数
shape-board-size = 5～19 の路数で、allowed-sizes に含まれるもの
shape-board-sizes = 5～19 の路数をカンマで区切ったリストで、board-size を含むもの（例: 7,9,13）
shape-komi = allowed-komi の範囲内の整数または半目（例: 6.5）、または "default"（ルール既定のコミ）
shape-komi-range = コミの範囲（例: 5.5..7.5）。-50～50 の間で、サーバーのコミを含むもの
shape-rules = classic、chinese、aga、japanese、korean のいずれかで、allowed-rules に含まれるもの
shape-rule-list = classic、chinese、aga、japanese、korean をカンマで区切ったリストで、rules の値を含むもの
shape-move-notify = mention（メンション）、dm（DM）、none（通知しない）のいずれか
shape-role = ロール（ID またはメンション）、または "none"
shape-language = auto（サーバーの言語）、en、zh-CN、zh-TW、ja、ko のいずれか
shape-levels = beginner、intermediate、advanced をカンマ区切りで
key-enabled = このサーバーでの囲碁
key-board-size = 既定の路数
key-allowed-sizes = 招待で指定できる路数
key-komi = サーバーのルールでの白のコミ
key-allowed-komi = 対局で使えるコミの範囲
key-rules = 既定のルール
key-allowed-rules = 招待で指定できるルール
key-turn-timeout-seconds = 1手の持ち時間。過ぎると自動でパス
key-reconnect-grace-seconds = オフラインになった対局者の対局を残しておく時間
key-match-max-minutes = 1局の実時間の上限
key-offer-expiry-seconds = 招待が返事を待つ時間
key-resign-confirm-window-seconds = 投了ボタンの2回目はこの時間内に押す
key-merit-min-moves = 投了で終わった対局で功徳が出るのに必要な手数
key-merit-amount = 両対局者への功徳（同じ組み合わせでは1回だけ）
key-merit-winner-bonus = 勝者への追加の功徳
key-merit-lifetime-cap = 1人が功徳を受けられる回数の上限
key-move-notify = 手番の対局者への知らせ方
key-match-threads = 対局ごとにスレッドを作る
key-title-role = 称号とともに付与するロール
key-language = 公開メッセージの言語

key-ai-enabled = メンバーがコンピューターと対局できる
key-ai-levels = メンバーが選べるコンピューターのレベル
key-ai-resigns = 勝ち目のない対局でコンピューターが投了する
key-ranked-default = 招待が指定しないときはレーティング対局にする
## /weiqi-config

config-saved = `{$key}` を保存しました。
config-reset = `{$key}` を既定値に戻しました。
config-title-granted = すでに称号を持つ {$granted} 人にロールを付与しました{ $failed ->
        [0] 。
       *[other] 。{$failed} 人には付与できませんでした（ボットのログを参照）。
    }
config-role-missing = ロール {$role} はこのサーバーにありません。
config-role-unreadable = このサーバーのロールを読み取れませんでした。少し待ってからもう一度お試しください。
config-role-no-permission = ここではロールを付与できません。先に私に「ロールの管理」権限を与えてください。
config-role-too-high = {$role} を付与できません：私のロールがそれより上にある必要があります。サーバー設定で私のロールをその上にドラッグしてから、もう一度設定してください。
config-role-managed = {$role} は連携（ボットやサブスクリプション）のロールなので、誰も付与できません。別のロールを選んでください。
config-no-games = このサーバーで進行中の対局はありません。
config-game-line = #{$game} · {$summary} · ⚫ {$black} 対 ⚪ {$white} · {$moves}手 · {$started}に開始 · {$channel}
config-game-broken = #{$game} · 読み込めません（{$why}）。`/weiqi-config annul game:{$game}` で終了できます
config-more-games = …ほか {$count} 局。
config-annulled = 対局 #{$game} を無効にしました：結果なし、記録なし。両対局者に知らせます。

## 招待

invitation = {$invitee} さん、{$inviter} さんから囲碁の対局の招待です：{$size}×{$size} · {$rules}ルール · コミ {$komi}{$handicap}。
    {$first}{$expires}に期限切れになります。
invitation-colours = {$who}{$first}
invitation-colours-acceptor = 受けた人が黒番です。
invitation-colours-rematch = 再戦は黒白を入れ替えます：{$black} さんが黒番です。
invitation-colours-rematch-handicap = 再戦は置き石をそのままにします：{$black} さんが置き石を持って黒番です。
invitation-colours-lower-rank = {$black} さんの段級位が下なので、置き石を持って黒番です。
invitation-colours-chosen = {$inviter} さんが{$color}を選びました。
invitation-colours-nigiri = ニギリで決まりました：{$black} さんが黒です。
invitation-nigiri-guess = ニギリで手番を決めます：Tengen が {$inviter} さんの代わりに白石をひとつかみ握りました。{$invitee} さん、奇数か偶数かを当てて招待を受けてください。当たった方が色を選びます。
invitation-nigiri-open = 握った石は {$stones} 個（{$parity}）、{$invitee} さんの答えは{$guess}でした。{$chooser} さん、色を選んでください。
nigiri-odd = 奇数
nigiri-even = 偶数
invitation-black-moves-first = 黒が先に打ちます。
invitation-white-moves-first = 黒の置き石のあと、白が先に打ちます。
terms-handicap = 置き石 {$stones} 子
terms-handicap-free = 置き石 {$stones} 子（黒が自由に置く）
board-placing-handicap = 置き石を配置中：{$placed} / {$stones} 子。一子ずつ交点を押してください。置き終わると白の番です。
terms-no-komi = 定先（コミなし、黒が先）
terms-ranked = レーティング対局
field-handicap = 置き石
invitation-closed = ~~{$inviter} さんから {$invitee} さんへの招待~~ {$why}
invitation-declined = 辞退されました。
invitation-expired = この招待は期限切れになりました。
invitation-cancelled = 送った人が取り消しました。
invitation-superseded = 取り消されました：どちらかが別の対局を始めました。
invitation-game-on = 対局開始：⚫ {$black} 対 ⚪ {$white}
thread-name = 囲碁 #{$game}
button-accept = 受ける
button-odd = 奇数
button-even = 偶数
button-take-black = 黒を持つ
button-take-white = 白を持つ
button-decline = 断る
button-cancel = 取り消す
answer-accepted = 承諾しました：あなたは黒番です。
answer-declined = 辞退しました。
answer-cancelled = 招待を取り消しました。

level-beginner = 初級
level-intermediate = 中級
level-advanced = 上級
level-engine = 外部エンジン
rank-kyu = {$n}級
rank-dan = {$n}段
computer-name = 🤖 天元 · {$level}（{$rank}くらい）
computer-name-engine = 🤖 {$name}（{$rank}くらい）
computer-thinking = 🤖 天元が考えています…
answer-computer-game = コンピューターとの対局を始めました：碁盤はこのチャンネルにあります。健闘を祈ります！
profile-computer = {$computer}との対戦：{$wins}勝{$losses}敗{ $draws ->
        [0] {""}
       *[other] {$draws}分
    }
## 碁盤

board-title = 囲碁 · {$size}×{$size} · {$rules}ルール
board-players = ⚫ {$black}（黒）  対  ⚪ {$white}（白）
board-players-nigiri = {$guesser} と {$grabber} · 色はニギリで決定
field-move = 手数
field-captures = アゲハマ
field-komi = コミ
field-pass-stones = パス石
field-turn = 手番
field-turn-ends = 手番の期限
field-game-ends = 対局の期限
field-result = 結果
field-agreement = 両者パス：死に石の確認
field-nigiri = ニギリ
field-start-window = 開始の締め切り
board-nigiri-guess = Tengen が {$grabber} のために白石をひとつかみ握っています。{$guesser} は奇数か偶数かを当ててください。当たった方が色を選びます。それまで時計は動きません。
field-if-accepted = 承認した場合
field-accepted = 承認
field-accepted-for-both = 自動承認
board-footer = 打ちたい点のある区域をクリックし、次にその点をクリックします。投了は2回押します。
board-moved = 碁盤はこちらに移動しました：{$link}
board-healed = 碁盤の表示が遅れていたため、現在の局面に更新しました。もう一度クリックしてください。
button-pass = パス
button-resign = 投了
button-accept-marking = 承認
button-resume = 対局再開
picker-points = **{$region}** の中から打つ点を選んでください（{$number}手目）：
picker-played = **{$point}** に打ちました。
picker-marks = **{$region}** の死に石：石をクリックすると、その石のかたまり全体を死に石（❌）にするか、生きに戻します（現在、死に石に指定したかたまり：{$chains} 個）。
answer-passed = パスしました。
answer-resign-armed = もう一度「投了」を押すと投了します。{$until}に無効になります。
answer-resigned = 投了しました。

## 死に石の合意

agreement-none-marked = 死に石は指定されていません。
agreement-marked = 死に石：かたまり {$chains} 個（石 {$stones} 個）。碁盤に×印で表示しています。
agreement-how = 区域をクリックし、次に石をクリックすると、そのかたまりを死に石にするか生きに戻せます。判定が正しければ **承認**、盤上で決着をつけるなら **対局再開** を押してください。
agreement-accepted-yes = ✅ 承認済み
agreement-accepted-not-yet = ⏳ 未承認
agreement-footer = 時間切れまで何もしなかった対局者は、この判定を承認したものとみなします。
score-line = 黒 {$black} · 白 {$white} → **{$result}**
    {$method}
counting-classic = 盤面をそのまま、石と地を数えて計算（クラシックルール：死に石は取り除きません）。
counting-territory = 地とアゲハマで計算（日本ルール）：死に石はアゲハマになり、セキの地は数えません。
counting-aga = 数子で計算（AGAルール）：石と地の合計、死に石は取り除きます。パスのたびに相手へ石を1つ渡しています。
counting-area = 数子で計算（中国ルール）：石と地の合計、死に石は取り除きます。

## 結果

result-heading = 対局終了 #{$game}
result-points = {$winner} の {$margin}目勝ち（{$sgf}）
result-tie-to-black = {$winner}の勝ち：同点で、応氏ルールでは持碁は黒の勝ちです（{$sgf}）
result-resignation = {$winner} の中押し勝ち（{$sgf}）
result-time = {$winner} の時間切れ勝ち（{$sgf}）
result-forfeit = {$winner} の不戦勝（{$sgf}）
result-short = 対局 #{$game}（{$black} 対 {$white}）は終わりました：{$result}。
result-draw = 持碁（引き分け）。
result-void = 無勝負（集計しません）。
result-scores = 黒 {$black} · 白 {$white}（コミ {$komi}）
result-no-dead = 死に石はありませんでした。
result-agreed-dead = 合意した死に石：かたまり {$chains} 個（石 {$stones} 個）。
result-record = `/weiqi sgf game:{$game}` — 棋譜
abandoned = 対局不成立（{$why}）。誰の成績にもなりません。
abandoned-both-away = 両者とも不在でした
abandoned-offline = 対局者がオフラインになり、戻りませんでした
abandoned-time-cap = 対局が制限時間を超えました
annulled = モデレーターが無効にしました。誰の成績にもなりません。
annulled-unreadable = 対局 #{$game}（{$black} 対 {$white}）はモデレーターにより無効になりました：記録を読み込めませんでした。勝敗には数えません。
reward-merit = {$player} 功徳 +{$amount}
reward-title = {$player} が称号 **黒白手（黑白手）** を獲得しました

## 通知

notice-your-move = {$player} あなたの手番です（{$number}手目{$last}）
notice-nigiri-guess = {$player} 大会の対局の色はニギリで決めます。盤で奇数か偶数かを当ててください。
notice-nigiri-choose = {$player} ニギリに勝ちました。盤で色を選んでください。
notice-after-move = 、直前の手は {$stone} {$point}
notice-after-pass = 、直前の手はパス
notice-agreement = {$black} {$white} 両者がパスしました：碁盤上の×印の死に石を確認し、「承認」か「対局再開」を押してください。
notice-board-not-posted = 対局 #{$game} の碁盤を {$channel} に投稿できませんでした：そこに書き込む権限がないようです。モデレーターに書き込みを許可してもらうか、私が書き込めるチャンネルで `/weiqi board` を使ってください。
notice-role-failed = {$player} に称号のロール {$role} を付与できませんでした：「ロールの管理」権限と、それより上の私のロールが必要です。モデレーターが直したうえで手動で付与できます。

## 状況、成績、棋譜

how-to-start = ここにはまだ対局がありません。`/weiqi invite user:@someone` で対局を始めましょう。招待を受けた人が黒番です。囲碁は初めてですか？ `/weiqi learn` をどうぞ。
status-head = {$size}×{$size} · {$rules}ルール · 対局 {$game}
status-play = {$head}
    手番：{$player}（{$color}）
    手数：{$number}
    アゲハマ：⚫ {$black_captures} · ⚪ {$white_captures}
    コミ：{$komi}
    {$timing}
status-turn-timing = 手番の残り時間：{$left} · 対局の残り時間：{$game_left}
status-agreement = {$head}
    両者パス：対局者が死に石を確認しています。
    承認した場合：{$result}
    自動承認まで：{$left} · 対局の残り時間：{$game_left}
profile-heading = 囲碁の成績
profile-line = {$player}
    功徳：**{$merit}** · 勝ち：**{$wins}** · 負け：**{$losses}** · 持碁：**{$draws}**
profile-title = 称号：**黒白手（黑白手）**
profile-ranked = レーティング対局：**{$rank}{$provisional}** · レーティング {$rating} ± {$deviation} · {$games} 局 {$wins}勝{$losses}敗{$streak}
profile-streak = {" · "}連続 {$n}
rank-heading = レーティング対局
rank-none = まだレーティング対局がありません。ranked:True で招待してください。
rank-stated = {$rank} からレーティング対局を始めます。最初の数局で幅（±）が狭まります。
leaderboard-heading = ランキング（{$page}ページ目）
leaderboard-empty = まだ集計された対局がありません。
leaderboard-line = {$rank}. {$player} — 功徳 {$merit} · {$wins}勝{$losses}敗
leaderboard-rating-heading = レーティング順ランキング（{$page}ページ目）
leaderboard-rating-empty = まだ終局したレーティング対局がありません。ranked:True で招待してください。
leaderboard-rating-line = {$place}. {$player} — {$rank}{$provisional} · {$rating} ± {$deviation} · {$wins}勝{$losses}敗
button-back = ◀ 前へ
button-next = 次へ ▶
button-by-merit = 功徳順
button-by-rating = レーティング順
sgf-no-game = このサーバーではまだ対局していません。ほかの対局の棋譜は `game:` で対局番号を指定してください。
sgf-record = 棋譜 #{$game}
sgf-running = 対局中
sgf-choice = #{$game} · {$size}×{$size} {$rules}ルール · {$result} · {$moves}手
sgf-automatic-pass = 自動パス（手番の時間切れ）

## 入門（/weiqi learn）

learn-1-title = 1 · 碁盤と石
learn-1-text = 黒と白の二人が交互に、線の交点の空いているところに石を1つずつ置きます。黒が先に打ちます。一度打った石は動きません。相手より広く盤上を囲うことが目的です。
learn-2-title = 2 · ダメ（呼吸点）とつながり
learn-2-text = 石のすぐ隣（上下左右。斜めは含みません）の空いた点を、その石のダメ（呼吸点）といいます。接している同じ色の石はひとかたまりになり、ダメを共有します。この図の黒のかたまりにはダメが6つあります。
learn-3-title = 3 · 石を取る
learn-3-text = 相手の石のかたまりの最後のダメをふさぐと、その石は盤上から取り除かれます。これが「取る」で、取った石はアゲハマになります。この図の白はダメが残り1つです。黒が印の点に打てば、その石を取れます。
learn-4-title = 4 · 自殺手の禁止
learn-4-text = 打った石のダメがなくなる点には打てません（着手禁止点）。ただし、その手で相手の石を取れるなら打てます。取った石が先に取り除かれるからです。黒は印の点に打てません：白に囲まれていて、何も取れないからです。
learn-5-title = 5 · コウ
learn-5-text = 1子を取った直後に、取った石をすぐ取り返せる形では、同じ局面が永遠に繰り返されてしまいます。そのため、すぐに取り返すことは禁止です。まず別の場所に打ち（コウ立て）、その後なら取り返せます。ボットは禁止された点を碁盤に表示します。
learn-6-title = 6 · パスと終局
learn-6-text = パスはいつでもできます。パスが2回続くと対局は終わります。ここでは、持ち時間内に打たなかった対局者は自動的にパスになります。自動パスが2回続くと対局は不成立となり、誰の成績にもなりません。
learn-7-title = 7 · 計算
learn-7-text = それぞれ、盤上の自分の石の数と、自分の石だけに囲まれた空点の数を合計します。白は後手なのでコミを加えます（クラシックルールでは5.5目、ほかのルールでは6.5目か7.5目）。コミに半目があれば引き分けはありません。クラシックルールでは盤面をそのまま数えるので、パスする前に死に石を取り上げておいてください。
learn-8-title = 8 · 死に石（中国・AGA・日本ルール）
learn-8-text = これらのルールでは、死に石をすべて取り上げる必要はありません。パスが2回続くと、ボットが死んでいると判断したかたまりに×印をつけ（この図では黒の地の中の白石と、白の地の中の黒石）、スコアを表示します。区域をクリックし、次に石をクリックすると、そのかたまりを死に石にするか生きに戻せます。判定が正しければ「承認」を押してください。納得できなければ「対局再開」を押して、盤上で決着をつけてください。クラシックルールでは、パスする前に死に石を取り上げてください。
learn-9-title = 9 · ここでの打ち方
learn-9-text = `/weiqi invite` でメンバーを招待します。招待を受けた人が黒番です。碁盤のメッセージで、打ちたい点のある区域をクリックし、次にその点をクリックします。パスはボタンです。投了は2回押す必要があり、2回目は数秒以内に押します。`/weiqi status` で残り時間を確認できます。ペア碁と相談碁は `/weiqi-team`、このサーバーの大会は `/weiqi-event` にあります。

## Clocks
cmd-weiqi-invite-time = 持ち時間
    .description = 持ち時間：turn（一手ごとの制限）、blitz、live、correspondence
choice-time-turn = 一手ごと
choice-time-blitz = 早碁
choice-time-live = 対局（秒読み）
choice-time-correspondence = 通信碁（一手数日）
refusal-time-not-allowed = このサーバーでは{$time}の対局はできません。使えるもの：{$allowed}。
shape-time-preset = allowed-times にある turn、blitz、live、correspondence のどれか
shape-time-presets = time-default を含む turn、blitz、live、correspondence のカンマ区切り
shape-time-control = byo-yomi 10m 5x30s、fischer 2m +30s max 5m、penalty 1h（持ち時間は最大3時間）または correspondence 3d +1d max 7d（1時間〜30日）
key-time-default = 指定のない招待の持ち時間
key-allowed-times = 招待で選べる持ち時間
key-time-blitz = 早碁の持ち時間
key-time-live = 対局（live）の持ち時間
key-time-correspondence = 通信碁の持ち時間
key-max-correspondence-games = 同時に打てる通信碁の数
choice-key-time-default = time-default · 既定の持ち時間
choice-key-allowed-times = allowed-times · 選べる持ち時間
choice-key-time-blitz = time-blitz · 早碁
choice-key-time-live = time-live · 対局
choice-key-time-correspondence = time-correspondence · 通信碁
choice-key-max-correspondence-games = max-correspondence-games · 通信碁の数
time-preset-turn = 一手ごと
time-preset-blitz = 早碁
time-preset-live = 対局
time-preset-correspondence = 通信碁
time-turn = 一手 {$turn}
time-byo-yomi = 持ち時間 {$main}、秒読み {$period}×{$periods}回
time-fischer = フィッシャー {$initial}、一手ごと +{$increment}（最大 {$max}）
time-correspondence = 通信碁 {$initial}、一手ごと +{$increment}（最大 {$max}）
time-penalty = {$main} + 罰点延長（応氏：6分の1ごとに2点）
clock-byo-yomi = {$main} · {$period}×{$periods}
clock-overtime = 延長 {$overtime}（−{$points}点）
field-time = 持ち時間
field-clocks = 残り時間
field-time-runs-out = 時間切れ
notice-clock-reminder = {$player} さん、対局 #{$game} の持ち時間は {$deadline} に切れます。あなたの手番です。
status-clock = {$player}：{$clock}（持ち時間 {$exact}）
status-runs-out = 手番の人の時間切れまで {$left}。
status-given-back = ボットが停止していた {$given} を手番の人に戻しました。
status-penalties = 罰点：⚫ {$black} · ⚪ {$white}
status-time = 持ち時間：{$time}
result-penalties = 罰点延長：⚫ −{$black} · ⚪ −{$white} 点（上の計算に含む）。
config-heading = 設定

## Several games
cmd-weiqi-games = 対局一覧
    .description = 進行中の対局、手番、各碁盤へのリンク
cmd-weiqi-pass-game = 対局
    .description = どの対局か（既定：ここの対局、なければ唯一の対局）
cmd-weiqi-resign-game = 対局
    .description = どの対局か（既定：ここの対局、なければ唯一の対局）
cmd-weiqi-board-game = 対局
    .description = どの対局か（既定：ここでのあなたの対局、なければこのチャンネルの対局）
cmd-weiqi-status-game = 対局
    .description = どの対局か（既定：ここでのあなたの対局、なければこのチャンネルの対局）
games-your-move = あなたの番
games-their-move = 相手の番
games-heading = 進行中の対局（{$count}）：
games-line = **#{$game}** · {$size}×{$size} · {$time} · 相手 {$opponent} · {$turn}、期限 {$deadline}{$link}
games-none = 進行中の対局はありません。`/weiqi invite user:@相手` で始めましょう。
refusal-too-many-correspondence-yours = すでに通信碁が {$max} 局あります。このサーバーで同時に打てる上限です。
refusal-too-many-correspondence-theirs = その人はすでに通信碁が {$max} 局あります。このサーバーで同時に打てる上限です。
refusal-which-game = 進行中の対局が {$count} 局あります。`game` オプションで選ぶか、対局のチャンネルかスレッドで使ってください（`/weiqi games` で一覧）。

## Takebacks and rematches
button-rematch = 再戦
button-takeback = 待った
button-takeback-accept = 待ったを認める
button-takeback-decline = 断る
board-takeback-asked = {$player} さんが直前の手の待ったを求めています。{$opponent} さん、認めるか断ってください。
board-stand-in = ⚠️ {$engine} が手を返さなかったため、第{$number}手は Tengen の上級が代わりに打ちました。
key-takebacks = 直前の自分の手の待ったを求められるか（相手が決める）
choice-key-takebacks = takebacks · 待った
refusal-takebacks-off = この対局では待ったはできません。
refusal-nothing-to-undo = 待ったできるのは相手が打つ前の自分の直前の手だけです（自動パスは不可）。
refusal-undo-pending = 待ったの返事を待っているところです。
refusal-no-undo-request = 返事をする待ったはありません。
refusal-no-rematch = 再戦を求められるのは終局した対局の二人だけです。

## Answers in time, annulments, stored games that do not load

answer-posted-below = 完了しました：下のメッセージをご覧ください。
answer-told-privately = 返答はあなたにだけ送りました。
annulled-notice = {$black} さん、{$white} さん：モデレーターが対局 #{$game} を無効にしました。勝敗には数えません。
player-unknown = （不明）
config-game-unloadable = （読み込めません）
load-error-row = 保存された値が読めません（`{$detail}`）
load-error-missing-move = 第 {$number} 手がありません
load-error-illegal = 第 {$number} 手が反則です：{$why}
load-error-move-count = 保存は {$stored} 手、{$expected} 手のはずです
load-error-inconsistent = 保存された対局に矛盾があります：{$what}
inconsistent-no-result = 終局しているのに結果がありません
inconsistent-negative-duration = 設定の時間が負になっています
inconsistent-over-in-play = パスで終局したのにまだ対局中です
inconsistent-early-agreement = パスが二回続く前に死に石を確認しています
inconsistent-no-ending = 終局しているのに終わり方がありません
inconsistent-resumptions = 対局再開の回数が着手と合いません
inconsistent-moves-before-nigiri = ニギリで色が決まる前の着手があります

## Events: refusals

refusal-no-such-event = このサーバーにそのような大会はありません。
refusal-event-closed = この大会の参加受付は締め切られました。
refusal-registration-over = この大会の参加受付は {$closed} に締め切られました。
refusal-already-entered = すでにこの大会に参加しています。
refusal-event-full = この大会は満員です（定員 {$max} 人）。
refusal-event-role-needed = この大会はそのロールのメンバー限定です。
refusal-event-games-needed = この大会に参加するには、このサーバーでレーティング対局を {$needed} 局以上終えている必要があります。
refusal-barred-from-events = モデレーターにより {$until} まで、このサーバーの大会への参加が停止されています。
refusal-event-started = 大会は始まっています：参加者は確定しました。
refusal-not-entered = この大会に参加していません（または棄権済みです）。
refusal-event-too-few-players = この大会を始めるには {$needed} 人以上必要です。
refusal-event-teams-not-set = 勝ち抜き戦を始める前に、両チームを決めてください。
refusal-event-over = この大会は終わりました。
refusal-no-round-to-start = 始められる回戦はありません：今の回戦が続いているか、もう残っていません。
refusal-event-terms-not-allowed = 大会にこの条件は使えません：回戦数・人数・欠席数・時間が範囲外か、バーやフロアが段級位でないか、定時の日程に回戦間隔がない（または定時でないのに間隔がある）ためです。受付期間は5秒から90日、趣旨は300文字までです。

## Events: commands

cmd-weiqi-event = 囲碁大会
    .description = このサーバーの大会に参加する：一覧、順位、棄権、棋譜
cmd-weiqi-event-list = 一覧
    .description = このサーバーの大会
cmd-weiqi-event-standings = 順位
    .description = 大会の順位を表と画像で表示する
cmd-weiqi-event-standings-event = 大会
    .description = どの大会か（既定：最新の大会）
cmd-weiqi-event-withdraw = 棄権
    .description = 大会を棄権する：残りの対局は負けになります
cmd-weiqi-event-withdraw-event = 大会
    .description = どの大会か（既定：終わっていない最新の大会）
cmd-weiqi-event-records = 棋譜
    .description = 大会の全対局を1つの SGF ファイルで
cmd-weiqi-event-records-event = 大会
    .description = どの大会か（既定：最新の大会）
cmd-weiqi-organise = 囲碁大会運営
    .description = このサーバーの大会を運営する：作成、開始、チーム、参加停止、審判の裁定
cmd-weiqi-organise-create = 作成
    .description = 大会の参加受付を始める（告知はここに投稿されます）
cmd-weiqi-organise-create-name = 名前
    .description = 大会の名前
cmd-weiqi-organise-create-format = 方式
    .description = 組み合わせの決め方
cmd-weiqi-organise-create-purpose = 趣旨
    .description = 大会の趣旨を一行で（告知に表示されます）
cmd-weiqi-organise-create-registration = 受付期間
    .description = 参加受付を開けておく期間、例：3d、12h（既定：運営が開始するまで）
cmd-weiqi-organise-create-size = 路数
    .description = 碁盤の路数（既定：サーバーの設定）
cmd-weiqi-organise-create-rules = ルール
    .description = ルール（既定：サーバーの設定）
cmd-weiqi-organise-create-komi = コミ
    .description = 互先の対局のコミ（既定：ルールのコミ）
cmd-weiqi-organise-create-handicap = 置き石
    .description = 互先か、段級位に応じた置き石か
cmd-weiqi-organise-create-time = 持ち時間
    .description = 持ち時間（既定：サーバーの設定）
cmd-weiqi-organise-create-ranked = レーティング
    .description = 対局をレーティングに反映するか（既定はサーバーの設定）
cmd-weiqi-organise-create-rounds = 回戦数
    .description = スイス方式・マクマホン方式の回戦数（既定：5）
cmd-weiqi-organise-create-max_players = 最大人数
    .description = 受け付ける最大の人数（既定：方式が許すだけ）
cmd-weiqi-organise-create-role = ロール
    .description = このロールのメンバーだけが参加できる
cmd-weiqi-organise-create-min_games = 最少対局数
    .description = レーティング対局をこの数以上終えた人だけが参加できる
cmd-weiqi-organise-create-schedule = 進行
    .description = 各回戦を始める時（既定：前の回戦が終わりしだい）
cmd-weiqi-organise-create-start_window = 初手の制限
    .description = 初手を打つまでの時間。過ぎると欠席負け：90s、10m、3d（既定：10m、通信対局は 3d）
cmd-weiqi-organise-create-absences = 欠席回数
    .description = 許される欠席の回数。もう1回で除外（既定：1）
cmd-weiqi-organise-create-bar = 上限
    .description = マクマホンのバー（上限）、1d のような段級位（既定：1d）
cmd-weiqi-organise-create-floor = 下限
    .description = マクマホンのフロア（下限）、20k のような段級位（既定：20k）
cmd-weiqi-organise-create-relay = 中継
    .description = 観戦者がすべての対局と順位を見られるチャンネル（ボタンなし）
cmd-weiqi-organise-create-round_interval = 回戦間隔
    .description = 定時の日程で、ある回戦の開始から次の回戦の開始までの時間（1h、1d、7d）
cmd-weiqi-organise-create-colours = 色の決め方
    .description = 互先の対局の色：組み合わせのとおり、または毎局ニギリ（既定：組み合わせのとおり）
cmd-weiqi-organise-start = 開始
    .description = 大会を始める、または手動進行で次の回戦を始める
cmd-weiqi-organise-start-event = 大会
    .description = どの大会か（既定：終わっていない最新の大会）
cmd-weiqi-organise-cancel = 中止
    .description = 大会を中止する。進行中の対局は無効になります
cmd-weiqi-organise-cancel-event = 大会
    .description = どの大会か
cmd-weiqi-organise-team = チーム
    .description = 勝ち抜き戦のチームを主将が決めた順に設定する
cmd-weiqi-organise-team-event = 大会
    .description = どの大会か
cmd-weiqi-organise-team-team = チーム
    .description = チーム 1 か 2
cmd-weiqi-organise-team-players = 対局者
    .description = 対局者をメンションする（先に打つ人から）
cmd-weiqi-organise-bar = 参加停止
    .description = メンバーのこのサーバーの大会への参加を数日間停止する（0 で解除）
cmd-weiqi-organise-bar-user = ユーザー
    .description = 誰を
cmd-weiqi-organise-bar-days = 日数
    .description = 何日間
cmd-weiqi-organise-rule = 裁定
    .description = 審判として大会の対局を裁定する：勝ちを与える、計算を確定する、打ち直しにする
cmd-weiqi-organise-rule-game = 対局
    .description = 対局の番号（盤に書かれています）
cmd-weiqi-organise-rule-ruling = 裁定内容
    .description = 黒または白の勝ち、印のとおりに計算を確定、無効にして打ち直し
choice-ruling-award-black = 黒の勝ちとする
choice-ruling-award-white = 白の勝ちとする
choice-ruling-settle = 印のとおりに計算を確定する
choice-ruling-replay = 無効にして打ち直す

choice-format-round-robin = 総当たり戦（全員が全員と対局）
choice-format-knockout = トーナメント（1敗で敗退）
choice-format-double-knockout = ダブルエリミネーション（2敗で敗退）
choice-format-swiss = スイス方式（同じ成績どうしが対局、同じ組み合わせなし）
choice-format-mcmahon = マクマホン方式（段級位から初期点を与えるスイス方式）
choice-format-arena = 勝ち抜き戦（2チーム、勝った人が残る）
choice-format-ten-game = 十番碁（2人で対局、手合いが変わる）
choice-handicap-even = 互先（コミは大会の条件どおり）
choice-handicap-by-rank = 段級位差（段級位に応じた置き石）
choice-schedule-continuous = 連続（前の回戦が終わりしだい次の回戦）
choice-schedule-manual = 手動（モデレーターが各回戦を始める）
choice-schedule-timed = 定時（前の回戦の開始から決まった時間後に次の回戦）
choice-colours-pairing = 組み合わせ（方式の決める色）
choice-colours-nigiri = ニギリ（毎局の前に奇数か偶数かを当てる）
choice-key-event-organiser-role = event-organiser-role · 大会運営者のロール
key-event-organiser-role = モデレーターと同じように大会を運営できるメンバーのロール
choice-key-event-referee-role = event-referee-role · 大会審判のロール
key-event-referee-role = モデレーターと同じように大会の対局を裁定できるメンバーのロール

## Events: what players see

format-round-robin = 総当たり戦
format-knockout = トーナメント
format-double-knockout = ダブルエリミネーション
format-swiss = スイス方式
format-mcmahon = マクマホン方式
format-arena = 勝ち抜き戦（団体戦、勝った人が残る）
format-ten-game = 十番碁（4番勝ち越すと手合いが変わる打ち込み制）
event-heading = 🏆 {$name}（大会 #{$id}）
event-format-rounds = {$format}、{$rounds} 回戦
event-format-mcmahon = {$format}、{$rounds} 回戦、バー {$bar}、フロア {$floor}
event-even = 互先、コミ {$komi}
event-by-rank = 段級位に応じた置き石
event-board = {$size}×{$size} · {$rules}ルール · {$balance}
event-schedule-continuous = 各回戦は前の回戦が終わりしだい始まります。
event-schedule-manual = 各回戦はモデレーターが始めます。
event-schedule-timed = 各回戦は前の回戦の開始から {$every} 後に始まります。その時点で終わっていない対局は審判が裁定します。
event-round-overdue = ⏰ {$name}：第 {$round} 回戦の時間になりましたが、対局 {$games} がまだ続いています。審判が `/weiqi-organise rule` で裁定し、済みしだい次の回戦が始まります。
event-penalties = {$window} 以内に初手を打たない対局者は欠席負けになります。欠席は {$absences} 回まで、もう1回で除外されます。
event-entry-role = {$role} のメンバーが参加できます。
event-relay = すべての対局と順位は {$channel} で中継されます。
event-colours-nigiri = 互先の対局はすべて対局前にニギリ（猜先）で色を決めます。
event-entry-games = レーティング対局を {$games} 局以上終えた人が参加できます。
event-stage-registration = 参加受付中：「参加」を押してください。{$count} 人（定員 {$max} 人）。
event-registration-until = 受付締切：{$closes}。
event-stage-registration-closed = 参加受付は締め切られました：{$count} 人。運営が `/weiqi-organise start` で大会を始めます。
event-purpose = *{$purpose}*
event-stage-running = 第 {$round} 回戦の対局中です。
event-stage-finished = 終了しました。
event-stage-cancelled = モデレーターが中止しました。
event-players = 参加者
event-no-players = まだ誰もいません。
event-and-more = …ほか {$count} 人
event-team = チーム {$team}
event-withdrawn = 棄権
event-removed = 除外（欠席が多すぎた）
button-join = 参加
button-leave = 参加取り消し
event-round-heading = {$name}：第 {$round} 回戦
event-board-line = 第 {$board} 局：⚫ {$black} — ⚪ {$white}
event-round-nigiri = 色はニギリで決めます。互先の各局では、先に名前のある人が対局の盤で奇数か偶数かを当てます。
event-bye-line = {$player}：不戦勝（抜け番）
event-forfeit-line = 第 {$board} 局：⚫ {$black} — ⚪ {$white}：{$result}（対局なし）
event-black-won = 黒勝ち
event-white-won = 白勝ち
event-draw = 持碁
event-both-lost = 両者負け
event-standings-heading = {$name}：順位
event-standings-line = {$place}. {$player}（#{$seat}）— {$points} · {$tiebreaks}
event-won = 🏆 {$player} さんが {$name} で優勝しました！
event-team-won = 🏆 チーム {$team} が {$name} で優勝しました！
event-drawn = {$name} は引き分けで終わりました。
event-cancelled = {$name} はモデレーターにより中止されました。進行中の対局は無効になります。
event-game = 🏆 対局 #{$game}（大会 #{$event} の対局）
event-choice-registration = 受付中
event-choice-round = 第 {$round} 回戦
event-choice-finished = 終了
event-choice-cancelled = 中止
event-none = このサーバーにはまだ大会がありません。
event-none-open = このサーバーには今、終わっていない大会がありません。`event:` で大会を指定してください。
event-no-records = この大会ではまだ対局が行われていません。
event-records = {$name} の全対局（1つの SGF ファイル）。

## Events: answers and refusals

answer-event-created = 大会の参加受付を始めました：「参加」「参加取り消し」ボタンつきの告知を投稿しました。
answer-round-started = 回戦が始まりました：組み合わせを投稿し、対局を開始しました。
answer-event-cancelled = 大会を中止しました。
answer-ruled = 対局 #{$game} の裁定を記録し、掲示しました。
ruling-line = ⚖️ {$name} 第 {$round} 回戦 第 {$board} 局：審判 {$referee} が{$what}
ruling-award = {$loser} さんとの対局を {$winner} さんの勝ち（裁定勝ち）としました。
ruling-settle = {$black} さんと {$white} さんの対局を、印のとおりに死に石を確定して計算しました。
ruling-replay = {$black} さんと {$white} さんの対局を無効とし、最初から打ち直しにしました（対局 #{$game}）。
ruling-history = 裁定
ruling-history-line = 第 {$round} 回戦 第 {$board} 局：{$referee} が{$what}
ruling-game-choice = #{$game} · {$name} · 第 {$round} 回戦 第 {$board} 局
answer-team-set = チーム {$team} をこの順で設定しました。
answer-barred = {$user} さんは {$days} 日間、このサーバーの大会に参加できません。
answer-withdrew = 棄権しました：残りの対局は負けになります。
answer-joined = {$name} に参加しました。開始前なら、同じ告知の「参加取り消し」ボタンで取り消せます。
answer-left = {$name} への参加を取り消しました。
refusal-team-mentions = チームの対局者を、打つ順にメンション（`@name @name`）だけで指定してください。

## Team games: pair Go and consultation

cmd-weiqi-team = 囲碁チーム
    .description = ペア碁と相談碁
cmd-weiqi-team-pair = ペア碁
    .description = ペア碁：あなたとパートナー対ほかの二人、交互に打つ
cmd-weiqi-team-pair-partner = パートナー
    .description = あなたのパートナー
cmd-weiqi-team-pair-opponent = 相手
    .description = 相手ペアの一人目
cmd-weiqi-team-pair-opponent_partner = 相手のパートナー
    .description = 相手のパートナー
cmd-weiqi-team-pair-size = 路数
    .description = 碁盤の路数（このサーバーで使える路数）
cmd-weiqi-team-pair-komi = コミ
    .description = 白のコミ。整数または半目（例: 6.5）
cmd-weiqi-team-pair-rules = ルール
    .description = ルール
cmd-weiqi-team-pair-time = 持ち時間
    .description = 持ち時間：turn、blitz、live、correspondence（時計は組ごと）
cmd-weiqi-team-pair-color = 手番
    .description = あなたの組の色（既定：相手の組が黒）
cmd-weiqi-team-consult = 相談碁
    .description = チームがスレッドで一手ずつ投票する対局、またはサーバー全員対コンピューター
cmd-weiqi-team-consult-black_role = 黒のロール
    .description = 黒のチーム：このロールのメンバー
cmd-weiqi-team-consult-black_members = 黒のメンバー
    .description = 黒のチーム：メンバーをメンションする（@a @b）
cmd-weiqi-team-consult-white_role = 白のロール
    .description = 白のチーム：このロールのメンバー
cmd-weiqi-team-consult-white_members = 白のメンバー
    .description = 白のチーム：メンバーをメンションする（@a @b）
cmd-weiqi-team-consult-computer = コンピューター
    .description = チームのない側をコンピューターが打つ（チーム指定なし：全員対コンピューター）
cmd-weiqi-team-consult-move_time = 投票時間
    .description = 一手ごとにチームが投票できる時間：30s、2m、1h（既定 60s）
cmd-weiqi-team-consult-size = 路数
    .description = 碁盤の路数（このサーバーで使える路数）
cmd-weiqi-team-consult-rules = ルール
    .description = ルール
cmd-weiqi-team-consult-komi = コミ
    .description = 白のコミ。整数または半目（例: 6.5）
choice-computer-beginner = 初級
choice-computer-intermediate = 中級
choice-computer-advanced = 上級
choice-computer-engine = 外部エンジン
key-team-games-for-everyone = モデレーター以外のメンバーも相談碁を始められるか
choice-key-team-games-for-everyone = team-games-for-everyone · 相談碁
perm-create-private-threads = プライベートスレッドの作成
refusal-invitation-already-accepted = この招待はすでに受けています。ほかの人も受けると始まります。
refusal-partners-move = パートナーの手番です。ペア碁では交互に打ちます（パスと投了はどちらでもできます）。
refusal-not-a-team-game = この対局はチーム戦ではありません。
refusal-not-your-teams-turn = 相手チームの手番です。あなたのチームの番になったら投票してください。
refusal-not-on-team = あなたはこの対局で手番のチームに入っていません（ロールのチームはそのロールが必要です）。
refusal-vote-closed = その投票は終わりました。手はもう打たれています。今の盤で投票してください。
refusal-vote-on-team-board = これはチーム戦です。自分のチームのスレッドにある盤で投票してください。
refusal-team-games-by-moderators = このサーバーでは相談碁を始められるのはモデレーターです。
refusal-bad-teams = このチームでは対局できません：各チームに一人以上、両チームに入る人はなし、同じロールの二チームは不可、投票時間は 10 秒から 7 日です。
refusal-not-for-team-games = チーム戦は互先でレーティングなし、ニギリもありません：置き石、レーティング、ニギリを指定しないでください。
refusal-team-sides = 各チームは一度だけ指定してください：ロールか、メンバーのメンション（@a @b）のどちらか一方で、ほかの文字は入れません。
refusal-move-time = 投票時間は 30s、2m、1h のような時間で指定してください。
refusal-team-game-in-thread = 相談碁はチームごとにスレッドを開きます：スレッドではなくチャンネルで始めてください。
inconsistent-teams = チームの記録が矛盾しています
sgf-vote-pass = パス
sgf-vote-resign = 投了
team-anyone-name = サーバー
team-anyone = ここにいる全員
team-seat = チーム
team-form-pair = ペア碁（联棋）：黒1、白1、黒2、白2 の順
team-form-consultation = 相談碁（商谈联棋）：各チームがスレッドで手を投票する
team-votes-now = {$color}のチームが投票中
team-pair-place = {$color} {$place}
team-no-votes = まだ投票はありません。
team-vote-pass = パス
team-vote-resign = 投了
team-board-footer = あなたのチーム（{$color}）の盤：区画、次に点を押して投票します。時間切れ、全員の投票、または過半数で手が決まります。
field-votes = 投票
button-vote-pass = パスに投票
button-vote-resign = 投了に投票
team-thread-name = 碁 #{$game} · {$color}チーム
team-thread-welcome = 対局 #{$game} のあなたのチームのスレッドです。ここで相談し、下の盤で投票してください。相手チームには見えません。
notice-team-vote = {$team}：あなたのチームの {$number} 手目です。{$deadline}までに投票してください。
picker-voted = **{$choice}** に投票しました。
answer-team-game = 相談碁を始めました：盤はこのチャンネルに、各チームはそれぞれのスレッドで投票します。
invitation-pair = {$invitee}、{$invitee_partner}：{$inviter} と {$partner} があなたたちをペア碁（联棋）に招待しています：{$size}×{$size} · {$rules}ルール · コミ {$komi}{$handicap}。
    順番：{$order}。招待された三人が受けると始まります。受けた人：{$accepted}。期限 {$expires}。
pair-accepted-none = まだいません
