// The bodies the poller must survive: malformed, truncated, huge, unknown vocabulary, odd offsets.
const MIN = 60_000;

export const BAD_BODIES = {
  malformed: '{"page": {"id": "x"}, "incidents": [ {"id": "1", "name": "Down", ',
  truncatedJson: (full: string) => full.slice(0, Math.floor(full.length / 2)),
  truncatedXml: (full: string) => full.slice(0, full.lastIndexOf('<item>') + 40),
  notJson: '<html><body>502 Bad Gateway</body></html>',
  empty: '',
  huge: () => `{"components": [${'{"name":"x","status":"operational"},'.repeat(80_000)}{}]}`,
  unknownVocabulary: JSON.stringify({
    page: { id: 'p' },
    components: [{ id: 'c', name: 'API', status: 'kaputt', group: false }],
    incidents: [
      {
        id: 'weird-1',
        name: 'Something odd',
        status: 'pondering',
        impact: 'apocalyptic',
        created_at: '2026-01-01T00:00:00Z',
        incident_updates: [],
      },
    ],
    scheduled_maintenances: [],
  }),
  oddOffsets: (t0: number) =>
    JSON.stringify({
      page: { id: 'p' },
      components: [],
      incidents: [
        {
          id: 'offset-1',
          name: 'Delayed webhooks',
          status: 'investigating',
          impact: 'minor',
          created_at: new Date(t0)
            .toISOString()
            .replace('Z', '+00:00')
            .replace(/\.\d{3}/, ''),
          started_at: shiftedOffset(t0, 5 * 60 + 30),
          incident_updates: [
            { id: 'o-u1', status: 'investigating', body: 'Looking.', created_at: shiftedOffset(t0, -8 * 60) },
          ],
        },
        {
          id: 'offset-bad',
          name: 'Unreadable date',
          status: 'investigating',
          impact: 'major',
          created_at: '26/11/2026 14:05',
          incident_updates: [],
        },
        {
          id: 'offset-future',
          name: 'From the far future',
          status: 'investigating',
          impact: 'major',
          created_at: '2999-01-01T00:00:00Z',
          incident_updates: [],
        },
      ],
      scheduled_maintenances: [],
    }),
};

/** The instant t0 written in another offset (minutes east of UTC), e.g. '2026-11-26T19:35:00+05:30'. */
export function shiftedOffset(t0: number, offsetMinutes: number): string {
  const local = new Date(t0 + offsetMinutes * MIN).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
