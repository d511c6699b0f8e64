import { createHash } from 'node:crypto';
import type { BrowserErrorSubType } from '@tidemark/contract';

// Fingerprints (issue 11 part 3, issue 27 items 10–11): one per bug, stable across users, deploys, browsers and
// ids, and different for different bugs. Known noise gets a `noise:<reason>` fingerprint: it is stored and
// counted in the rollups, and grouping never shows it.

export const NOISE_PREFIX = 'noise:';
export type NoiseReason = 'resize_observer' | 'extension' | 'cross_origin_script';

const EXTENSION_URL = /^(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//;
// A frame's location, matched from its start: a scan from every "/" of a hostile line would be quadratic.
const LOCATION =
  /^((?:https?|chrome-extension|moz-extension|safari-extension|safari-web-extension|ms-browser-extension):\/\/[^\s)]+?|\/[^\s():]+?)(?::\d+){1,2}$/;

/** In-app frames in a js error's key: one frame merges a helper's callers, a whole stack splits on call paths. */
const KEY_FRAMES = 3;
/** The fingerprint is part of the rollups' primary key beside a 1,000-character page: btree entries are bounded. */
const MAX_FINGERPRINT = 400;

// Code that is not the site's own: its frames stay out of the key, so a bug is keyed where the site called it.
const LIBRARY_HOST =
  /(^|\.)(cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|ajax\.googleapis\.com|code\.jquery\.com|googletagmanager\.com|google-analytics\.com|googleadservices\.com|googlesyndication\.com|doubleclick\.net|gstatic\.com|connect\.facebook\.net|hotjar\.com|cdn\.segment\.com|js\.stripe\.com|static\.klaviyo\.com|static\.cloudflareinsights\.com|cdn\.cookielaw\.org|polyfill\.io|bat\.bing\.com|snap\.licdn\.com|analytics\.tiktok\.com)$/i;
const LIBRARY_PATH =
  /\/node_modules\/|\/shopifycloud\/|\/(vendors?[~._-][^/]*|chunk-vendors[^/]*|framework-[^/]*|polyfills[.-][^/]*|collector(\.min)?\.js)$/i;

// Build output names: version folders (/1.4.2/, /v1.2.3/), package versions (lodash@4.17.21) and Next.js's
// build id folder change with every release.
const VERSION_FOLDER = /^v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?$/i;
const PACKAGE_VERSION = /@v?\d+(?:\.\d+){0,3}(?:[-+][\w.]+)?$/i;
const NEXT_STATIC_FOLDERS = new Set(['chunks', 'css', 'media', 'webpack', 'development']);

