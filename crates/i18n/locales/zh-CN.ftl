# Tabula 的简体中文消息。每个键都与 en.ftl 一一对应，占位符相同（测试会检查）。
# 棋谱记号（e4、h8、left）不经过翻译。

## 游戏与棋手

game-tictactoe = 井字棋
game-reversi = 黑白棋
game-gomoku = 五子棋
game-2048 = 2048
player-x = X
player-o = O
player-black = 黑方
player-white = 白方
player-you = 你
player-person = 玩家
player-computer = 电脑（{ $agent }）

## 计数

moves-count = { $count } 步
games-count = { $count } 局

## 状态栏

status-to-move = 轮到{ $player }
status-thinking = { $player }正在思考…
status-paused = 已暂停：轮到{ $player }
status-win = { $player }获胜
status-resigned = { $player }认输
status-timeout = { $player }超时
status-draw = 和棋
status-score = 游戏结束：得分 { $score }

## 菜单

menu-start = 开始
menu-instructions = 玩法说明
menu-quit = 退出
menu-language = 语言

## 全屏终端界面（tabula-tui）

tui-launcher-title = 选择游戏
tui-launcher-game = 游戏
tui-launcher-mode = 模式
tui-launcher-first = 先手
tui-launcher-strength = 棋力
tui-launcher-size = 棋盘大小
tui-launcher-rule = 规则
tui-launcher-goal = 目标方块
tui-launcher-animation = 动画
tui-launcher-keys = ↑↓ 选择 · ←→ 更改 · 回车 开始 · Esc 退出 · 可用鼠标点击
tui-mode-computer = 人机对弈
tui-mode-people = 双人对弈
tui-mode-solo = 自己玩
tui-mode-watch = 电脑对电脑（观战）
tui-first-you = 你
tui-first-computer = 电脑
tui-strength-beginner = 入门
tui-strength-easy = 简单
tui-strength-medium = 中等
tui-strength-strong = 强
tui-strength-strongest = 最强
tui-rule-freestyle = 自由规则（五连及以上）
tui-rule-standard = 标准规则（恰好五连）
tui-animation-normal = 正常
tui-animation-fast = 快速
tui-animation-off = 关闭
tui-score = 得分 { $score }
tui-thinking = 深度 { $depth } · 每秒 { $speed } 节点 · { $value }
tui-best-line = 最佳变化：{ $line }
tui-moves = 棋谱
tui-keys = ? 帮助 · 方向键加回车或点击落子 · : 命令 · q 退出
tui-button-new = 新局
tui-button-undo = 悔棋
tui-button-redo = 重做
tui-button-hints = 提示
tui-button-help = 帮助
tui-button-menu = 菜单
tui-button-quit = 退出
tui-button-close = 关闭
tui-button-yes = 是
tui-button-no = 否
tui-help-title = 按键
tui-help-cursor = 移动光标
tui-help-play = 在光标处落子
tui-help-click = 点击格子落子，点击按钮执行
tui-help-slide = 滑动方块
tui-help-undo = 悔一步棋
tui-help-redo = 重做悔掉的棋
tui-help-new = 新的一局
tui-help-hints = 开关合法着法上的提示分值
tui-help-numbers = 开关棋子上的手数
tui-help-command = 命令行：着法、undo、redo、hint、save 文件、load 文件、new、help、quit
tui-help-scroll = 滚动棋谱
tui-help-launcher = 返回游戏菜单
tui-help-help = 本帮助
tui-help-close = 关闭对话框
tui-help-quit = 退出（对局会保留到下次）
tui-help-commands = 进行中的对局每步之后自动保存，下次启动时可以继续。
tui-confirm-title = 确定吗？
tui-confirm-new = 开始新的一局？当前对局将被放弃。
tui-confirm-launcher = 返回游戏菜单？当前对局会保留到下次。
tui-confirm-quit = 退出？当前对局会保留到下次。
tui-game-over = 对局结束
tui-winning-line = 连成一线：{ $cells }
tui-resume-title = 已保存的对局
tui-resume = 有一局保存的{ $game }尚未下完。继续吗？（y 继续，n 重新开始）
tui-hints-on = 已打开提示分值
tui-hints-off = 已关闭提示分值
tui-saved = 已保存到 { $file }
tui-loaded = 已读取 { $file }
tui-too-small = 终端太小，放不下这个棋盘：至少需要 { $width }×{ $height } 个字符，当前只有 { $have_width }×{ $have_height }。请放大窗口或缩小字体。
tui-error-undo = 没有可以悔的棋。
tui-error-redo = 没有可以重做的棋。
tui-error-over = 对局已结束：按 n 开新局，按 u 悔棋。
tui-error-turn = 还没轮到你：电脑正在思考。
tui-error-cell = { $cell } 处不能落子。
tui-error-move = { $detail }
tui-error-file = :{ $command } 需要文件名，例如 :{ $command } game.json
tui-error-start = 无法开始对局：{ $detail }
tui-error-resume = 无法继续保存的对局（{ $detail }），将开始新的一局。
tui-error-autosave = 无法保存对局：{ $detail }

