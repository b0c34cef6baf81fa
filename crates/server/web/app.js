// The page: a start screen, then one game over the server's socket. The page holds no rules:
// it draws the state the server sends and sends the moves the state says are legal.

import { t, use, preferred, lang } from "./i18n.js";
import { drawGrid, draw2048, seatName } from "./board.js";

const $ = (id) => document.getElementById(id);

/** Each game's computer players: [agent spec, strength in the catalog's words, short name]. */
const STRENGTHS = {
  tictactoe: [["random", "beginner", "random"], ["rules", "medium", "rules"], ["minimax", "strongest", "minimax"]],
  reversi: [["corner-best", "beginner", "corner-best"], ["engine:level=2", "easy", "engine 2"], ["engine:level=5", "medium", "engine 5"], ["engine:level=8", "strong", "engine 8"]],
  gomoku: [["score-table", "beginner", "score-table"], ["engine:level=2", "easy", "engine 2"], ["engine:level=5", "medium", "engine 5"], ["engine:level=8", "strong", "engine 8"]],
};

/** Seats this browser holds, by game id: {token, player, invite?}. */
const seats = {
  get: (id) => JSON.parse(localStorage.getItem(`tabula.seat.${id}`) || "null"),
  set: (id, seat) => localStorage.setItem(`tabula.seat.${id}`, JSON.stringify(seat)),
};

let gameId = null;
let mine = null; // this browser's seat in the game, or null when watching
let state = null;
let version = null;
let socket = null;
let retries = 0;
let clockAt = 0;
let toastTimer = null;

function translate() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  $("lang").textContent = t("web-other-language");
  // The start screen's lists built from the catalog (the strengths) follow the language too.
  $("new-game").dispatchEvent(new Event("change"));
}

/** A refusal in the page's language: the catalog's text for its code, else the server's. */
function errorText(refusal) {
  const key = `web-error-${refusal.code}`;
  const text = t(key);
  return text === key ? refusal.error : text;
}

function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 4000);
}

// ---- start screen -------------------------------------------------------------------------

function startScreen() {
  $("start").hidden = false;
  const form = $("new-game");
  const update = () => {
    const game = form.game.value;
    const two = game !== "2048";
    const friend = two && form.mode.value === "human";
    for (const el of form.querySelectorAll(".two-player")) el.hidden = !two;
    for (const el of form.querySelectorAll(".computer-only")) el.hidden = !two || friend;
    for (const el of form.querySelectorAll(".gomoku-only")) el.hidden = game !== "gomoku";
    for (const el of form.querySelectorAll(".g2048-only")) el.hidden = game !== "2048";
    const select = $("strength");
    const options = STRENGTHS[game] || [];
    if (select.dataset.game !== game || select.dataset.lang !== lang) {
      const kept = select.dataset.game === game ? select.value : null;
      select.dataset.game = game;
      select.dataset.lang = lang;
      const label = (word, name) => `${t(`tui-strength-${word}`)} (${name})`;
      select.replaceChildren(...options.map(([spec, word, name]) => new Option(label(word, name), spec)));
      if (kept) select.value = kept;
      else select.selectedIndex = Math.min(options.length - 1, 2);
    }
  };
  form.addEventListener("change", update);
  update();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const game = form.game.value;
    const body = { game };
    if (game === "2048") {
      body.opponent = "none";
      body.rules = { goal: Number(form.goal.value) };
    } else {
      body.side = form.side.value;
      body.opponent = form.mode.value === "human" ? "human" : form.strength.value;
      if (game === "gomoku") body.rules = { size: Number(form.size.value), rule: form.rule.value, opening: form.opening.value };
      if (form.clock.value) {
        const [minutes, increment] = form.clock.value.split("+").map(Number);
        body.clock = { minutes, increment };
      }
    }
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) {
      $("start-error").textContent = errorText(answer);
      return;
    }
    seats.set(answer.id, { token: answer.token, player: answer.player, invite: answer.invite });
    location.assign(`/g/${answer.id}`);
  });
}

// ---- one game -----------------------------------------------------------------------------

