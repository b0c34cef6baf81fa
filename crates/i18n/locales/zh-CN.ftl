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
