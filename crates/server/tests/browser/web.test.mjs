// Browser tests of the `tabula serve` page: Playwright (playwright-core) driving Debian's
// chromium against real `tabula serve` processes on 127.0.0.1. Run by crates/cli/tests/browser.rs
// (which skips, saying so, when node, chromium or node_modules are missing) with TABULA_BIN set
// to the tabula binary; TABULA_SCREENSHOTS=DIR also saves a screenshot of each game's page.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const BIN = process.env.TABULA_BIN;
const SHOTS = process.env.TABULA_SCREENSHOTS;
const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

let browser;
const work = mkdtempSync(join(tmpdir(), "tabula-browser-"));
const servers = new Set();

/** Starts `tabula serve` on `addr` over `db`: {proc, url, port}. */
function serve(db, addr = "127.0.0.1:0") {
  return new Promise((resolve, reject) => {
    const proc = spawn(BIN, ["serve", "--addr", addr, "--db", db], { stdio: ["ignore", "pipe", "inherit"] });
    servers.add(proc);
    proc.on("error", reject);
    createInterface({ input: proc.stdout }).once("line", (line) => {
      const m = line.match(/^listening on (http:\/\/127\.0\.0\.1:(\d+))$/);
      if (!m) return reject(new Error(`unexpected first line ${line}`));
      resolve({ proc, url: m[1], port: Number(m[2]) });
    });
  });
}

function kill9(server) {
  return new Promise((resolve) => {
    server.proc.once("exit", resolve);
    server.proc.kill("SIGKILL");
    servers.delete(server.proc);
  });
}

before(async () => {
  assert.ok(BIN, "TABULA_BIN must name the tabula binary");
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: FLAGS,
  });
});

after(async () => {
  await browser?.close();
  for (const proc of servers) proc.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

async function shot(page, game) {
  // Animations finished (a disc caught mid-flip looked broken).
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `web-${game}.png`), animations: "disabled" });
}

/** A new page in a fresh context (its own storage), English. */
async function fresh(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 }, ...options });
  await context.addInitScript(() => {
    if (!localStorage.getItem("tabula.lang")) localStorage.setItem("tabula.lang", "en");
  });
  return { context, page: await context.newPage() };
}

async function startGame(page, url, choices) {
  await page.goto(url);
  await page.check(`input[name=game][value="${choices.game}"]`);
  if (choices.mode) await page.check(`input[name=mode][value="${choices.mode}"]`);
  if (choices.side) await page.check(`input[name=side][value="${choices.side}"]`);
  if (choices.strength) await page.selectOption("#strength", choices.strength);
  if (choices.size) await page.selectOption("select[name=size]", String(choices.size));
  if (choices.opening) await page.selectOption("select[name=opening]", choices.opening);
  await Promise.all([page.waitForURL(/\/g\/[0-9a-f]+$/), page.click("button[type=submit]")]);
  await page.locator("#status").filter({ hasText: /\S/ }).waitFor();
}

const moveCount = (page) => page.locator("#moves li").count();

async function waitMoves(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll("#moves li").length >= n, n);
}

test("tic-tac-toe against the computer, clicking cells to the end", async () => {
  const server = await serve(join(work, "ttt.sqlite"));
  const { context, page } = await fresh();
  await startGame(page, server.url, { game: "tictactoe", strength: "minimax" });
  for (let turn = 0; turn < 5; turn++) {
    const legal = page.locator(".cell.legal");
    const over = page.locator("#rematch:not([hidden])");
    await Promise.race([legal.first().waitFor(), over.waitFor()]);
    if (await over.isVisible()) break;
    const before = await moveCount(page);
    const cell = legal.first();
    const label = await cell.getAttribute("aria-label");
    assert.match(label, /^[a-c][1-3], empty$/);
    await cell.click();
    await waitMoves(page, before + 1);
  }
  await page.locator("#rematch:not([hidden])").waitFor();
  const status = await page.locator("#status").textContent();
  assert.match(status, /Draw|O wins/);
  assert.ok((await page.locator(".cell.last").count()) === 1);
  await shot(page, "tictactoe");
  await context.close();
  await kill9(server);
});

