import type { BrowserErrorSubType } from '@tidemark/contract';

// Fingerprints (issue 11 part 3): one per error, stable across users, deploys and ids. Known noise gets a
// `noise:<reason>` fingerprint: it is stored and counted in the rollups, and grouping never shows it.

export const NOISE_PREFIX = 'noise:';
export type NoiseReason = 'resize_observer' | 'extension' | 'cross_origin_script';

const EXTENSION_URL = /^(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//;
const FRAME_URL =
  /((?:https?|chrome-extension|moz-extension|safari-extension|safari-web-extension|ms-browser-extension):\/\/[^\s)]+?|\/[^\s():]+?)(?::\d+){1,2}\)?\s*$/;

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

/** A path with ids, numbers and content hashes replaced: /orders/123/items → /orders/:id/items. */
export function pathTemplate(path: string): string {
  return (
    path
      .split('/')
      .map((segment) =>
        /^\d+$/.test(segment) ||
        /^[0-9a-f]{8,}$/i.test(segment) ||
        /^[0-9a-f-]{36}$/i.test(segment) ||
        (/\d/.test(segment) && /^[\w-]{16,}$/.test(segment))
          ? ':id'
          : segment.replace(/([.-])[0-9a-f]{6,}(?=\.\w+$)/i, '$1<hash>'),
      )
      .join('/') || '/'
  );
}

function splitUrl(target: string): { host: string; path: string } {
  try {
    const u = new URL(target, 'https://same-origin.invalid');
    return { host: u.host === 'same-origin.invalid' ? '' : u.host, path: u.pathname };
  } catch {
    return { host: '', path: target.split(/[?#]/, 1)[0] ?? '' };
  }
}

interface Frame {
  fn: string;
  url: string;
}

/** Frames of a V8 ("at fn (url:l:c)") or Firefox/Safari ("fn@url:l:c") stack. */
export function framesOf(stack: string): Frame[] {
  const frames: Frame[] = [];
  for (const raw of stack.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const m = FRAME_URL.exec(line);
    if (!m) continue;
    const v8 = /^at\s+(?:async\s+)?([^\s(]+)\s+\(/.exec(line);
    const gecko = /^([^@\s]*)@/.exec(line);
    frames.push({ fn: v8?.[1] ?? gecko?.[1] ?? '', url: m[1]! });
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

/**
 * The fingerprint: sub type; for js the normalised message and the top in-app frame (function and file path
 * template, no line: a deploy moves lines); for network and asset errors method, host, path template and
 * status class.
 */
export function fingerprintOf(subType: BrowserErrorSubType, facts: ErrorFacts): string {
  const noise = noiseOf(subType, facts);
  if (noise) return `${NOISE_PREFIX}${noise}`;
  const d = facts.detail ?? {};
  if (subType === 'network' || subType === 'beacon') {
    const { host, path } = splitUrl(String(d.url ?? ''));
    const method = subType === 'beacon' ? 'BEACON' : String(d.method ?? 'GET');
    const status = typeof d.status === 'number' ? d.status : 0;
    return `${subType}:${method} ${host}${pathTemplate(path)} ${statusClass(status)}`;
  }
  if (subType === 'asset') {
    const { host, path } = splitUrl(String(d.url ?? ''));
    const dir = pathTemplate(path).replace(/\/[^/]*$/, '/*');
    return `asset:${String(d.asset ?? 'asset')} ${host}${dir} failed`;
  }
  const stack = typeof d.stack === 'string' ? d.stack : '';
  const inApp = framesOf(stack).find((f) => !EXTENSION_URL.test(f.url));
  const file = inApp?.url ?? (typeof d.file === 'string' ? d.file : '');
  const where = file ? `${inApp?.fn ?? ''}@${pathTemplate(splitUrl(file).path)}` : '';
  const name = typeof d.name === 'string' && !facts.message.startsWith(d.name) ? `${d.name}: ` : '';
  return `js:${normaliseMessage(name + facts.message)}${where ? ` ${where}` : ''}`;
}
