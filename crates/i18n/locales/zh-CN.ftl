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
