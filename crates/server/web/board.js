// Boards as DOM elements: a grid of buttons, one per cell, each with an ARIA label ("e4,
// black"). The page knows no rules: which cells are playable, the last move, the winning line
// and the hints all come from the server's state.

import { t } from "./i18n.js";

/** Stone games name their seats by colour, as the terminal and the window do. */
const COLOURS = { reversi: ["player-black", "player-white"], gomoku: ["player-black", "player-white"] };

/** The catalog's name of a seat ("X", "Black", "黑方"). */
export function seatName(state, player) {
  const colour = COLOURS[state.game]?.[player];
  if (colour) return t(colour);
  const name = state.seats[player]?.name ?? "";
  const key = `player-${name.toLowerCase()}`;
  const text = t(key);
  return text === key ? name : text;
}

/** The cell's name in the game's notation: column label then row label ("e4"). */
export function cellName(state, cell) {
  return state.columns[cell % state.width] + state.rows[Math.floor(cell / state.width)];
}

function hintText(hint) {
  if (hint.verdict) return { win: "+", draw: "=", loss: "−" }[hint.verdict] + (hint.exact ? "" : "?");
  const v = Math.round(hint.value * 10) / 10;
  return (v > 0 ? "+" : "") + v;
}

/**
 * Puts the notation's column letters above the board and its row labels to its left, in the
 * order the server's state lists them (the notation decides which way rows count). Hidden from
 * screen readers: every cell already says its name. No labels for 2048 (`state` null).
 */
function drawCoordinates(root, state) {
  const wrap = root.parentElement;
  const columns = wrap.querySelector(".coords.columns");
  const rows = wrap.querySelector(".coords.rows");
  wrap.classList.toggle("no-coords", !state);
  if (!state) return;
  wrap.dataset.game = state.game;
  wrap.style.setProperty("--cols", state.width);
  wrap.style.setProperty("--rows", state.height);
  const labels = (texts) => texts.map((text) => Object.assign(document.createElement("span"), { textContent: text }));
  columns.replaceChildren(...labels(state.columns));
  rows.replaceChildren(...labels(state.rows));
}

/** Draws a placing game's board (tic-tac-toe, reversi, gomoku) into `root`. */
export function drawGrid(root, state, { mine, onPlay }) {
  drawCoordinates(root, state);
  // Keyboard play: the cell that had the focus keeps it across redraws, and the arrow keys
  // move it (one cell is in the tab order: the focused one, else the last move, else a1).
  const focused = root.contains(document.activeElement) ? document.activeElement.dataset.cell : null;
  root.className = `board board-${state.game}`;
  root.style.backgroundImage = state.game === "gomoku" ? gridLines(state.width, state.height) : "";
  root.style.setProperty("--cols", state.width);
  root.style.setProperty("--rows", state.height);
  root.setAttribute("role", "grid");
  const legal = new Set(mine ? state.legal_cells : []);
  const win = new Set(state.winning_line);
  const hints = new Map((state.hints || []).filter((h) => h.cell !== null).map((h) => [h.cell, h]));
  const flipped = new Set(state.change?.flipped || []);
  const forbidden = new Map((state.forbidden || []).map((f) => [f.cell, f.reason]));
  const cells = [];
  for (let cell = 0; cell < state.width * state.height; cell++) {
    const b = document.createElement("button");
    const name = cellName(state, cell);
    const piece = state.cells[cell];
    b.className = "cell";
    b.dataset.cell = name;
    b.setAttribute("role", "gridcell");
    if (piece) {
      const stone = document.createElement("span");
      stone.className = `piece p${piece}`;
      if (flipped.has(cell)) stone.classList.add("flipped");
      if (state.game === "tictactoe") stone.textContent = seatName(state, piece - 1);
      const number = state.numbers?.[cell];
      if (number) stone.dataset.number = number;
      b.appendChild(stone);
    }
    const pieceName = piece ? seatName(state, piece - 1) : "";
    const label = !piece
      ? t("web-cell-empty", { cell: name })
      : cell === state.last_move
        ? t("web-cell-last", { cell: name, piece: pieceName })
        : t("web-cell-piece", { cell: name, piece: pieceName });
    b.setAttribute("aria-label", label);
    if (cell === state.last_move) b.classList.add("last");
    if (win.has(cell)) b.classList.add("win");
    if (legal.has(cell)) {
      b.classList.add("legal");
      b.addEventListener("click", () => onPlay(name));
    } else {
      b.setAttribute("aria-disabled", "true");
    }
    if (forbidden.has(cell)) {
      b.classList.add("forbidden");
      b.title = t(`forbidden-${forbidden.get(cell)}`);
    }
    const hint = hints.get(cell);
    if (hint) {
      const h = document.createElement("span");
      h.className = "hint";
      h.textContent = hintText(hint);
      b.appendChild(h);
    }
    cells.push(b);
  }
  const current =
    cells.find((b) => b.dataset.cell === focused) || cells[state.last_move ?? -1] || cells.find((b) => b.classList.contains("legal")) || cells[0];
  for (const b of cells) b.tabIndex = b === current ? 0 : -1;
  root.replaceChildren(...cells);
  if (focused) current.focus();
  root.onkeydown = (e) => moveFocus(e, root, state.width);
}

