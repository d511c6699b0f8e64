import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONNECTION_MESSAGES, connectFailureText, type ConnectionSettings } from '@tidemark/contract';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { CONNECTIONS_COPY } from '../messages';

const SLOW = { timeout: 10_000 };
const TARGET = { host: 'db.example.com', port: 5432, database: 'shop', user: 'reader' };

function settings(over: Partial<ConnectionSettings> = {}): ConnectionSettings {
  return {
    datasource_id: 'db1',
    connector_name: 'postgres',
    connection_name: 'PostgreSQL',
    status: {
      data_connection_status: { status: 'NOT_STARTED', message: null },
      metric_configuration_status: { status: 'NOT_STARTED', message: null },
      insight_generation_status: { status: 'NOT_STARTED', message: null },
    },
    credentials: null,
    source_tables: [],
    shop: null,
    ...over,
  };
}

function serve(current: ConnectionSettings, credentials: { status: number; body: unknown }) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/connections/db1': { body: current },
    'POST /v1/connections/db1/credentials': credentials,
  });
}

/** The database wizard tells the customer what to fix, in the server's words for the cause. */
describe('the database connection wizard', () => {
  it("shows the server's text for a connection that failed, with Talk to us", async () => {
    const text = connectFailureText('unreachable', TARGET);
    const calls = serve(settings(), { status: 400, body: { success: false, message: text } });
    renderRoute('/onboarding/postgres?id=db1');
    const host = await screen.findByLabelText(/Host/, {}, SLOW);
    fireEvent.change(host, { target: { value: TARGET.host } });
    fireEvent.change(screen.getByLabelText(/Database/), { target: { value: TARGET.database } });
    fireEvent.change(screen.getByLabelText(/User/), { target: { value: TARGET.user } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toBe(
      'We could not reach the database at db.example.com:5432. Check the host and port, and that it accepts connections from Tidemark.',
    );
    expect(alert.textContent).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(screen.getByRole('link', { name: CONNECTIONS_COPY.talkToUs })).toBeTruthy();
    const sent = calls.calls.find((c) => c.url.pathname === '/v1/connections/db1/credentials');
    expect(sent).toBeTruthy();
  });

  it('opens on the last failure when the saved connection failed', async () => {
    const text = connectFailureText('auth_failed', TARGET);
    serve(
      settings({
        status: {
          data_connection_status: { status: 'FAILED', message: `${text} ${CONNECTION_MESSAGES.talkToUs}` },
          metric_configuration_status: { status: 'NOT_STARTED', message: null },
          insight_generation_status: { status: 'NOT_STARTED', message: null },
        },
        credentials: { ...TARGET, tls: 'disable', has_password: true },
      }),
      { status: 200, body: {} },
    );
    renderRoute('/onboarding/postgres?id=db1');
    await waitFor(
      () =>
        expect(screen.getByRole('alert').textContent).toBe(
          'The database at db.example.com:5432 did not accept the user "reader" with this password. Check both, and that this user may log in from Tidemark. ' +
            CONNECTION_MESSAGES.talkToUs,
        ),
      SLOW,
    );
  });
});
