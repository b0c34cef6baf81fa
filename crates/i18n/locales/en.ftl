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

## Full-screen terminal UI (tabula-tui)

tui-launcher-title = choose a game
tui-launcher-game = Game
tui-launcher-mode = Mode
tui-launcher-first = First move
tui-launcher-strength = Strength
tui-launcher-size = Board size
tui-launcher-rule = Rule
tui-launcher-goal = Goal tile
tui-launcher-animation = Animation
tui-launcher-keys = ↑↓ choose · ←→ change · Enter start · Esc quit · mouse: click
tui-mode-computer = against the computer
tui-mode-people = two players
tui-mode-solo = you play
tui-mode-watch = computer vs computer (watch)
tui-first-you = you
tui-first-computer = the computer
tui-strength-beginner = beginner
tui-strength-easy = easy
tui-strength-medium = medium
tui-strength-strong = strong
tui-strength-strongest = strongest
tui-rule-freestyle = freestyle (five or more)
tui-rule-standard = standard (exactly five)
tui-animation-normal = normal
tui-animation-fast = fast
tui-animation-off = off
tui-score = Score { $score }
tui-thinking = depth { $depth } · { $speed } nodes/s · { $value }
tui-best-line = best line: { $line }
tui-moves = Moves
tui-keys = ? help · arrows + Enter or click to play · : command · q quit
tui-button-new = New
tui-button-undo = Undo
tui-button-redo = Redo
tui-button-hints = Hints
tui-button-help = Help
tui-button-menu = Menu
tui-button-quit = Quit
tui-button-close = Close
tui-button-yes = Yes
tui-button-no = No
tui-help-title = Keys
tui-help-cursor = move the cursor
tui-help-play = play on the cursor
tui-help-click = click a cell to play, a button to press it
tui-help-slide = slide the tiles
tui-help-undo = take back a move
tui-help-redo = replay a move taken back
tui-help-new = new game
tui-help-hints = hint values on the legal moves on/off
tui-help-numbers = move numbers on the stones on/off
tui-help-command = command line: a move, undo, redo, hint, save FILE, load FILE, new, help, quit
tui-help-scroll = scroll the move list
tui-help-launcher = back to the game menu
tui-help-help = this help
tui-help-close = close a dialog
tui-help-quit = quit (the game is kept for next time)
tui-help-commands = Games in progress are saved after every move and offered at the next start.
tui-confirm-title = Are you sure?
tui-confirm-new = Start a new game? The game in progress is given up.
tui-confirm-launcher = Back to the game menu? The game in progress is kept for next time.
tui-confirm-quit = Quit? The game in progress is kept for next time.
tui-game-over = Game over
tui-winning-line = Winning line: { $cells }
tui-resume-title = Saved game
tui-resume = A { $game } game in progress was saved. Resume it? (y resumes, n starts afresh)
tui-hints-on = Hint values on
tui-hints-off = Hint values off
tui-saved = Saved to { $file }
tui-loaded = Loaded { $file }
tui-too-small = The terminal is too small for this board: it needs at least { $width }×{ $height } characters, this one has { $have_width }×{ $have_height }. Enlarge the window or make the font smaller.
tui-error-undo = There is nothing to undo.
tui-error-redo = There is nothing to redo.
tui-error-over = The game is over: n for a new game, u to undo.
tui-error-turn = It is not your turn: the computer is thinking.
tui-error-cell = No move can be played on { $cell }.
tui-error-move = { $detail }
tui-error-file = :{ $command } needs a file name, e.g. :{ $command } game.json
tui-error-start = The game cannot start: { $detail }
tui-error-resume = The saved game cannot be resumed ({ $detail }); a new game starts.
tui-error-autosave = The game could not be saved: { $detail }

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
web-must-pass = { $player } has no move: pass
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
web-decline = Decline
web-suggest = Suggested slide: { $slide }
web-suggest-wait = The computer is looking for the best slide…
web-declined-draw = { $player } declined your draw offer
web-declined-takeback = { $player } declined your takeback request
web-error-bad_request = The server did not understand that request.
web-error-binary_message = The server did not understand that message.
web-error-unknown_message = The server does not know that message.
web-error-bad_fields = That request is missing something or has a wrong field.
web-error-unauthorized = You do not hold a seat in this game.
web-error-forbidden = This invite link is not right for this game.
web-error-not_found = There is no such game.
web-error-too_many_requests = Too many requests; wait a moment and try again.
web-error-storage = The server could not save this; nothing was changed. Try again.
web-error-not_your_turn = It is not your turn.
web-error-game_over = The game is over.
web-error-nothing_to_take_back = There is no move of yours to take back.
web-error-not_joined = Your friend has not joined yet.
web-error-draws_between_people = Draws are agreed only between two people.
web-error-hints_between_people = Hints are off in games between people.
web-error-invite_used = This invite has already been used.
web-error-no_seat = This game has no seat to join.
web-error-not_over = A rematch is offered once the game is over.
web-error-spectator = Spectators can watch but not play.
web-error-no_offer = There is no offer to decline.
web-error-illegal_move = That move is not allowed.
web-error-bad_settings = The server does not take these game settings.

tui-keys-2048 = ? help · arrows/WASD/hjkl slide · H suggested slide · A autoplay · q quit
tui-help-suggest = the computer's suggested slide
tui-help-autoplay = autoplay on/off: the computer plays for you
tui-help-pace = autoplay faster / slower
tui-button-keep-going = Keep going
tui-goal-title = You made { $goal }!
tui-goal = Keep going for a higher tile, or start a new game.
tui-best = Best { $best }
tui-best-unreadable = The best score cannot be read from { $file } ({ $detail }); it starts from 0.
tui-best-corrupt = { $file } holds no best score ({ $detail }); it starts from 0 and the file will be replaced.
tui-best-unsaved = The best score could not be saved: { $detail }
tui-autoplay = Autoplay · { $ms } ms a move
tui-autoplay-on = Autoplay on: + and - change the pace ({ $ms } ms a move), A or a slide stops it.
tui-autoplay-off = Autoplay off.
tui-autoplay-pace = Autoplay pace: { $ms } ms a move.
tui-suggest-wait = The computer is looking for the best slide…
tui-suggest = Suggested slide: { $slide }   ({ $values })
tui-autoplay-status = The computer plays for you

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
