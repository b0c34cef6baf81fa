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
