import { UAParser } from 'ua-parser-js';

export interface Agent {
  browser: string;
  os: string;
  device: string;
}

// Crawlers, monitors, link previews and headless browsers: their page views and errors are not shoppers'.
const BOT =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|pingdom|uptime|monitor|lighthouse|pagespeed|headless|phantomjs|puppeteer|playwright|selenium|python-requests|curl\/|wget|go-http-client|java\/|okhttp|axios|node-fetch|httpclient/i;

export const isBot = (ua: string | undefined): boolean => !ua || ua.length < 10 || BOT.test(ua);

// Parsing is the costliest step per request; user agents repeat a lot, so recent ones are remembered.
const cache = new Map<string, Agent>();
const CACHE_SIZE = 2000;

/** Browser, OS and device type (desktop when the parser names none), read from the User-Agent on the server. */
export function agentOf(ua: string): Agent {
  const known = cache.get(ua);
  if (known) return known;
  const r = new UAParser(ua.slice(0, 512)).getResult();
  const agent: Agent = {
    browser: r.browser.name ?? 'Other',
    os: r.os.name ?? 'Other',
    device: r.device.type ?? 'desktop',
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(ua, agent);
  return agent;
}
