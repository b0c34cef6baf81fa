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
    // The game's own reasons come from the rules in English; everything else is Chinese.
    let console_only: String = run
        .stdout
        .lines()
        .filter(|line| !line.contains("is not a cell") && !line.contains("already taken"))
        .collect::<Vec<_>>()
        .join("\n");
    assert_no_english(&console_only);
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