/**
 * Gomoku's lines through the cell centres, as one scaled SVG: drawn per cell at a fraction of a
 * pixel (a 15-line board on a phone) some lines broke up or vanished.
 */
function gridLines(width, height) {
  const lines = [];
  for (let x = 0; x < width; x++) lines.push(`M${x + 0.5} 0.5V${height - 0.5}`);
  for (let y = 0; y < height; y++) lines.push(`M0.5 ${y + 0.5}H${width - 0.5}`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none">` +
    `<path d="${lines.join("")}" stroke="#6b4e1c" stroke-width="1" vector-effect="non-scaling-stroke" fill="none"/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Moves the focus between the cells with the arrow keys (Home/End: the row's ends). */
function moveFocus(e, root, width) {
  const cells = [...root.querySelectorAll(".cell")];
  const at = cells.indexOf(document.activeElement);
  if (at < 0) return;
  const [x, y] = [at % width, Math.floor(at / width)];
  const height = cells.length / width;
  let next = null;
  if (STEPS[e.key]) {
    const [dx, dy] = STEPS[e.key];
    const [nx, ny] = [x + dx, y + dy];
    if (nx >= 0 && nx < width && ny >= 0 && ny < height) next = ny * width + nx;
  } else if (e.key === "Home") next = y * width;
  else if (e.key === "End") next = y * width + width - 1;
  else return;
  e.preventDefault();
  if (next === null) return;
  cells[at].tabIndex = -1;
  cells[next].tabIndex = 0;
  cells[next].focus();
}

let shown2048 = -1;

/** Draws the 2048 board, sliding the tiles of the last move when it is new. */
export function draw2048(root, state) {
  drawCoordinates(root, null);
  root.className = "board board-2048";
  root.setAttribute("role", "grid");
  const n = state.width;
  const pos = (cell) => `left:${(cell % n) * 25}%;top:${Math.floor(cell / n) * 25}%`;
  const tile = (cell, value, extra = "") => {
    const el = document.createElement("div");
    el.className = `tile v${Math.min(value, 4096)} ${extra}`;
    el.setAttribute("style", pos(cell));
    el.textContent = value;
    return el;
  };
  const backs = [];
  for (let cell = 0; cell < n * n; cell++) {
    const b = document.createElement("div");
    b.className = "back";
    b.setAttribute("role", "gridcell");
    const value = state.cells[cell];
    const name = cellName(state, cell);
    b.setAttribute("aria-label", value ? t("web-cell-piece", { cell: name, piece: value }) : t("web-cell-empty", { cell: name }));
    b.setAttribute("style", pos(cell));
    backs.push(b);
  }
  const layer = document.createElement("div");
  layer.className = "tiles";
  const slides = state.change?.slides || [];
  const fresh = state.version !== shown2048 && slides.length > 0 && shown2048 !== -1;
  shown2048 = state.version;
  const final = () => {
    const merged = new Set(state.change?.merged || []);
    const spawned = new Set(state.change?.spawned || []);
    const tiles = [];
    state.cells.forEach((value, cell) => {
      if (value) tiles.push(tile(cell, value, merged.has(cell) ? "merged" : spawned.has(cell) ? "spawned" : ""));
    });
    layer.replaceChildren(...tiles);
  };
  if (fresh) {
    const moving = slides.map((s) => tile(s.from, s.value));
    layer.replaceChildren(...moving);
    requestAnimationFrame(() => {
      requestAnimationFrame(() => slides.forEach((s, i) => moving[i].setAttribute("style", pos(s.to))));
    });
    setTimeout(final, 110);
  } else {
    final();
  }
  root.replaceChildren(...backs, layer);
}
