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
web-opening = Opening
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
web-error-choice_awaited = Choose first: the opening is waiting for an answer, not a stone.
web-error-no_choice = There is no choice to make now.
web-error-bad_choice = That is not one of the choices here.
web-you-seat = You are { $seat }
web-seat-plays = { $seat } ({ $colour })
web-chose-colour = { $seat } takes { $colour }
web-chose-place-two = { $seat } places two more stones

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
desktop-rule-renju = Renju (black: no 3-3, 4-4 or overline)
desktop-opening = Opening:
desktop-forbidden = { $cell } is forbidden to black under renju: { $reason }.
desktop-goal = Goal tile:
desktop-help-tictactoe = Take turns marking a square of the 3 × 3 grid. Three of your marks in a row, column or diagonal win; a full grid without one is a draw. Click a square to mark it.
desktop-help-reversi = Place a disc so that it encloses a straight line of your opponent's discs; they turn over to your colour. The dots show where you may play; with no move you must pass. When neither side can move, the one with more discs wins. Click a square to play.
desktop-help-gomoku = Black and white take turns placing stones on the crossings. Five in a row (freestyle: five or more) in any direction wins. The faint stone under the mouse shows where you would play; click to place it.
desktop-help-2048 = Slide all the tiles with the arrow keys, W A S D or a mouse drag. Two equal tiles that meet merge into one of twice the value, and a new tile appears after every move. Reach the goal tile, then keep going for a higher score; the game ends when no slide is possible.
desktop-help-window = Undo takes back your last move (and stops the computer at once); Hints shows the engine's value on every move; Copy puts the moves on the clipboard, and a pasted list of moves can be replayed. Click a move in the list, or a point of the evaluation graph, to go back to that position; the later moves stay for Redo.
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
desktop-graph = Evaluation graph
desktop-graph-point = Move { $number }: { $value }
desktop-heat = Heat map
desktop-resume = Resume
desktop-pass = { $player } has no move — { $other } plays again
desktop-clock = Time control:
desktop-clock-none = None
desktop-clock-per-move = Per move
desktop-clock-fischer = Minutes + increment
desktop-clock-seconds = Seconds per move
desktop-clock-minutes = Minutes
desktop-clock-increment = Increment (seconds)

## The command line's errors (tabula …)

cli-error-detail = { $detail }
cli-error-parse = { $detail }
cli-error-unknown-game = unknown game { $name } (known: tictactoe, reversi, gomoku, 2048)
cli-error-agent-malformed = malformed agent spec { $spec }: { $reason }
cli-error-agent-unknown = no agent { $name } for { $game } (known: { $known })
cli-error-agent-key = agent { $agent } takes no option { $key } (it takes: { $accepted })
cli-error-agent-value = agent { $agent }: bad value { $value } for { $key }: { $reason }
cli-error-agent-argument = agent { $agent } { $reason }
cli-error-lang = unknown language { $code } (known: en, zh-CN)
cli-error-first = --first takes X, O or random, not { $value }
cli-error-rule = --rule takes freestyle, standard or renju, not { $value }
cli-error-two-player = --two-player makes both seats human, but { $flag } gives { $spec }: drop --two-player to play against it, or drop { $flag }
cli-error-2048-needs-agent = --games and --json need --agent SPEC
cli-error-2048-needs-terminal = the full-screen game needs a terminal; use --agent SPEC to play headless
cli-error-2048-no-console = 2048 has no line console: play it full-screen (without --ui console), or headless with --agent SPEC
cli-error-train-game = only 2048 can be trained, not { $name }
cli-error-train-alpha = --alpha must be above 0 and at most 1, not { $value }
cli-error-train-optimistic = --optimistic must be a finite number, not { $value }
cli-error-train-shapes = bad --shapes { $value }: { $reason }
cli-error-train-stages = bad --stages { $value }: { $reason }
cli-train-progress = { $games } games, { $per_second } games/s, { $moves } moves/s | last { $window }: mean score { $mean }, 2048 { $r2048 }%, 8192 { $r8192 }%, 16384 { $r16384 }%, 32768 { $r32768 }%
cli-train-progress-restarted = {" "}| restarted from { $tile } or more, last { $window }: { $mean } points after the restart, 32768 { $r32768 }%
cli-train-interrupted = interrupted after { $games } games of this run; saving
cli-train-saved = saved { $path } after { $games } games
cli-error-needs-exact = { $what } needs an exact solver, and { $game } agent { $spec } has none: { $why }
cli-error-analyze-over = the game is over in this position: there is nothing to analyze
cli-error-analyze-chance = in this position chance moves next (a random event is due, such as a new tile): analyze values the moves of a player, so give a position where a player is to move
cli-error-analyze-cannot = agent { $spec } cannot analyze this position
cli-error-analyze-chooser = agent { $spec } only chooses moves and does not value them; leave out --agent to analyze with { $analyzer }
cli-error-read-file = cannot read { $file }: { $detail }
cli-error-line-too-long = line { $line }: { $bytes } bytes is too long for a position line (at most { $max })
cli-error-line-position = line { $line }: not a { $game } position
cli-error-line-cannot-solve = line { $line }: agent { $spec } cannot solve this position
cli-error-write-file = cannot write { $file }: { $detail }
cli-error-arena-openings = openings are played with both colours: use --first alternate (the default with --openings)
cli-error-arena-shard = --shard splits one match, not a round robin
cli-error-arena-sprt = --sprt tests one match, not a round robin
cli-error-arena-one-agent = { $game } is a one-player game: give one agent
cli-error-arena-two-agents = give two agents, A and B, for { $game } (or --round-robin with several)
cli-error-replay-no-game = { $file } has no game number { $number }
cli-error-replay-empty = { $file } has no games
cli-error-desktop-missing = tabula-desktop was not found beside tabula or on PATH; build it with `cargo build --release -p tabula-desktop`
cli-error-desktop-start = cannot start { $path }: { $reason }
cli-error-desktop-exited = { $path } exited with code { $code }
cli-error-desktop-signal = { $path } was stopped by a signal