test("online gomoku through the invite link, a spectator, and a player who drops and returns", async () => {
  const server = await serve(join(work, "gomoku.sqlite"));
  const a = await fresh();
  await startGame(a.page, server.url, { game: "gomoku", mode: "human", size: 9 });
  const invite = await a.page.inputValue("#invite-link");
  const watch = await a.page.inputValue("#watch-link");
  assert.match(invite, /^http:\/\/127\.0\.0\.1:\d+\/g\/[0-9a-f]+#join=[0-9a-f]{32}$/);
  const b = await fresh();
  await b.page.goto(invite);
  await b.page.locator("#me", { hasText: "White" }).waitFor();
  const c = await fresh();
  await c.page.goto(watch);
  await c.page.locator("#me", { hasText: "watching" }).waitFor();
  assert.equal(await c.page.locator(".cell.legal").count(), 0, "spectators have no legal cells");

  const play = async (p, cell, total) => {
    await p.page.locator(`.cell.legal[data-cell="${cell}"]`).click();
    for (const q of [a, b, c]) await waitMoves(q.page, total);
  };
  await play(a, "e5", 1);
  await play(b, "a1", 2);
  await play(a, "e6", 3);
  await play(b, "a2", 4);

  // B drops off; A plays on; B comes back and sees the move it missed.
  await b.context.setOffline(true);
  await b.page.locator("#conn:not([hidden])").waitFor();
  assert.match(await b.page.locator("#conn").textContent(), /Reconnecting/);
  await a.page.locator('.cell.legal[data-cell="e7"]').click();
  await waitMoves(c.page, 5);
  assert.equal(await moveCount(b.page), 4);
  await b.context.setOffline(false);
  await waitMoves(b.page, 5);
  await b.page.locator("#conn[hidden]").waitFor({ state: "attached" });
  assert.match(await b.page.locator("#moves li").last().textContent(), /e7/);

  await play(b, "a3", 6);
  await play(a, "e8", 7);
  await play(b, "a4", 8);
  await play(a, "e9", 9);
  for (const q of [a, b, c]) await q.page.locator("#status", { hasText: "Black wins" }).waitFor();
  assert.equal(await c.page.locator(".cell.win").count(), 5);
  await shot(c.page, "gomoku");
  for (const q of [a, b, c]) await q.context.close();
  await kill9(server);
});

test("the server is killed and restarted mid-game and the game goes on", async () => {
  const db = join(work, "restart.sqlite");
  let server = await serve(db);
  const a = await fresh();
  await startGame(a.page, server.url, { game: "tictactoe", mode: "human" });
  const invite = await a.page.inputValue("#invite-link");
  const b = await fresh();
  await b.page.goto(invite);
  await b.page.locator("#me", { hasText: "O" }).waitFor();
  await a.page.locator('.cell.legal[data-cell="b2"]').click();
  await waitMoves(b.page, 1);

  await kill9(server);
  await a.page.locator("#conn:not([hidden])").waitFor();
  server = await serve(db, `127.0.0.1:${server.port}`);
  for (const q of [a, b]) await q.page.locator("#conn[hidden]").waitFor({ state: "attached", timeout: 15000 });
  await b.page.locator('.cell.legal[data-cell="a1"]').click();
  await waitMoves(a.page, 2);
  await a.page.locator('.cell.legal[data-cell="c3"]').click();
  await waitMoves(b.page, 3);
  assert.match(await b.page.locator("#moves").textContent(), /b2.*a1.*c3/s);
  for (const q of [a, b]) await q.context.close();
  await kill9(server);
});

test("2048: keys slide the tiles, and the best score outlives a reload", async () => {
  const server = await serve(join(work, "2048.sqlite"));
  const { context, page } = await fresh();
  await startGame(page, server.url, { game: "2048" });
  const keys = ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "a", "w", "d", "s", "h", "k", "l", "j"];
  let moves = 0;
  for (let round = 0; round < 4; round++) {
    for (const key of keys) {
      const before = await moveCount(page);
      await page.keyboard.press(key);
      try {
        await page.waitForFunction((n) => document.querySelectorAll("#moves li").length > n, before, { timeout: 1500 });
        moves++;
      } catch {
        // A slide that moves nothing is not legal: the board shakes and nothing is sent.
      }
    }
  }
  assert.ok(moves >= 8, `only ${moves} slides were played`);
  // Hints: the status says the computer is looking, then names the slide it values most (the
  // search takes seconds in a debug build, so only its start is awaited here).
  await page.click("#hints");
  await page.locator("#status", { hasText: /looking for the best slide|Suggested slide: [←→↑↓] (left|right|up|down)/ }).waitFor();
  await page.waitForTimeout(300);
  const score = Number(await page.locator("#score").textContent());
  const best = Number(await page.locator("#best").textContent());
  assert.ok(score > 0 && best >= score, `score ${score}, best ${best}`);
  await shot(page, "2048");
  await page.goto(server.url);
  await startGame(page, server.url, { game: "2048" });
  assert.equal(Number(await page.locator("#score").textContent()), 0);
  assert.equal(Number(await page.locator("#best").textContent()), best);
  await context.close();
  await kill9(server);
});