async function openGame(id) {
  gameId = id;
  $("play").hidden = false;
  mine = seats.get(id);
  const join = location.hash.match(/^#join=([0-9a-f]+)$/);
  if (join && !mine) {
    const response = await fetch(`/api/games/${id}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ invite: join[1] }),
    });
    const answer = await response.json();
    if (response.ok) {
      mine = { token: answer.token, player: answer.player };
      seats.set(id, mine);
    } else {
      toast(answer.code === "invite_used" ? t("web-invite-used") : errorText(answer));
    }
  }
  if (join) history.replaceState(null, "", location.pathname);
  $("watch-link").value = `${location.origin}/g/${id}`;
  setupControls();
  connect();
  setInterval(drawClocks, 250);
  window.addEventListener("offline", () => socket && socket.close());
  window.addEventListener("online", () => { if (!socket) connect(); });
}

function setConnected(on) {
  const el = $("conn");
  el.hidden = on;
  el.textContent = on ? "" : t("web-reconnecting");
  document.body.classList.toggle("offline", !on);
}

function connect() {
  const params = new URLSearchParams();
  if (mine) params.set("token", mine.token);
  if (version !== null) params.set("v", version);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws?${params}`);
  socket = ws;
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    setConnected(false);
    if (!navigator.onLine) return; // the "online" event reconnects
    const wait = Math.min(4000, 250 * 2 ** retries++);
    setTimeout(() => { if (!socket) connect(); }, wait);
  };
}

function receive(msg) {
  if (msg.t === "hello") {
    retries = 0;
    setConnected(true);
    return;
  }
  if (msg.t === "error") return toast(errorText(msg.d));
  if (msg.t === "declined" && mine && msg.d.player !== mine.player) {
    const player = seatLabel(msg.d.state, msg.d.player);
    toast(msg.d.offers.map((kind) => t(`web-declined-${kind}`, { player })).join(" · "));
  }
  if (msg.t === "choice") toast(choiceText(msg.d));
  if (msg.t === "pong") return;
  if (msg.t === "rematch" && !msg.d.state) return goToRematch(msg.d.id);
  if (msg.d?.state) {
    version = msg.v;
    state = msg.d.state;
    clockAt = performance.now();
    render();
  }
}

function send(type, d = {}) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return toast(t("web-reconnecting"));
  socket.send(JSON.stringify({ t: type, d }));
}

function play(move) {
  send("move", { move });
}

function goToRematch(id) {
  if (mine && !seats.get(id)) {
    const player = state.seats.length === 2 ? 1 - mine.player : mine.player;
    seats.set(id, { token: mine.token, player });
  }
  location.assign(`/g/${id}`);
}

/** The name of the player in seat `seat`: the colour it plays now ("Black", "X"). */
function seatLabel(s, seat) {
  return seatName(s, s.seats[seat]?.colour ?? seat);
}

/** A swap opening's seat: "Player 1" places the first stones, "Player 2" chooses first. */
function openingSeat(seat) {
  return t(seat === 0 ? "opening-first" : "opening-second");
}

/** Whether the game has a swap opening (its seats are named "Player 1" and "Player 2"). */
function swapOpening() {
  return !!state.rules?.opening && state.rules.opening !== "standard";
}

/** What a swap opening asks of whom, as the terminal and the window say it. */
function openingLine() {
  const o = state.opening;
  const kind = o.ask.kind === "place" ? "place" : "choose";
  const key = o.agent ? `opening-computer-${kind}` : `opening-${kind}`;
  const colour = o.ask.colour !== undefined ? seatName(state, o.ask.colour) : "";
  return t(key, { seat: openingSeat(o.seat), stone: o.ask.stone ?? "", of: o.ask.of ?? "", colour });
}

/** A choice just made, in words: "Player 2 takes Black". */
function choiceText(d) {
  const seat = openingSeat(d.seat);
  if (d.choice === "place_two") return t("web-chose-place-two", { seat });
  return t("web-chose-colour", { seat, colour: seatName(d.state, d.choice === "black" ? 0 : 1) });
}

function myTurn() {
  return mine && state && state.status === "ongoing" && state.to_move === mine.player;
}

