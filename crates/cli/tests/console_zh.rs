//! The line console and the command line's errors in 简体中文: chosen by `--lang zh-CN` or by
//! the locale (`LANG=zh_CN.UTF-8`) alone, with notation and the English commands unchanged.

mod common;

use common::{tabula, tabula_env};

/// English words of the console that must not show through in Chinese.
const ENGLISH: &[&str] = &[
    "to move",
    "wins",
    "Play again",
    "Please answer",
    "Nothing to undo",
    "illegal move",
    "Type a move",
    "take back",
    "draw",
    "Welcome",
    "point",
    "Hints",
];

fn assert_no_english(text: &str) {
    for word in ENGLISH {
        assert!(!text.contains(word), "English {word:?} in:\n{text}");
    }
}

/// A whole two-player game: the help, an undo with nothing to undo, a typo, a taken cell, a
/// win down column a, a typo at "play again?", then no.
const TTT_GAME: &str = "u\nhelp\nzz\na1\na1\nb1\na2\nb2\na3\nmaybe\nn\n";

fn assert_chinese_ttt_game(stdout: &str) {
    assert!(
        stdout.contains("    a   b   c"),
        "the board keeps its notation:\n{stdout}"
    );
    assert!(
        stdout.contains("轮到 X 走（b2、2b，或按小键盘排列的 1-9"),
        "{stdout}"
    );
    assert!(stdout.contains("轮到 O 走"), "{stdout}");
    assert!(stdout.contains("没有可以悔的棋。"), "{stdout}");
    assert!(stdout.contains("输入一步棋"), "{stdout}");
    assert!(
        stdout.contains("  undo / u        悔棋"),
        "help keeps the commands: {stdout}"
    );
    assert!(
        stdout.contains("  save 文件       保存对局"),
        "columns line up: {stdout}"
    );
    assert!(stdout.contains("无法识别这步棋：\"zz\""), "{stdout}");
    assert!(stdout.contains("不能走 a1："), "{stdout}");
    assert!(stdout.contains("X 获胜！"), "{stdout}");
    assert!(stdout.contains("再来一局？（yes 或 no）"), "{stdout}");
    assert!(stdout.contains("请回答 yes 或 no"), "{stdout}");
    assert!(stdout.contains("1   X | O |"), "{stdout}");
    assert!(stdout.contains("3   X |   |"), "{stdout}");
}