test("reversi against the computer, on a phone, in Chinese", async () => {
  const server = await serve(join(work, "reversi.sqlite"));
  const { context, page } = await fresh({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
  await page.addInitScript(() => localStorage.setItem("tabula.lang", "zh-CN"));
  // The strengths in the catalog's words (they were the agents' English names only).
  await page.goto(server.url);
  await page.check('input[name=game][value="reversi"]');
  assert.equal(await page.locator('#strength option[value="engine:level=2"]').textContent(), "简单 (engine 2)");
  await startGame(page, server.url, { game: "reversi", strength: "engine:level=2" });
  assert.match(await page.locator("#title").textContent(), /黑白棋|Reversi|翻转棋/);
  // Reversi's seats are named by colour, as in the terminal, not X and O.
  assert.match(await page.locator("#players").textContent(), /黑方.*白方/s);
  await page.locator(".cell.legal").first().click();
  await waitMoves(page, 2);
  await page.locator(".cell.legal").first().waitFor();
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.width <= 390, "the board fits the phone's width");
  await shot(page, "reversi");
  await context.close();
  await kill9(server);
});

test("reversi: the player with no move is told to pass, in Chinese, and the discs are counted", async () => {
  const server = await serve(join(work, "pass.sqlite"));
  const api = async (path, body, token) => {
    const headers = { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const r = await fetch(server.url + path, body ? { method: "POST", headers, body: JSON.stringify(body) } : {});
    return r.json();
  };
  // Two people; after these eight plies Black (to move) has no legal square.
  const created = await api("/api/games", { game: "reversi", opponent: "human" });
  const joined = await api(`/api/games/${created.id}/join`, { invite: created.invite });
  const tokens = [created.token, joined.token];
  const plies = ["d3", "c3", "f5", "d2", "d1", "e1", "b2", "c1"];
  for (const [i, move] of plies.entries()) await api(`/api/games/${created.id}/moves`, { move }, tokens[i % 2]);
  const { context, page } = await fresh();
  await page.addInitScript((seat) => {
    localStorage.setItem("tabula.lang", "zh-CN");
    localStorage.setItem(`tabula.seat.${seat.id}`, JSON.stringify({ token: seat.token, player: 0 }));
  }, { id: created.id, token: created.token });
  await page.goto(`${server.url}/g/${created.id}`);
  // Before: "轮到黑方" (Black to move) with nothing to click and "pass" in the move list.
  await page.locator("#status", { hasText: "黑方无处可下，只能停一手" }).waitFor();
  assert.equal(await page.locator(".cell.legal").count(), 0);
  assert.deepEqual(await page.locator("#players .count").allTextContents(), ["8", "4"]);
  await page.click("#pass");
  await page.locator("#status", { hasText: "轮到白方" }).waitFor();
  assert.equal(await page.locator("#moves li").last().textContent(), "黑方 停一手");
  await context.close();
  await kill9(server);
});

test("in Chinese: a wrong invite is refused in Chinese, a draw offer is declined, labels match the notation", async () => {
  const server = await serve(join(work, "decline.sqlite"));
  const zh = { locale: "zh-CN" };
  const a = await fresh(zh);
  await a.page.addInitScript(() => localStorage.setItem("tabula.lang", "zh-CN"));
  await startGame(a.page, server.url, { game: "gomoku", mode: "human", size: 9 });
  // Coordinate labels: the notation's columns across the top, rows down the left as the
  // cells name them (row 9 at the top in gomoku), hidden from screen readers.
  const columns = await a.page.locator("#coord-columns span").allTextContents();
  const rows = await a.page.locator("#coord-rows span").allTextContents();
  assert.deepEqual(columns, ["a", "b", "c", "d", "e", "f", "g", "h", "i"]);
  assert.deepEqual(rows, ["9", "8", "7", "6", "5", "4", "3", "2", "1"]);
  assert.equal(await a.page.locator(".cell").first().getAttribute("data-cell"), `${columns[0]}${rows[0]}`);
  assert.equal(await a.page.locator("#coord-rows").getAttribute("aria-hidden"), "true");
  const first = await a.page.locator(".cell").first().boundingBox();
  const label = await a.page.locator("#coord-rows span").first().boundingBox();
  assert.ok(Math.abs(first.y + first.height / 2 - (label.y + label.height / 2)) < 3, "row 9's label is beside row 9");

  // A wrong invite code: the refusal in the page's language, by its code.
  const invite = await a.page.inputValue("#invite-link");
  const c = await fresh(zh);
  await c.page.addInitScript(() => localStorage.setItem("tabula.lang", "zh-CN"));
  await c.page.goto(invite.replace(/#join=.*/, `#join=${"0".repeat(32)}`));
  await c.page.locator("#toast", { hasText: "这个邀请链接不属于这局棋。" }).waitFor();

  const b = await fresh(zh);
  await b.page.addInitScript(() => localStorage.setItem("tabula.lang", "zh-CN"));
  await b.page.goto(invite);
  await b.page.locator("#me", { hasText: "白" }).waitFor();
  await a.page.locator('.cell.legal[data-cell="e5"]').click();
  await waitMoves(b.page, 1);
  // A offers a draw; B sees accept and decline, declines; A is told; the offer is gone.
  await a.page.click("#draw");
  await b.page.locator("#offer:not([hidden])").waitFor();
  assert.ok(await b.page.locator("#accept").isVisible());
  await shot(b.page, "offer-zh");
  await b.page.click("#decline");
  await a.page.locator("#toast", { hasText: "拒绝了你的和棋提议" }).waitFor();
  await b.page.locator("#offer[hidden]").waitFor({ state: "attached" });

  // B plays with the keyboard: the board's one tab stop is the last move (e5); the arrows
  // walk to a4, Enter plays it, and the focus stays on a4 when the board is drawn again.
  await b.page.locator('.cell[tabindex="0"]').focus();
  assert.equal(await b.page.evaluate(() => document.activeElement.dataset.cell), "e5");
  for (const key of ["ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowDown", "Enter"]) await b.page.keyboard.press(key);
  await waitMoves(a.page, 2);
  assert.match(await a.page.locator("#moves li").last().textContent(), /白方 a4/);
  await waitMoves(b.page, 2);
  assert.equal(await b.page.evaluate(() => document.activeElement.dataset.cell), "a4");
  for (const q of [a, b, c]) await q.context.close();
  await kill9(server);
});

test("gomoku swap1 online: stones by clicks, the asked player takes black with a button, in both languages", async () => {
  const server = await serve(join(work, "swap1.sqlite"));
  const a = await fresh();
  await startGame(a.page, server.url, { game: "gomoku", mode: "human", size: 9, opening: "swap1" });
  const invite = await a.page.inputValue("#invite-link");
  const b = await fresh();
  await b.page.addInitScript(() => localStorage.setItem("tabula.lang", "zh-CN"));
  await b.page.goto(invite);
  await b.page.locator("#me", { hasText: "后手方" }).waitFor();
  await a.page.locator("#me", { hasText: "You are Player 1" }).waitFor();
  await a.page.locator("#status", { hasText: "Player 1: stone 1 of 3 (Black)" }).waitFor();
  assert.equal(await b.page.locator(".cell.legal").count(), 0, "seat 2 waits while seat 1 places");
  for (const [i, cell] of ["e5", "f6", "d4"].entries()) {
    await a.page.locator(`.cell.legal[data-cell="${cell}"]`).click();
    for (const q of [a, b]) await waitMoves(q.page, i + 1);
  }
  // The question: B (asked) has the answers as buttons, in Chinese; A is told who is asked.
  await a.page.locator("#status", { hasText: "Player 2: choose a colour" }).waitFor();
  assert.match(await a.page.locator("#players").textContent(), /^Player 1 — person \(you\)Player 2 — person$/, "no colours yet");
  assert.ok(await a.page.locator("#choices").isHidden(), "only the asked seat answers");
  assert.equal(await a.page.locator(".cell.legal").count(), 0);
  await b.page.locator("#choices:not([hidden])").waitFor();
  assert.deepEqual(await b.page.locator("#choices button").allTextContents(), ["执黑", "执白"]);
  assert.match(await b.page.locator("#status").textContent(), /后手方：选择颜色/);
  await b.page.click("#lang");
  await b.page.locator("#choices button", { hasText: "Take white" }).waitFor();
  assert.deepEqual(await b.page.locator("#choices button").allTextContents(), ["Take black", "Take white"]);
  await b.page.click("#lang");
  await b.page.locator("#choices button", { hasText: "执白" }).waitFor();
  await shot(b.page, "swap1-choice");
  await b.page.click('#choices button[data-choice="black"]');
  // The seats swap: B plays black, A white, and white (A) moves next.
  await b.page.locator("#me", { hasText: "你执黑方" }).waitFor();
  await a.page.locator("#me", { hasText: "You play White" }).waitFor();
  await a.page.locator("#toast", { hasText: "Player 2 takes Black" }).waitFor();
  assert.match(await a.page.locator("#players").textContent(), /Player 1 \(White\).*\(you\).*Player 2 \(Black\)/s);
  await a.page.locator("#status", { hasText: "White to move" }).waitFor();
  assert.ok(await b.page.locator("#choices").isHidden());
  await a.page.locator('.cell.legal[data-cell="e6"]').click();
  await waitMoves(b.page, 4);
  assert.match(await b.page.locator("#moves li").last().textContent(), /白方 e6/);
  await b.page.locator(".cell.legal").first().waitFor();
  for (const q of [a, b]) await q.context.close();
  await kill9(server);
});

test("gomoku swap1 against the computer: it places the opening, the person takes white with a button", async () => {
  const server = await serve(join(work, "swap1-computer.sqlite"));
  const { context, page } = await fresh();
  await startGame(page, server.url, { game: "gomoku", side: "second", strength: "engine:level=2", opening: "swap1" });
  await page.locator("#me", { hasText: "You are Player 2" }).waitFor();
  await page.locator("#choices:not([hidden])").waitFor({ timeout: 60000 });
  assert.equal(await moveCount(page), 3, "the computer placed three stones");
  assert.match(await page.locator("#status").textContent(), /^Player 2: choose a colour$/);
  await page.click('#choices button[data-choice="white"]');
  // No swap: the person is white, and white moves after the three stones.
  await page.locator("#me", { hasText: "You play White" }).waitFor();
  await page.locator("#status", { hasText: "White to move" }).waitFor();
  assert.match(await page.locator("#players").textContent(), /Player 1 \(Black\) — computer.*Player 2 \(White\) — person \(you\)/s);
  await page.locator(".cell.legal").first().click();
  await waitMoves(page, 5);
  assert.match(await page.locator("#moves li").nth(3).textContent(), /^White /);
  assert.match(await page.locator("#moves li").nth(4).textContent(), /^Black /, "the computer plays black");
  await shot(page, "swap1-computer");
  await context.close();
  await kill9(server);
});