/** Text with what varies between occurrences replaced: URLs, quoted text, ids, numbers. */
export function normaliseMessage(message: string): string {
  return message
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/(["'`]).*?\1/g, '<str>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<id>')
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b/g, '<id>')
    .replace(/\d+(\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

// Mark where the property name goes back, quoted or bare, once the rest of the message is normalised (control
// characters never reach a stored message).
const PROPERTY = '\u0001';
const NAME = '\u0002';

/** The last property of an expression: `e.methods.length` → `length`. */
function lastProperty(expression: string): string | null {
  return /\??\.([\w$]+)(?:\(.*\))?\s*$/.exec(expression)?.[1] ?? null;
}

/**
 * One wording per failure whatever the engine: Chrome's, Firefox's and Safari's words for reading a property of
 * undefined, calling a non-function and a missing variable. The property is kept (a minifier keeps property
 * names, so it is stable across deploys); the receiver is dropped (a minifier renames it).
 */
function canonicalMessage(message: string): { text: string; property: string | null } {
  // Safari adds ". (In 'e.map(t)', 'e.map' is undefined)"; matched from its start only, to stay linear.
  const inAt = message.lastIndexOf(". (In '");
  const m =
    inAt >= 0 && /^\. \(In '.*', '.*' is [^)]*\)$/.test(message.slice(inAt))
      ? message.slice(0, inAt)
      : message;
  const rules: Array<[RegExp, (g: string[]) => [string, string | null] | null]> = [
    [
      /^cannot read propert(?:ies|y) of (undefined|null) \(reading (["'`])(.*)\2\)$/i,
      (g) => [`cannot read properties of ${g[1]} (reading ${PROPERTY})`, g[3]!],
    ],
    [
      /^cannot read property (["'`])(.*)\1 of (undefined|null)$/i,
      (g) => [`cannot read properties of ${g[3]} (reading ${PROPERTY})`, g[2]!],
    ],
    [
      /^can't access property (["'`])(.*)\1, .+ is (undefined|null)$/i,
      (g) => [`cannot read properties of ${g[3]} (reading ${PROPERTY})`, g[2]!],
    ],
    [
      /^(undefined|null) is not an object \(evaluating (["'`])(.*)\2\)$/i,
      (g) => {
        const property = lastProperty(g[3]!);
        return property ? [`cannot read properties of ${g[1]} (reading ${PROPERTY})`, property] : null;
      },
    ],
    [
      /^cannot set propert(?:ies|y) of (undefined|null) \(setting (["'`])(.*)\2\)$/i,
      (g) => [`cannot set properties of ${g[1]} (setting ${PROPERTY})`, g[3]!],
    ],
    [
      /^cannot destructure property (["'`])(.*?)\1 of .+ as it is (undefined|null)\.?$/i,
      (g) => [`cannot destructure property ${PROPERTY} of ${g[3]}`, g[2]!],
    ],
    [
      /^(.+?) is not a function$/i,
      (g) => {
        const property = lastProperty(g[1]!);
        if (property) return [`<expr>.${NAME} is not a function`, property];
        return /^[\w$]{3,}$/.test(g[1]!) ? [`${NAME} is not a function`, g[1]!] : null;
      },
    ],
    [/^can't find variable: ([\w$]+)$/i, (g) => [`${NAME} is not defined`, g[1]!]],
    [/^([\w$]+) is not defined$/i, (g) => [`${NAME} is not defined`, g[1]!]],
  ];
  for (const [pattern, rewrite] of rules) {
    const g = pattern.exec(m);
    const out = g && rewrite([...g]);
    if (out) return { text: out[0], property: out[1] };
  }
  return { text: m, property: null };
}

/** The error's key text: its name and its canonical, normalised message. */
function messageKey(name: string, message: string): string {
  // Chrome's ErrorEvent says "Uncaught TypeError: …", Firefox and Safari "TypeError: …", an Error's message "…".
  let m = message.trim().replace(/^uncaught\s+(?:\(in promise\)\s*)?/i, '');
  let errorName = name;
  const head = /^([A-Za-z$][\w$]*(?:Error|Exception)):\s*/.exec(m);
  if (head && (!name || head[1] === name)) {
    errorName = head[1]!;
    m = m.slice(head[0].length);
  }
  const { text, property } = canonicalMessage(m);
  let key = normaliseMessage(`${errorName ? `${errorName}: ` : ''}${text}`);
  if (property !== null) {
    const p = normaliseMessage(property).slice(0, 60);
    key = key.replace(PROPERTY, `'${p}'`).replace(NAME, p);
  }
  return key;
}

function isIdSegment(segment: string): boolean {
  return (
    /^\d+$/.test(segment) ||
    /^[0-9a-f]{8,}$/i.test(segment) ||
    /^[0-9a-f-]{36}$/i.test(segment) ||
    (/\d/.test(segment) && /^[\w-]{16,}$/.test(segment))
  );
}

/** A path with ids, numbers and content hashes replaced: /orders/123/items → /orders/:id/items. */
export function pathTemplate(path: string): string {
  return (
    path
      .split('/')
      .map((segment) =>
        isIdSegment(segment) ? ':id' : segment.replace(/([.-])[0-9a-f]{6,}(?=\.\w+$)/i, '$1<hash>'),
      )
      .join('/') || '/'
  );
}

/** Looks like a bundler's 8-character base64 or base32 hash (Vite, Rollup, esbuild), not a word. */
const looksHashed = (s: string): boolean =>
  (/[A-Z]/.test(s) && /[a-z]/.test(s)) || (/\d/.test(s) && /[A-Za-z]/.test(s));

/** A file name without its build hash or version: checkout.3f9a1c2b7d.min.js → checkout.<hash>.min.js. */
function cleanFileName(name: string): string {
  if (isIdSegment(name)) return ':id';
  return (
    name
      // jquery-3.7.1.min.js
      .replace(/[-.@_]v?\d+(?:\.\d+){1,3}(?=[-.])/g, '')
      // hex hashes (webpack, CRA, Parcel, Next.js, Angular) with a digit, so words such as "facade" stay
      .replace(/(^|[-.~_])(?=[0-9a-f]*\d)[0-9a-f]{6,}(?=[-.~_]|$)/gi, '$1<hash>')
      .replace(/(^|[-.~_])([\w-]{8})(?=\.[a-z\d]+$)/i, (all, sep: string, hash: string) =>
        looksHashed(hash) ? `${sep}<hash>` : all,
      )
  );
}

/**
 * A script's or asset's path as it stays across deploys: no query, build hashes, version folders or build id
 * folders; id-like folders templated.
 */
export function cleanFilePath(path: string): string {
  const segments = path.split(/[?#]/, 1)[0]!.split('/');
  const out: string[] = [];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (last) {
      out.push(cleanFileName(segment));
      return;
    }
    if (VERSION_FOLDER.test(segment)) return;
    if (segments[i - 2] === '_next' && segments[i - 1] === 'static' && !NEXT_STATIC_FOLDERS.has(segment)) {
      out.push(':build');
      return;
    }
    const s = segment.replace(PACKAGE_VERSION, '');
    out.push(isIdSegment(s) ? ':id' : s);
  });
  return out.join('/') || '/';
}

function splitUrl(target: string): { host: string; path: string } {
  try {
    const u = new URL(target, 'https://same-origin.invalid');
    return { host: u.host === 'same-origin.invalid' ? '' : u.host, path: u.pathname };
  } catch {
    return { host: '', path: target.split(/[?#]/, 1)[0] ?? '' };
  }
}

/** Whether a script is a library, a tag manager, a vendor bundle or the collector rather than the site's code. */
function isLibraryUrl(url: string): boolean {
  const { host, path } = splitUrl(url);
  return LIBRARY_HOST.test(host) || LIBRARY_PATH.test(path);
}

export interface Frame {
  /** The function as the code names it: the method for `Object.r [as applyCoupon]`, '' when anonymous. */
  fn: string;
  url: string;
}

/** `Object.r [as applyCoupon]`, `new CartDrawer`, `async*init/<`, `global code` → the name a developer wrote. */
function functionName(raw: string): string {
  const s = raw
    .replace(/^.*\*/, '') // Firefox's async cause: "async*init", "promise callback*init"
    .replace(/^async(?:\s+|$)/, '')
    .replace(/^new\s+/, '')
    .trim();
  const alias = /\[as ([^\]]+)\]$/.exec(s);
  if (alias) return functionName(alias[1]!);
  if (/^(global|module|eval) code$/.test(s) || s.endsWith('<')) return '';
  const last = s.split(/[./\s]/).pop() ?? '';
  return /^[\w$]+$/.test(last) ? last : '';
}

/** Frames of a V8 ("at fn (url:l:c)") or Firefox/Safari ("fn@url:l:c") stack; native frames are skipped. */
export function framesOf(stack: string): Frame[] {
  const frames: Frame[] = [];
  for (const raw of stack.split('\n')) {
    const line = raw.trim();
    let name = '';
    let location = line;
    if (/^at\s/.test(line)) {
      // V8: "at name (location)" or "at location"
      const open = line.endsWith(')') ? line.lastIndexOf('(') : -1;
      name = open > 0 ? line.slice(3, open) : '';
      location = open > 0 ? line.slice(open + 1, -1) : line.slice(line.lastIndexOf(' ') + 1);
    } else {
      // Firefox and Safari: "name@location"
      const at = line.indexOf('@');
      if (at >= 0) {
        name = line.slice(0, at);
        location = line.slice(at + 1);
      }
    }
    const m = LOCATION.exec(location.trim());
    // Real names are short; the end holds V8's `[as method]`.
    if (m) frames.push({ fn: functionName(name.trim().slice(-200)), url: m[1]! });
  }
  return frames;
}

function statusClass(status: number): string {
  if (status === 0) return 'network';
  return `${Math.floor(status / 100)}xx`;
}

export interface ErrorFacts {
  message: string;
  detail: Record<string, string | number> | null;
  /** The page it happened on: a frame there is an inline script, keyed as one whatever the page. */
  page?: string;
}

/** The noise an error is, if any (then it is counted and never shown). */
export function noiseOf(subType: BrowserErrorSubType, facts: ErrorFacts): NoiseReason | null {
  if (subType !== 'js') return null;
  const message = facts.message;
  if (/ResizeObserver loop/i.test(message)) return 'resize_observer';
  const stack = typeof facts.detail?.stack === 'string' ? facts.detail.stack : '';
  const file = typeof facts.detail?.file === 'string' ? facts.detail.file : '';
  // Cross-origin scripts report only "Script error." with no file, line or stack.
  if (/^script error\.?$/i.test(message.trim()) && !stack && !file) return 'cross_origin_script';
  const frames = framesOf(stack);
  const urls = frames.length ? frames.map((f) => f.url) : file ? [file] : [];
  if (urls.length && urls.every((u) => EXTENSION_URL.test(u))) return 'extension';
  return null;
}

/** Where a js error happened: its top in-app frames (library frames only when there is nothing else). */
function whereOf(stack: string, file: string, page: string | undefined): string {
  const pagePath = page ? splitUrl(page).path : null;
  const fileKey = (url: string) => {
    const { path } = splitUrl(url);
    return path === pagePath ? '<inline>' : cleanFilePath(path).slice(0, 120);
  };
  const frames = framesOf(stack).filter((f) => !EXTENSION_URL.test(f.url));
  const own = frames.filter((f) => !isLibraryUrl(f.url));
  const keys: string[] = [];
  for (const f of own.length ? own : frames) {
    // One- and two-letter names are a minifier's, renamed by the next build.
    const key = `${f.fn.length > 2 ? f.fn.slice(0, 80) : ''}@${fileKey(f.url)}`;
    if (keys[keys.length - 1] !== key) keys.push(key);
    if (keys.length === KEY_FRAMES) break;
  }
  if (!keys.length && file && !EXTENSION_URL.test(file)) keys.push(`@${fileKey(file)}`);
  return keys.join(' < ');
}

function bounded(fingerprint: string): string {
  if (fingerprint.length <= MAX_FINGERPRINT) return fingerprint;
  const digest = createHash('sha1').update(fingerprint).digest('hex').slice(0, 12);
  return `${fingerprint.slice(0, MAX_FINGERPRINT - 14)} #${digest}`;
}

/**
 * The fingerprint: sub type; for js the error name, the canonical message and the top in-app frames (function
 * and cleaned file, no line: a deploy moves lines); for network errors method, host, path template and status
 * class; for scripts, stylesheets and fonts that fail to load the cleaned file, for images their folder (an
 * image host failing fails many files at once).
 */
export function fingerprintOf(subType: BrowserErrorSubType, facts: ErrorFacts): string {
  const noise = noiseOf(subType, facts);
  if (noise) return `${NOISE_PREFIX}${noise}`;
  const d = facts.detail ?? {};
  if (subType === 'network' || subType === 'beacon') {
    const { host, path } = splitUrl(String(d.url ?? ''));
    const method = subType === 'beacon' ? 'BEACON' : String(d.method ?? 'GET');
    const status = typeof d.status === 'number' ? d.status : 0;
    return bounded(`${subType}:${method} ${host}${pathTemplate(path)} ${statusClass(status)}`);
  }
  if (subType === 'asset') {
    const tag = String(d.asset ?? 'asset');
    const { host, path } = splitUrl(String(d.url ?? ''));
    const file = cleanFilePath(path);
    const where = /^(img|image)$/i.test(tag) ? file.replace(/\/[^/]*$/, '/*') : file;
    return bounded(`asset:${tag} ${host}${where} failed`);
  }
  const stack = typeof d.stack === 'string' ? d.stack : '';
  const file = typeof d.file === 'string' ? d.file : '';
  const where = whereOf(stack, file, facts.page);
  const name = typeof d.name === 'string' ? d.name : '';
  return bounded(`js:${messageKey(name, facts.message)}${where ? ` ${where}` : ''}`);
}
