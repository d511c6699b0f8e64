import { describe, expect, it } from 'vitest';
import { credentialsFor, databaseUrl, sourceDbName } from './source-db';

describe('source database settings', () => {
  it('names throwaway databases tm_bench_<date>_<pid>', () => {
    expect(sourceDbName(new Date('2026-11-24T15:00:00Z'), 4242)).toBe('tm_bench_20261124_4242');
  });

  it('points the URL at another database on the same server', () => {
    expect(databaseUrl('postgres://postgres@127.0.0.1:5432/postgres', 'tm_bench_1')).toBe(
      'postgres://postgres@127.0.0.1:5432/tm_bench_1',
    );
  });

  it('fills the credentials form from the URL, with the default port and an empty password under trust', () => {
    expect(credentialsFor('postgres://postgres@127.0.0.1/postgres', 'tm_bench_1')).toEqual({
      host: '127.0.0.1',
      port: 5432,
      database: 'tm_bench_1',
      user: 'postgres',
      password: '',
      tls: 'disable',
    });
    expect(credentialsFor('postgresql://b%40x:p%2Fw@db.local:6543/postgres', 'x')).toMatchObject({
      host: 'db.local',
      port: 6543,
      user: 'b@x',
      password: 'p/w',
    });
  });
});