## The web page (tabula serve)

web-new-game = 新游戏
web-game = 游戏
web-opponent = 对手
web-opponent-computer = 电脑
web-opponent-friend = 朋友（邀请链接）
web-first = 谁先走
web-first-me = 我
web-first-them = 对手
web-first-random = 随机
web-strength = 强度
web-size = 棋盘大小
web-rule = 规则
web-rule-freestyle = 自由（五子或以上）
web-rule-standard = 标准（恰好五子）
web-goal = 目标方块
web-clock = 计时
web-clock-none = 不计时
web-clock-minutes = { $minutes } 分 + { $increment } 秒
web-start = 开始
web-you-play = 你执 { $side }
web-watching = 你在观战
web-invite-link = 把这个链接发给你的朋友：
web-watch-link = 观战链接：
web-copy = 复制
web-waiting-join = 等待朋友加入…
web-reconnecting = 正在重新连接…
web-queued = 正在等待空闲引擎…
web-hints = 提示
web-takeback = 悔棋
web-takeback-asked = { $player } 请求悔棋
web-draw = 提议和棋
web-draw-offered = { $player } 提议和棋
web-accept = 接受
web-resign = 认输
web-rematch = 再来一局
web-pass = 停一手
web-moves = 着法
web-score = 得分
web-best = 最高分
web-keys-2048 = 方向键、WASD、hjkl 或滑动
web-invite-used = 这个邀请已经用过了：你在观战。
web-other-language = English
web-cell-empty = { $cell }，空
web-cell-piece = { $cell }，{ $piece }
web-cell-last = { $cell }，{ $piece }，上一步
web-goal-reached = 你达到了目标方块！

tui-keys-2048 = ? 帮助 · 方向键/WASD/hjkl 滑动 · H 建议走法 · A 自动玩 · q 退出
tui-help-suggest = 电脑建议的滑动方向
tui-help-autoplay = 自动玩开/关：电脑替你玩
tui-help-pace = 自动玩加快 / 放慢
tui-button-keep-going = 继续玩
tui-goal-title = 你拼出了 { $goal }！
tui-goal = 继续挑战更大的方块，或者开始新的一局。
tui-best = 最高分 { $best }
tui-best-unreadable = 无法从 { $file } 读取最高分（{ $detail }），最高分从 0 开始。
tui-best-corrupt = { $file } 中没有有效的最高分（{ $detail }），最高分从 0 开始，该文件将被替换。
tui-best-unsaved = 无法保存最高分：{ $detail }
tui-autoplay = 自动玩 · 每步 { $ms } 毫秒
tui-autoplay-on = 自动玩已开启：+ 和 - 调整速度（每步 { $ms } 毫秒），按 A 或自己滑动即停止。
tui-autoplay-off = 自动玩已关闭。
tui-autoplay-pace = 自动玩速度：每步 { $ms } 毫秒。
tui-suggest-wait = 电脑正在寻找最佳滑动方向…
tui-suggest = 建议滑动：{ $slide }   （{ $values }）
tui-autoplay-status = 电脑正在替你玩

## 桌面窗口（tabula-desktop）

