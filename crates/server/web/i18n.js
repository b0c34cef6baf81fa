// The page's messages: the same Fluent catalogs as the terminal (served at /locales/*.ftl),
// read by a small parser that knows what the catalogs use: plain messages, { $name }
// placeholders and plural selections (the `*[other]` variant, or `[one]` for 1).

const catalogs = {};
let current = {};
export let lang = "en";

/** Parses Fluent text into {key: pattern} where a pattern is a string or {variants, selector}. */
export function parse(text) {
  const out = {};
  let key = null;
  let lines = [];
  const flush = () => {
    if (key) out[key] = compile(lines.join("\n"));
    key = null;
    lines = [];
  };
  for (const line of text.split("\n")) {
    if (/^[a-zA-Z][\w-]*\s*=/.test(line)) {
      flush();
      const at = line.indexOf("=");
      key = line.slice(0, at).trim();
      lines.push(line.slice(at + 1).trim());
    } else if (key && /^\s+\S/.test(line)) {
      lines.push(line.trim());
    } else if (!line.trim() || line.startsWith("#")) {
      flush();
    }
  }
  flush();
  return out;
}

function compile(source) {
  const select = source.match(/^\{\s*\$(\w+)\s*->\s*([\s\S]*)\}$/);
  if (!select) return source.replace(/\n/g, " ");
  const variants = {};
  let fallback = null;
  for (const m of select[2].matchAll(/(\*?)\[(\w+)\]\s*([^\n]*)/g)) {
    variants[m[2]] = m[3].trim();
    if (m[1]) fallback = m[2];
  }
  return { selector: select[1], variants, fallback };
}

function fill(pattern, args) {
  return pattern.replace(/\{\s*\$(\w+)\s*\}/g, (_, name) => (name in args ? String(args[name]) : name));
}

/** The message `key` with `args` put in; the key itself when the catalog lacks it. */
export function t(key, args = {}) {
  const pattern = current[key];
  if (pattern === undefined) return key;
  if (typeof pattern === "string") return fill(pattern, args);
  const n = args[pattern.selector];
  const variant = (n === 1 && pattern.variants.one) || pattern.variants[pattern.fallback];
  return fill(variant, args);
}

/** Loads and switches to a language (`en`, `zh-CN`). */
export async function use(code) {
  if (!catalogs[code]) {
    const response = await fetch(`/locales/${code}.ftl`);
    catalogs[code] = parse(await response.text());
  }
  current = catalogs[code];
  lang = code;
  document.documentElement.lang = code;
  localStorage.setItem("tabula.lang", code);
}

/** The language to start with: the stored choice, else the browser's. */
export function preferred() {
  const stored = localStorage.getItem("tabula.lang");
  if (stored) return stored;
  return (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh-CN" : "en";
}
