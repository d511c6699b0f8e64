import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, type TestApp } from '../testing/build-test-app';

/** A real SMTP server on loopback receives what the product sends when SMTP_URL is set. */
describe('mail through SMTP', () => {
  let smtp: SMTPServer;
  const received: Array<{ to: string[]; raw: string }> = [];
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await buildTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Tidemark <no-reply@tidemark.test>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the sign-in link to the SMTP server', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/magic-login',
      payload: { destination: 'buyer@smtp-shop.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['buyer@smtp-shop.test']);
    expect(received[0]!.raw).toContain('Subject: Finish signing up for Tidemark');
    // The body is quoted-printable: undo soft line breaks and escaped '=' before looking for the link.
    const body = received[0]!.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(body).toMatch(/http:\/\/localhost:8080\/v1\/auth\/magic-login\/callback\?token=[\w-]{43}/);
  });

  it('has no local outbox route while SMTP is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});