desktop-title = Tabula 棋盘游戏
desktop-game = 游戏：
desktop-mode = 对局方式：
desktop-mode-vs-computer = 人机对战
desktop-mode-two-players = 双人对战
desktop-mode-computer-vs-computer = 电脑对电脑
desktop-mode-solo = 自己玩
desktop-mode-computer-plays = 电脑来玩
desktop-first = 先手：
desktop-first-you = 你
desktop-first-computer = 电脑
desktop-strength = 电脑强度：
desktop-strength-easy = 简单
desktop-strength-medium = 中等
desktop-strength-hard = 困难
desktop-strength-expert = 专家
desktop-board-size = 棋盘大小：
desktop-rule = 规则：
desktop-rule-freestyle = 无禁手（五连或更长）
desktop-rule-standard = 标准（恰好五连）
desktop-goal = 目标方块：
desktop-help-tictactoe = 双方轮流在 3 × 3 的格子里画记号。自己的三个记号连成一行、一列或一条对角线即获胜；格子下满仍无人连成则为和棋。点击格子即可落子。
desktop-help-reversi = 落子时必须夹住对方一条直线上的棋子，被夹住的棋子翻成你的颜色。圆点标出可以下的位置；无处可下时必须停一手。双方都不能下时，棋子多的一方获胜。点击格子即可落子。
desktop-help-gomoku = 黑白双方轮流把棋子下在交叉点上。任意方向连成五子（无禁手规则下五子或更长）即获胜。鼠标下的半透明棋子显示将要落子的位置，点击即可落子。
desktop-help-2048 = 用方向键、W A S D 或拖动鼠标让所有方块一起滑动。两个相同的方块相遇会合并成两倍大的一个，每一步之后会出现一个新方块。达到目标方块后可以继续玩，争取更高分；无法再滑动时游戏结束。
desktop-help-window = “悔棋”撤回你的上一步（并立即让电脑停止思考）；“提示”在每个可下的位置显示引擎的评估值；“复制着法”把着法放到剪贴板，粘贴的着法列表可以重新播放。
desktop-theme = 主题：
desktop-theme-light = 浅色
desktop-theme-dark = 深色
desktop-animation = 动画：
desktop-anim-off = 关闭
desktop-anim-fast = 快速
desktop-anim-normal = 正常
desktop-score = 得分：{ $score }
desktop-score-best = 得分 { $score }   最高 { $best }
desktop-goal-reached = 已达到目标：继续加油！
desktop-scoreboard = 本次战绩：{ $first } { $firstwins } 胜，{ $second } { $secondwins } 胜，和棋 { $draws }
desktop-thinking = 深度 { $depth }，每秒 { $nps } 个节点，评估 { $value }
desktop-thinking-starts = 思考中…
desktop-best-line = 最佳着法：{ $line }
desktop-undo = 悔棋
desktop-redo = 重做
desktop-new-game = 新游戏
desktop-menu = 返回开始界面
desktop-hints = 提示
desktop-numbers = 显示手数
desktop-moves = 着法
desktop-file = 文件：
desktop-save = 保存
desktop-saved = 已保存到 { $path }
desktop-load = 读取
desktop-copy = 复制着法
desktop-paste-hint = 在此粘贴着法
desktop-replay = 重新播放着法

## 交换开局（五子棋）：规则名称、轮到谁做什么、选择颜色

opening-name-standard = 标准（黑方先行）
opening-name-swap1 = swap1（摆三子后选择）
opening-name-swap2 = swap2（摆三子，选择或再摆两子）
opening-first = 先手方
opening-second = 后手方
opening-place = { $seat }：摆第 { $stone }/{ $of } 颗棋子（{ $colour }）
opening-choose = { $seat }：选择颜色
opening-computer-place = { $seat }（电脑）正在摆开局…
opening-computer-choose = { $seat }（电脑）正在选择颜色…
opening-choose-title = 选择颜色
opening-choose-body = 开局已摆好，下一手是{ $colour }。你执哪一方？
opening-choose-body-swap2 = 也可以再摆两颗棋子（先白后黑），由先手方选择颜色。
choice-black = 执黑
choice-white = 执白
choice-place-two = 再摆两子
tui-launcher-opening = 开局
tui-error-choose = 请先选择颜色：按 Enter 或点击棋盘查看选项。

## 连珠：黑方禁手

forbidden-double-three = 双三
forbidden-double-four = 双四
forbidden-overline = 长连
tui-rule-renju = 连珠（黑方禁手）
tui-forbidden-legend = × 黑方禁手
tui-error-forbidden = { $cell } 是黑方禁手：{ $reason }。
