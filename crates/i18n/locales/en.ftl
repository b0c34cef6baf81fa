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

## The web page (tabula serve)

web-new-game = New game
web-game = Game
web-opponent = Opponent
web-opponent-computer = The computer
web-opponent-friend = A friend (invite link)
web-first = Who moves first
web-first-me = Me
web-first-them = The opponent
web-first-random = Random
web-strength = Strength
web-size = Board size
web-rule = Rule
web-rule-freestyle = Freestyle (five or more)
web-rule-standard = Standard (exactly five)
web-goal = Goal tile
web-clock = Clock
web-clock-none = No clock
web-clock-minutes = { $minutes } min + { $increment } s
web-start = Start
web-you-play = You play { $side }
web-watching = You are watching
web-invite-link = Send this link to your friend:
web-watch-link = Link for spectators:
web-copy = Copy
web-waiting-join = Waiting for your friend to join…
web-reconnecting = Reconnecting…
web-queued = Waiting for a free engine…
web-hints = Hints
web-takeback = Take back
web-takeback-asked = { $player } asks to take back a move
web-draw = Offer a draw
web-draw-offered = { $player } offers a draw
web-accept = Accept
web-resign = Resign
web-rematch = Rematch
web-pass = Pass
web-moves = Moves
web-score = Score
web-best = Best
web-keys-2048 = Arrow keys, WASD, hjkl or swipe
web-invite-used = This invite has already been used: you are watching.
web-other-language = 中文
web-cell-empty = { $cell }, empty
web-cell-piece = { $cell }, { $piece }
web-cell-last = { $cell }, { $piece }, last move
web-goal-reached = You reached the goal tile!
