# Tabula's messages in English. Every key here is in zh-CN.ftl too, with the same placeholders
# (the tests check both). Game notation (e4, h8, left) never goes through the catalog.

## Games and players

game-tictactoe = Tic-tac-toe
game-reversi = Reversi
game-gomoku = Gomoku
game-2048 = 2048
player-x = X
player-o = O
player-black = Black
player-white = White
player-you = you
player-person = person
player-computer = computer ({ $agent })

## Counts

moves-count = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
games-count = { $count ->
    [one] { $count } game
   *[other] { $count } games
}

## Status line (keys from the match controller's Status)

status-to-move = { $player } to move
status-thinking = { $player } is thinking…
status-paused = Paused: { $player } to move
status-win = { $player } wins
status-resigned = { $player } resigned
status-timeout = { $player } ran out of time
status-draw = Draw
status-score = Game over: score { $score }

## Menus

menu-start = Start
menu-instructions = Instructions
menu-quit = Quit
menu-language = Language
