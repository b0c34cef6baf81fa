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

## Desktop window (tabula-desktop)

desktop-title = Tabula
desktop-game = Game:
desktop-mode = Players:
desktop-mode-vs-computer = Against the computer
desktop-mode-two-players = Two players
desktop-mode-computer-vs-computer = Computer against computer
desktop-mode-solo = You play
desktop-mode-computer-plays = The computer plays
desktop-first = Who moves first:
desktop-first-you = You
desktop-first-computer = The computer
desktop-strength = Strength:
desktop-strength-easy = Easy
desktop-strength-medium = Medium
desktop-strength-hard = Hard
desktop-strength-expert = Expert
desktop-board-size = Board size:
desktop-rule = Rule:
desktop-rule-freestyle = Freestyle (five or more)
desktop-rule-standard = Standard (exactly five)
desktop-goal = Goal tile:
desktop-help-tictactoe = Take turns marking a square of the 3 × 3 grid. Three of your marks in a row, column or diagonal win; a full grid without one is a draw. Click a square to mark it.
desktop-help-reversi = Place a disc so that it encloses a straight line of your opponent's discs; they turn over to your colour. The dots show where you may play; with no move you must pass. When neither side can move, the one with more discs wins. Click a square to play.
desktop-help-gomoku = Black and white take turns placing stones on the crossings. Five in a row (freestyle: five or more) in any direction wins. The faint stone under the mouse shows where you would play; click to place it.
desktop-help-2048 = Slide all the tiles with the arrow keys, W A S D or a mouse drag. Two equal tiles that meet merge into one of twice the value, and a new tile appears after every move. Reach the goal tile, then keep going for a higher score; the game ends when no slide is possible.
desktop-help-window = Undo takes back your last move (and stops the computer at once); Hints shows the engine's value on every move; Copy puts the moves on the clipboard, and a pasted list of moves can be replayed.
desktop-theme = Theme:
desktop-theme-light = Light
desktop-theme-dark = Dark
desktop-animation = Animation:
desktop-anim-off = Off
desktop-anim-fast = Fast
desktop-anim-normal = Normal
desktop-score = Score: { $score }
desktop-score-best = Score { $score }   Best { $best }
desktop-goal-reached = Goal reached: keep going!
desktop-scoreboard = This session: { $first } { $firstwins }, { $second } { $secondwins }, draws { $draws }
desktop-thinking = Depth { $depth }, { $nps } nodes/s, value { $value }
desktop-thinking-starts = Thinking…
desktop-best-line = Best line: { $line }
desktop-undo = Undo
desktop-redo = Redo
desktop-new-game = New game
desktop-menu = Start screen
desktop-hints = Hints
desktop-numbers = Move numbers
desktop-moves = Moves
desktop-file = File:
desktop-save = Save
desktop-saved = Saved to { $path }
desktop-load = Load
desktop-copy = Copy moves
desktop-paste-hint = paste moves here
desktop-replay = Replay moves