#[test]
fn a_whole_tictactoe_game_in_chinese_with_the_flag() {
    let run = tabula(
        &[
            "play",
            "ttt",
            "--ui",
            "console",
            "--lang",
            "zh-CN",
            "--two-player",
        ],
        TTT_GAME,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_chinese_ttt_game(&run.stdout);
    // The game's own reasons are Chinese too: nothing English is left.
    assert_no_english(&run.stdout);
    for english in ["is not a cell", "already taken", "keypad"] {
        assert!(!run.stdout.contains(english), "{english:?}: {}", run.stdout);
    }
}

#[test]
fn the_games_reasons_are_chinese_and_stay_english_in_english() {
    let run = tabula(
        &[
            "play",
            "ttt",
            "--ui",
            "console",
            "--lang",
            "zh-CN",
            "--two-player",
        ],
        TTT_GAME,
    );
    assert!(
        run.stdout.contains(
            "无法识别这步棋：\"zz\" 不是格子：请写列 a-c 加行 1-3（b2 或 2b），或小键盘数字 1-9。"
        ),
        "a malformed move: {}",
        run.stdout
    );
    assert!(
        run.stdout.contains("不能走 a1：a1 已经有子了。"),
        "an occupied cell: {}",
        run.stdout
    );
    let english = tabula(
        &[
            "play",
            "ttt",
            "--ui",
            "console",
            "--lang",
            "en",
            "--two-player",
        ],
        TTT_GAME,
    );
    assert!(
        english.stdout.contains(
            "\"zz\" is not a cell: write a column a-c and a row 1-3 (b2 or 2b), or a keypad digit 1-9."
        ),
        "{}",
        english.stdout
    );
    assert!(
        english
            .stdout
            .contains("illegal move a1: a1 is already taken."),
        "{}",
        english.stdout
    );
    // Reversi's and gomoku's refusals in the console.
    let reversi = tabula(
        &[
            "play",
            "reversi",
            "--ui",
            "console",
            "--lang",
            "zh-CN",
            "--two-player",
        ],
        "d4\na1\nz9\nq\n",
    );
    assert!(
        reversi.stdout.contains("不能走 d4：那个格子已经有子了。"),
        "{}",
        reversi.stdout
    );
    assert!(
        reversi
            .stdout
            .contains("不能走 a1：这步棋翻转不了任何棋子。"),
        "{}",
        reversi.stdout
    );
    assert!(
        reversi.stdout.contains("\"z9\" 不是格子"),
        "{}",
        reversi.stdout
    );
    assert_no_english(&reversi.stdout);
    // A reason inside the command line's error, exit code 2; English as before.
    let cli = tabula(&["analyze", "gomoku", "h8 zz", "--lang", "zh-CN"], "");
    assert_eq!(cli.code, 2, "{}", cli.stderr);
    assert!(
        cli.stderr
            .contains("无法读取：\"zz\" 不是交叉点：请写列字母加行号，如 h8"),
        "{}",
        cli.stderr
    );
    let cli = tabula(&["analyze", "gomoku", "h8 zz", "--lang", "en"], "");
    assert_eq!(cli.code, 2, "{}", cli.stderr);
    assert!(
        cli.stderr
            .contains("\"zz\" is not a point: write a column letter and a row number, like h8"),
        "{}",
        cli.stderr
    );
}

#[test]
fn the_locale_alone_chooses_chinese() {
    let run = tabula_env(
        &["play", "ttt", "--ui", "console", "--two-player"],
        TTT_GAME,
        &[("LANG", "zh_CN.UTF-8")],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_chinese_ttt_game(&run.stdout);
    // The same game without the locale is English.
    let english = tabula(
        &["play", "ttt", "--ui", "console", "--two-player"],
        TTT_GAME,
    );
    assert!(english.stdout.contains("X to move ("), "{}", english.stdout);
    assert!(english.stdout.contains("X wins!"), "{}", english.stdout);
    assert!(!english.stdout.contains("轮到"), "{}", english.stdout);
}

#[test]
fn the_computer_announces_its_moves_in_chinese() {
    let run = tabula(
        &[
            "play", "ttt", "--ui", "console", "--lang", "zh-CN", "-O", "rules", "--once",
        ],
        "b2\nq\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("O 走 "), "{}", run.stdout);
    assert_no_english(&run.stdout);
}

#[test]
fn a_reversi_start_in_chinese() {
    // Neither -X nor -O: the console asks which side you take; a wrong answer asks again.
    let run = tabula(
        &[
            "play",
            "reversi",
            "--ui",
            "console",
            "--lang",
            "zh-CN",
            "--first",
            "X",
            "--no-pause",
        ],
        "Z\nX\nhints\nhelp\nf5\nq\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert_eq!(
        out.matches("欢迎来到黑白棋！你想执 X 还是 O？").count(),
        2,
        "{out}"
    );
    assert!(out.contains("    a b c d e f g h"), "{out}");
    assert!(out.contains("4 |       O X       | 4"), "{out}");
    assert!(
        out.contains("X（你）：2 子。  O（engine）：2 子。"),
        "{out}"
    );
    assert!(out.contains("轮到 X 走（f5，或列号加行号如 53"), "{out}");
    assert!(out.contains("提示已打开。"), "{out}");
    assert!(
        out.contains("  hints           在合法落子处显示或隐藏圆点"),
        "{out}"
    );
    // Every answer to f5 flips one disc.
    assert!(
        out.contains("X（你）：3 子。  O（engine）：3 子。"),
        "after f5: {out}"
    );
    assert!(out.contains("O 走 "), "the engine's reply: {out}");
    assert_no_english(out);
}

#[test]
fn errors_in_chinese_with_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["play", "ttt", "--ui", "console", "-O", "nosuch"],
            "tictactoe 没有名为 \"nosuch\" 的电脑玩家",
        ),
        (
            &["play", "ttt", "--ui", "console", "-O", "minimax:depth=3"],
            "电脑玩家 minimax 没有选项 \"depth\"",
        ),
        (
            &["play", "ttt", "--ui", "console", "--first", "Z"],
            "--first 只接受 X、O 或 random，而不是 \"Z\"",
        ),
        (
            &["play", "gomoku", "--ui", "console", "--rule", "caro"],
            "--rule 只接受 freestyle、standard 或 renju",
        ),
        (
            &[
                "play",
                "ttt",
                "--ui",
                "console",
                "--two-player",
                "-O",
                "minimax",
            ],
            "--two-player 让双方都由人来下",
        ),
        (&["analyze", "chess", "x"], "未知的游戏 \"chess\""),
        (&["analyze", "ttt", "XXXXXXXXX"], "无法读取："),
        (&["analyze", "ttt", "XXXOO...."], "这个局面的对局已经结束"),
        (
            &["solve", "reversi", "/no/such/file"],
            "无法读取 /no/such/file：",
        ),
        (&["play", "2048", "--ui", "console"], "全屏游戏需要终端"),
        (
            &["arena", "ttt", "minimax"],
            "tictactoe 需要两个电脑玩家 A 和 B",
        ),
        (&["arena", "2048", "greedy", "random"], "2048 是单人游戏"),
    ];
    for (args, expected) in cases {
        let mut args = args.to_vec();
        args.extend(["--lang", "zh-CN"]);
        let run = tabula(&args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.starts_with("tabula: ") && run.stderr.contains(expected),
            "{args:?}: {}",
            run.stderr
        );
    }
    // The same error in English by default.
    let run = tabula(&["analyze", "chess", "x"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown game \"chess\""),
        "{}",
        run.stderr
    );
}
