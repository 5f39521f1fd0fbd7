import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMail, type MailSettings } from './mailer.js';

/** A self-hosted mail server with a certificate no public CA signed (test/tls, valid for 127.0.0.1). */
const certificate = fileURLToPath(new URL('../../../test/tls/localhost.crt', import.meta.url));
const key = readFileSync(fileURLToPath(new URL('../../../test/tls/localhost.key', import.meta.url)));

describe('mail to a server with a private CA', () => {
  const received: string[] = [];
  const server = new SMTPServer({
    key,
    cert: readFileSync(certificate),
    authOptional: true,
    logger: false,
    // The account is sent only once STARTTLS has made the connection private.
    onAuth(auth, session, callback) {
      if (auth.username === 'bot' && auth.password === 'secret' && session.secure) callback(null, { user: 'bot' });
      else callback(new Error('bad login'));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settings = (config: MailSettings['config']): MailSettings => {
    const values: Record<string, string> = { SMTPServer: '127.0.0.1', SMTPPort: String(port), SMTPFrom: 'tollgate@example.com', SMTPAccount: 'bot', SMTPToken: 'secret' };
    return { options: { str: (k) => values[k] ?? '', num: (k) => Number(values[k] ?? 0) }, config };
  };
  const mail = (to: string) => ({ to, subject: 'hello', html: '<p>hi</p>' });

  it('refuses the unknown certificate by default, naming the reason', async () => {
    await expect(sendMail(settings({ SMTP_CA_FILE: undefined, SMTP_INSECURE_SKIP_VERIFY: false }), mail('a@example.com'))).rejects.toThrow(/could not send the email: .*self[- ]signed/i);
    expect(received).not.toContain('a@example.com');
  });

  it('trusts the CA of SMTP_CA_FILE', async () => {
    await sendMail(settings({ SMTP_CA_FILE: certificate, SMTP_INSECURE_SKIP_VERIFY: false }), mail('b@example.com'));
    expect(received).toContain('b@example.com');
  });

  it('accepts any certificate only when SMTP_INSECURE_SKIP_VERIFY is on', async () => {
    await sendMail(settings({ SMTP_CA_FILE: undefined, SMTP_INSECURE_SKIP_VERIFY: true }), mail('c@example.com'));
    expect(received).toContain('c@example.com');
  });

  it('says which file it cannot read', async () => {
    await expect(sendMail(settings({ SMTP_CA_FILE: '/nonexistent/ca.pem', SMTP_INSECURE_SKIP_VERIFY: false }), mail('d@example.com'))).rejects.toThrow(/SMTP_CA_FILE \/nonexistent\/ca.pem cannot be read/);
  });
});