## The line console (tabula play … --ui console)

console-prompt = { $player } to move ({ $help }; or 'help'):{" "}
console-help-intro = Type a move ({ $help }), or a command:
console-help-undo = take back your last move (and the computer's reply)
console-help-redo = replay an undone move
console-help-hint = the computer's value for every legal move
console-help-save = save the game (JSON)
console-help-load = load a saved game or a move list
console-help-restart = start again
console-help-help = this list
console-help-quit = leave
console-file = FILE
console-nothing-to-undo = Nothing to undo.
console-nothing-to-redo = Nothing to redo.
console-say-where = Say where: { $command } FILE
console-saved = Saved to { $file }.
console-save-failed = Could not save: { $detail }. The game goes on; try another file.
console-loaded = Loaded { $file }.
console-load-failed = Could not load: { $detail }
console-move-parse = { $detail }.
console-move-illegal = illegal move { $notation }: { $reason }.
console-not-your-turn = it is not your turn.
console-game-over = the game is over.
console-play-again = Play again? (yes or no){" "}
console-play-again-retry = Please answer yes or no (or undo to take back the last move):{" "}
console-plays = { $player } plays { $notation }.
console-chance = Chance: { $notation }.
console-wins-by = { $player } wins by { $margin }.
console-wins = { $player } wins!
console-draw = It's a draw.
console-score = Game over. Score: { $score }.
console-no-hint = No hint available.
console-hint-title = Move values for the side to move, best first:
console-hint-more = … and { $count } more
console-verdict-win = win
console-verdict-draw = draw
console-verdict-loss = loss
console-seat-player = player { $number }
console-points = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
console-ttt-move-help = b2, 2b, or 1-9 laid out as a keypad
console-reversi-move-help = f5, or column and row as 53
console-reversi-welcome = Welcome to Reversi! Do you want to be X or O?
console-reversi-scores = X ({ $x_seat }): { $x_points }.  O ({ $o_seat }): { $o_points }.
console-reversi-must-pass = { $player } has no legal move and must pass: type pass.
console-reversi-hints-on = Hints on.
console-reversi-hints-off = Hints off.
console-reversi-help-hints = show or hide dots on the legal squares
console-reversi-help-pass = pass when you have no move
console-reversi-passes = { $player } has no legal move and passes.
console-reversi-final = X scored { $x_points }. O scored { $o_points }.
console-reversi-wins = { $player } wins by { $margin } (empty squares go to the winner).
console-reversi-tie = The game was a tie!
console-gomoku-black = black
console-gomoku-white = white
console-gomoku-move-help = a point like h8: column letter, row number from the bottom
console-gomoku-numbers-shown = Move numbers shown.
console-gomoku-numbers-hidden = Move numbers hidden.
console-gomoku-help-numbers = show or hide move numbers
console-gomoku-wins = { $player } wins with { $line }!
console-gomoku-draw = The board is full: it's a draw.

## The menu of `tabula --ui console` with no command

console-menu-title = Tabula — classic games with computer players
console-menu-ttt-computer = Tic-tac-toe against the computer
console-menu-ttt-people = Tic-tac-toe, two players
console-menu-reversi-computer = Reversi against the computer
console-menu-reversi-people = Reversi, two players
console-menu-gomoku-computer = Gomoku against the computer
console-menu-gomoku-people = Gomoku, two players
console-menu-2048 = 2048
console-menu-quit = quit
console-menu-choose = Choose:{" "}
console-menu-bad-choice = Type a number from 1 to { $count }, or q.

## Swap openings (gomoku): the rule's name, what is asked of whom, the colour choice

opening-name-standard = standard (black begins)
opening-name-swap1 = swap1 (3 stones, then choose)
opening-name-swap2 = swap2 (3 stones, choose or add 2)
opening-first = Player 1
opening-second = Player 2
opening-place = { $seat }: stone { $stone } of { $of } ({ $colour })
opening-choose = { $seat }: choose a colour
opening-computer-place = { $seat } (computer) is placing…
opening-computer-choose = { $seat } (computer) is choosing…
opening-choose-title = Choose a colour
opening-choose-body = The opening is on the board; { $colour } moves next. Which colour do you play?
opening-choose-body-swap2 = Or place two more stones (white, then black) and let player 1 choose.
choice-black = Take black
choice-white = Take white
choice-place-two = Place two more
tui-launcher-opening = Opening
tui-error-choose = Choose a colour first: Enter or a click on the board shows the choices.

## Renju: black's forbidden points

forbidden-double-three = a double three
forbidden-double-four = a double four
forbidden-overline = an overline
tui-rule-renju = renju (black: no 3-3, 4-4, 6)
tui-forbidden-legend = × forbidden to black
tui-error-forbidden = { $cell } is forbidden to black under renju: { $reason }.
## Why a game refuses a move (tabula_core::Reason ids; $input is the text as typed, quoted)

reason-game-over = the game is over
move-error-illegal = illegal move { $notation }: { $reason }
move-error-not-your-turn = it is not your turn
reason-not-legal = not a legal move here
reason-ttt-not-a-cell = { $input } is not a cell: write a column a-c and a row 1-3 (b2 or 2b), or a keypad digit 1-9
reason-ttt-no-cell = there is no such cell
reason-ttt-taken = { $cell } is already taken
reason-reversi-not-a-square = { $input } is not a square: write a column a-h and a row 1-8 (like f5), the column and row as two digits (like 53), or pass
reason-reversi-may-not-pass = you have a move, so you may not pass
reason-reversi-must-pass = you have no move and must pass
reason-reversi-occupied = that square is occupied
reason-reversi-flips-nothing = that move flips nothing
reason-gomoku-point-form = { $input } is not a point: write a column letter and a row number, like h8
reason-gomoku-point-column = { $input } is not a point: columns go from a to { $last }
reason-gomoku-point-row-large = { $input } is not a point: the row is too large
reason-gomoku-point-row = { $input } is not a point: rows go from 1 to { $size }
reason-gomoku-off-board = off the board
reason-gomoku-occupied = the point is occupied
reason-gomoku-double-three = forbidden to black under renju: a double three
reason-gomoku-double-four = forbidden to black under renju: a double four
reason-gomoku-overline = forbidden to black under renju: an overline
reason-gomoku-legal = the move is legal
reason-2048-not-a-move = { $input } is not a move: slide up, down, left or right (u d l r), or place a tile like 2@a1
reason-2048-tile-value = { $input }: a new tile is a 2 or a 4
reason-2048-tile-cell = { $input }: cells are a1 to d4 (column a-d from the left, row 1-4 from the top)
reason-2048-over = the game is over: no slide changes the board
reason-2048-tile-first = a new tile must appear first
reason-2048-slide-nothing = sliding { $direction } changes nothing
reason-2048-slide-first = a tile appears only after a slide
reason-2048-two-or-four = only a 2 or a 4 appears
reason-2048-no-cell = no such cell
reason-2048-cell-full = cell { $cell } is not empty
