import { formatCurrency, formatMetricValue, formatPercent } from '@tidemark/format';
import { chartPng, CHART_SIZE, type ChartInput } from './chart';
import type { Notification } from './channel';
import type { AlertDetails, DigestDetails, DigestItem, NotificationContent } from './content';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  images: { cid: string; filename: string; content: Buffer; contentType: string }[];
  links: string[];
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SEVERITY_COLOUR = { High: '#b71c1c', Medium: '#e65100', Low: '#1565c0' } as const;

const money = (c: NotificationContent, v: number | null) =>
  v === null
    ? null
    : formatCurrency(v, { symbol: c.currency_symbol, compact: Math.abs(v) >= 10_000, signed: true });

function badge(severity: 'High' | 'Medium' | 'Low'): string {
  return `<span style="display:inline-block;padding:2px 8px;border-radius:10px;font-size:12px;font-weight:600;color:#ffffff;background:${SEVERITY_COLOUR[severity]}">${severity}</span>`;
}

/** Table layout and inline styles: what Outlook, Gmail and Apple Mail all render; 600 px wide, fluid below. */
function shell(preheader: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light"><title>${esc(preheader)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<div style="display:none;max-height:0;overflow:hidden">${esc(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;border:1px solid #e3e8ee">
<tr><td style="padding:20px 24px 0 24px;font-size:15px;font-weight:700;color:#0b3d91">Tidemark</td></tr>
${body}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px"><tr><td style="padding:16px 24px;font-size:12px;line-height:18px;color:#6b7785">${footer}</td></tr></table>
</td></tr></table></body></html>`;
}

function button(url: string, label: string): string {
  return `<a href="${esc(url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#0b3d91;color:#ffffff;text-decoration:none;font-weight:600;font-size:14px">${esc(label)}</a>`;
}

function footer(unsubscribeUrl: string, settingsUrl: string, what: string): { html: string; text: string } {
  return {
    html: `You get this e-mail because ${esc(what)} are on for you in Tidemark. <a href="${esc(settingsUrl)}" style="color:#6b7785">Notification settings</a> · <a href="${esc(unsubscribeUrl)}" style="color:#6b7785">Unsubscribe</a>`,
    text: `You get this e-mail because ${what} are on for you in Tidemark.\nNotification settings: ${settingsUrl}\nUnsubscribe: ${unsubscribeUrl}`,
  };
}

function chartImage(
  images: RenderedEmail['images'],
  chart: ChartInput | null,
  name: string,
  alt: string,
): string {
  if (!chart || chart.values.filter((v) => v !== null).length < 2) return '';
  const cid = `${name}@tidemark`;
  images.push({ cid, filename: `${name}.png`, content: chartPng(chart), contentType: 'image/png' });
  return `<img src="cid:${cid}" width="${CHART_SIZE.width}" alt="${esc(alt)}" style="display:block;width:100%;max-width:${CHART_SIZE.width}px;height:auto;border:1px solid #e3e8ee;border-radius:6px">`;
}

export function renderAlertEmail(
  n: Notification,
  c: NotificationContent,
  d: AlertDetails,
  urls: { unsubscribe: string; settings: string },
): RenderedEmail {
  const images: RenderedEmail['images'] = [];
  const fmt = (v: number | null) => (v === null ? '–' : formatMetricValue(v, d.format, c.currency_symbol));
  const impact = money(c, c.dollar_impact);
  const severity = c.severity ?? 'Low';
  const subject = `${d.escalated ? 'Escalated to ' + severity + ': ' : severity === 'High' ? 'High: ' : ''}${c.title}`;
  const figures: Array<[string, string]> = [];
  if (c.expected !== null || c.actual !== null) {
    figures.push(['Expected', fmt(c.expected)], ['Actual', fmt(c.actual)]);
  }
  if (impact) figures.push(['Dollar impact', impact]);
  const figureCells = figures
    .map(
      ([label, value]) =>
        `<td style="padding:10px 12px;border:1px solid #e3e8ee;border-radius:6px;width:${Math.floor(96 / figures.length)}%"><div style="font-size:12px;color:#6b7785">${label}</div><div style="font-size:18px;font-weight:700;margin-top:2px">${esc(value)}</div></td>`,
    )
    .join('<td style="width:8px"></td>');
  const chart = chartImage(images, d.chart, `chart-${n.id}`, `${d.metric_name ?? c.title}: recent values`);
  const f = footer(urls.unsubscribe, urls.settings, 'alerts');
  const body = `
<tr><td style="padding:12px 24px 0 24px">${badge(severity)} <span style="font-size:12px;color:#6b7785;margin-left:6px">${esc(d.item_label)} · ${esc(d.when)}</span></td></tr>
<tr><td style="padding:8px 24px 0 24px"><h1 style="margin:0;font-size:20px;line-height:28px">${esc(c.title)}</h1></td></tr>
<tr><td style="padding:8px 24px 0 24px;font-size:14px;line-height:21px;color:#3e4c59">${esc(c.summary)}</td></tr>
${figures.length ? `<tr><td style="padding:16px 24px 0 24px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>${figureCells}</tr></table></td></tr>` : ''}
${chart ? `<tr><td style="padding:16px 24px 0 24px">${chart}</td></tr>` : ''}
<tr><td style="padding:20px 24px 24px 24px">${button(c.app_url, d.kind === 'event_group' ? 'Open the event' : 'Open in Tidemark')}</td></tr>`;
  const text = [
    `${severity}${d.escalated ? ' (escalated)' : ''} · ${d.item_label} · ${d.when}`,
    '',
    c.title,
    '',
    c.summary,
    '',
    ...figures.map(([label, value]) => `${label}: ${value}`),
    '',
    `Open it in Tidemark: ${c.app_url}`,
    '',
    '--',
    f.text,
  ].join('\n');
  return {
    subject,
    html: shell(c.summary, body, f.html),
    text,
    images,
    links: [c.app_url, urls.settings, urls.unsubscribe],
  };
}

/** What a summary says under an item: its kind, when, the figures its alert showed, and its status. */
function itemLine(c: NotificationContent, it: DigestItem): string {
  const parts = [it.kind === 'event_group' ? 'Site errors' : 'Insight'];
  if (it.when) parts.push(it.when);
  if (it.expected != null && it.actual != null) {
    const fmt = (v: number) => formatMetricValue(v, it.format ?? 'number', c.currency_symbol);
    parts.push(`Actual ${fmt(it.actual)}, expected ${fmt(it.expected)}`);
  }
  parts.push(it.status);
  return parts.join(' · ');
}

const DIGEST_NAMES = {
  daily: 'Daily alerts',
  weekly: 'Weekly digest',
  monthly: 'Monthly summary',
  quarterly: 'Quarterly summary',
} as const;

export function renderDigestEmail(
  n: Notification,
  c: NotificationContent,
  d: DigestDetails,
  urls: { unsubscribe: string; settings: string },
): RenderedEmail {
  const images: RenderedEmail['images'] = [];
  const name = DIGEST_NAMES[d.kind];
  const total = d.total ?? d.items.length;
  const subject = `${name}: ${d.period_label} · ${total === 0 ? 'nothing to act on' : `${total} alert${total === 1 ? '' : 's'}`}`;
  const more = total - d.items.length;
  const rows = d.items
    .map(
      (it) =>
        `<tr><td style="padding:8px 0;border-bottom:1px solid #eef1f4;width:70px;vertical-align:top">${badge(it.severity)}</td>` +
        `<td style="padding:8px 8px;border-bottom:1px solid #eef1f4;font-size:14px;line-height:20px"><a href="${esc(it.url)}" style="color:#1f2933;text-decoration:none">${esc(it.title)}</a><div style="font-size:12px;color:#6b7785">${esc(itemLine(c, it))}</div></td>` +
        `<td style="padding:8px 0;border-bottom:1px solid #eef1f4;font-size:14px;font-weight:600;text-align:right;white-space:nowrap;vertical-align:top">${esc(money(c, it.dollar_impact) ?? '–')}</td></tr>`,
    )
    .join('');
  const section = (title: string, inner: string) =>
    `<tr><td style="padding:20px 24px 0 24px"><h2 style="margin:0 0 8px 0;font-size:15px">${esc(title)}</h2>${inner}</td></tr>`;
  const moreLine = more > 0 ? `and ${more} more in the feed` : '';
  const itemsHtml = d.items.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table>${moreLine ? `<p style="margin:8px 0 0 0;font-size:13px;color:#6b7785">${esc(moreLine)}</p>` : ''}`
    : `<p style="margin:0;font-size:14px;color:#3e4c59">No alerts in this period: your metrics stayed within their expected ranges.</p>`;
  const movers = d.movers
    .map((m, i) => {
      const img = chartImage(images, m.chart, `mover-${n.id}-${i}`, `${m.name} over the period`);
      const change =
        m.change === null
          ? ''
          : ` <span style="color:${m.change < 0 ? '#b71c1c' : '#2e7d32'}">${m.change > 0 ? '+' : ''}${esc(formatPercent(m.change))}</span>`;
      return `<div style="margin:0 0 14px 0"><div style="font-size:14px;font-weight:600;margin-bottom:6px"><a href="${esc(m.url)}" style="color:#1f2933;text-decoration:none">${esc(m.name)}</a>${change}</div>${img}</div>`;
    })
    .join('');
  const precision = d.precision.rated
    ? `${Math.round((100 * d.precision.helpful) / d.precision.rated)}% of rated alerts were helpful (${d.precision.helpful} of ${d.precision.rated})`
    : 'No feedback given on this period\u2019s alerts yet.';
  const long = d.kind !== 'daily';
  const providers = d.providers.length
    ? d.providers
        .map(
          (p) =>
            `<div style="font-size:14px;margin:4px 0">${badge(p.severity)} ${esc(p.title)} · ${esc(p.status)}</div>`,
        )
        .join('')
    : '<p style="margin:0;font-size:14px;color:#3e4c59">No outages of the services you watch.</p>';
  const f = footer(urls.unsubscribe, urls.settings, name.toLowerCase() + ' e-mails');
  const body = `
<tr><td style="padding:8px 24px 0 24px"><h1 style="margin:0;font-size:20px;line-height:28px">${esc(name)}</h1><div style="font-size:13px;color:#6b7785">${esc(d.period_label)}</div></td></tr>
${
  long
    ? `<tr><td style="padding:16px 24px 0 24px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>
<td style="padding:10px 12px;border:1px solid #e3e8ee;border-radius:6px;width:33%"><div style="font-size:12px;color:#6b7785">Open</div><div style="font-size:18px;font-weight:700">${d.open}</div></td><td style="width:8px"></td>
<td style="padding:10px 12px;border:1px solid #e3e8ee;border-radius:6px;width:33%"><div style="font-size:12px;color:#6b7785">Resolved</div><div style="font-size:18px;font-weight:700">${d.resolved}</div></td><td style="width:8px"></td>
<td style="padding:10px 12px;border:1px solid #e3e8ee;border-radius:6px;width:33%"><div style="font-size:12px;color:#6b7785">Alert precision</div><div style="font-size:18px;font-weight:700">${d.precision.rated ? `${Math.round((100 * d.precision.helpful) / d.precision.rated)}%` : '–'}</div></td>
</tr></table></td></tr>`
    : ''
}
${section(long ? 'Top items by dollar impact' : 'Items by dollar impact', itemsHtml)}
${long && movers ? section('Top movers', movers) : ''}
${long ? section('Provider health', providers) : ''}
${long ? section('Feedback', `<p style="margin:0;font-size:14px;color:#3e4c59">${esc(precision)}</p>`) : ''}
<tr><td style="padding:20px 24px 24px 24px">${button(c.app_url, 'Open the feed')}</td></tr>`;
  const text = [
    `${name} · ${d.period_label}`,
    '',
    ...(long ? [`Open: ${d.open} · Resolved: ${d.resolved}`, precision, ''] : []),
    d.items.length ? 'Items by dollar impact:' : 'No alerts in this period.',
    ...d.items.map(
      (it) =>
        `- [${it.severity}] ${it.title} (${money(c, it.dollar_impact) ?? 'no dollar impact'}) ${itemLine(c, it)} ${it.url}`,
    ),
    ...(moreLine ? [moreLine] : []),
    ...(long && d.movers.length
      ? [
          '',
          'Top movers:',
          ...d.movers.map((m) => `- ${m.name}${m.change === null ? '' : ` ${formatPercent(m.change)}`}`),
        ]
      : []),
    ...(long
      ? [
          '',
          'Provider health:',
          ...(d.providers.length
            ? d.providers.map((p) => `- [${p.severity}] ${p.title} (${p.status})`)
            : ['No outages.']),
        ]
      : []),
    '',
    `Open the feed: ${c.app_url}`,
    '',
    '--',
    f.text,
  ].join('\n');
  return {
    subject,
    html: shell(`${name}: ${d.period_label}`, body, f.html),
    text,
    images,
    links: [c.app_url, ...d.items.map((i) => i.url), urls.settings, urls.unsubscribe],
  };
}