function statusLine() {
  if (state.result) {
    const e = state.result.ending;
    const key = `status-${e.result}`;
    return t(key, { player: e.player !== undefined ? seatName(state, e.player) : "", score: e.score ?? "" });
  }
  if (state.online && state.seats.some((s) => !s.seated)) return t("web-waiting-join");
  if (state.queued) return t("web-queued");
  if (state.seats.length === 1) return t("web-keys-2048");
  if (state.opening) return openingLine();
  const player = seatName(state, state.to_move_colour);
  if (myTurn() && !state.legal_cells.length && state.legal_other.includes("pass")) return t("web-must-pass", { player });
  return t(state.thinking ? "status-thinking" : "status-to-move", { player });
}

function render() {
  $("title").textContent = t(`game-${state.game}`);
  $("status").textContent = statusLine();
  if (state.game === "2048") {
    draw2048($("board"), state);
    const score = state.scores[0] || 0;
    const best = Math.max(score, Number(localStorage.getItem("tabula.best2048") || 0));
    localStorage.setItem("tabula.best2048", best);
    $("score").textContent = score;
    $("best").textContent = best;
    $("score2048").hidden = false;
    if (state.goal_reached && !state.result) $("status").textContent += ` — ${t("web-goal-reached")}`;
    if (state.hints_on && !state.result) $("status").textContent += ` — ${suggestion()}`;
  } else {
    drawGrid($("board"), state, { mine: myTurn(), onPlay: play });
  }
  $("me").textContent = !mine
    ? t("web-watching")
    : state.opening
      ? t("web-you-seat", { seat: openingSeat(mine.player) })
      : t("web-you-play", { side: seatLabel(state, mine.player) });
  if (state.seats.length === 1) $("me").textContent = "";
  drawPlayers();
  drawMoves();
  drawActions();
  drawChoices();
}

/** A swap opening's question to this seat: a button for each answer. */
function drawChoices() {
  const el = $("choices");
  const o = state.opening;
  const asked = mine && state.status === "ongoing" && o && o.ask.kind === "choose" && !o.agent && o.seat === mine.player;
  el.hidden = !asked;
  if (!asked) return el.replaceChildren();
  el.replaceChildren(...o.ask.options.map((choice) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.choice = choice;
    b.textContent = t(`choice-${choice.replace("_", "-")}`);
    b.onclick = () => send("choose", { choice });
    return b;
  }));
}

const ARROWS = { left: "←", right: "→", up: "↑", down: "↓" };

/** 2048 with hints on: the slide the computer values most, or that it is still looking. */
function suggestion() {
  const hints = state.hints || [];
  if (!hints.length) return t("web-suggest-wait");
  const best = hints.reduce((a, b) => (b.value > a.value ? b : a));
  return t("web-suggest", { slide: `${ARROWS[best.notation] || ""} ${best.notation}`.trim() });
}

function drawPlayers() {
  const items = state.seats.map((seat, p) => {
    const li = document.createElement("li");
    li.className = state.to_move === p ? "to-move" : "";
    const who = seat.kind === "computer" ? t("player-computer", { agent: seat.agent }) : t("player-person");
    const you = mine && mine.player === p ? ` (${t("player-you")})` : "";
    const colour = seat.colour ?? p;
    // While a swap opening lasts the colours are not settled: the seats go by number alone.
    const settled = !state.opening;
    li.innerHTML = `<span class="dot${settled ? ` p${colour + 1}` : ""}"></span><span class="who"></span><span class="count"></span><span class="clock" data-player="${p}"></span>`;
    const name = !swapOpening() ? seatLabel(state, p) : settled ? t("web-seat-plays", { seat: openingSeat(p), colour: seatLabel(state, p) }) : openingSeat(p);
    li.querySelector(".who").textContent = `${name} — ${who}${you}`;
    // Reversi is decided by the discs each side has: show them, as the terminal does.
    if (state.game === "reversi") li.querySelector(".count").textContent = state.scores[colour];
    return li;
  });
  $("players").replaceChildren(...(state.seats.length > 1 ? items : []));
  drawClocks();
}

function drawClocks() {
  if (!state || !state.clocks) return;
  for (const el of document.querySelectorAll(".clock")) {
    const c = state.clocks[Number(el.dataset.player)];
    const left = Math.max(0, c.remaining_ms - (c.running ? performance.now() - clockAt : 0));
    const s = Math.ceil(left / 1000);
    el.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    el.classList.toggle("running", c.running);
    el.classList.toggle("low", left < 10000);
  }
}

function drawMoves() {
  const plies = state.moves.filter((m) => m.player !== null);
  const items = plies.map((m, i) => {
    const li = document.createElement("li");
    li.textContent = `${seatName(state, m.player)} ${m.move === "pass" ? t("web-pass") : m.move}`;
    if (i === plies.length - 1) li.className = "latest";
    return li;
  });
  const list = $("moves");
  list.hidden = state.game === "2048";
  list.previousElementSibling.hidden = list.hidden;
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

function drawActions() {
  const seated = !!mine;
  const ongoing = state.status === "ongoing";
  const other = mine ? 1 - mine.player : null;
  $("pass").hidden = !(myTurn() && state.legal_other.includes("pass"));
  $("hints").hidden = !(seated && ongoing && !state.online);
  $("hints").setAttribute("aria-pressed", String(state.hints_on));
  const decided = seated && (state.moves.some((m) => m.seat === mine.player) || (state.choices || []).some((c) => c.seat === mine.player));
  $("takeback").hidden = !(ongoing && decided);
  $("draw").hidden = !(seated && ongoing && state.online);
  $("resign").hidden = !(seated && ongoing);
  $("rematch").hidden = !(seated && !ongoing);
  const offer = $("offer");
  offer.hidden = true;
  if (seated && ongoing && state.offers.draw === other) {
    offer.hidden = false;
    offer.dataset.kind = "draw";
    offer.querySelector("span").textContent = t("web-draw-offered", { player: seatLabel(state, other) });
  } else if (seated && ongoing && state.offers.takeback === other) {
    offer.hidden = false;
    offer.dataset.kind = "takeback";
    offer.querySelector("span").textContent = t("web-takeback-asked", { player: seatLabel(state, other) });
  }
  const invite = mine?.invite && state.invite_open;
  $("invite").hidden = !invite;
  if (invite) $("invite-link").value = `${location.origin}/g/${gameId}#join=${mine.invite}`;
  if (state.rematch && mine) $("rematch").onclick = () => goToRematch(state.rematch);
  else $("rematch").onclick = () => send("rematch");
}

const KEYS = {
  ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
  a: "left", d: "right", w: "up", s: "down",
  h: "left", l: "right", k: "up", j: "down",
};

function slide(direction) {
  if (!myTurn()) return;
  if (state.legal_other.includes(direction)) play(direction);
  else $("board").animate([{ transform: "translateX(-4px)" }, { transform: "translateX(4px)" }, { transform: "none" }], 150);
}

function setupControls() {
  $("pass").onclick = () => play("pass");
  $("hints").onclick = () => send("hints", { on: !state.hints_on });
  $("takeback").onclick = () => send("takeback");
  $("draw").onclick = () => send("draw");
  $("resign").onclick = () => send("resign");
  $("accept").onclick = () => send($("offer").dataset.kind);
  $("decline").onclick = () => send("decline", { offer: $("offer").dataset.kind });
  for (const b of document.querySelectorAll("[data-copy]")) {
    b.onclick = () => {
      const input = $(b.dataset.copy);
      input.select();
      navigator.clipboard?.writeText(input.value).catch(() => {});
    };
  }
  document.addEventListener("keydown", (e) => {
    if (!state || state.game !== "2048" || e.ctrlKey || e.metaKey || e.altKey) return;
    const direction = KEYS[e.key] || KEYS[e.key.toLowerCase()];
    if (!direction || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    e.preventDefault();
    slide(direction);
  });
  let touch = null;
  const board = $("board");
  board.addEventListener("touchstart", (e) => { touch = e.touches[0]; }, { passive: true });
  board.addEventListener("touchend", (e) => {
    if (!touch || !state || state.game !== "2048") return;
    const end = e.changedTouches[0];
    const dx = end.clientX - touch.clientX;
    const dy = end.clientY - touch.clientY;
    touch = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 30) return;
    slide(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : dy > 0 ? "down" : "up");
  });
}

async function main() {
  await use(preferred());
  translate();
  $("lang").onclick = async () => {
    await use(lang === "en" ? "zh-CN" : "en");
    translate();
    if (state) render();
  };
  const match = location.pathname.match(/^\/g\/([0-9a-zA-Z]+)$/);
  if (match) openGame(match[1]);
  else startScreen();
}

main();
