import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { codeIn, resetLinkIn, useSmtpSink } from '../../../test/mail-setup.js';
import { SmtpSink } from '../../../test/smtp-sink.js';
import { buildTestApp, login, register, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';
import { addUser, signedInUser } from '../../../test/users.js';

describe.each(databaseKinds)('email codes and password reset on %s', (kind) => {
  let t: TestApp;
  const sink = new SmtpSink();
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    await useSmtpSink(t.ctx.options, await sink.start());
    await t.ctx.options.set('EmailVerificationEnabled', 'true');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const get = async (url: string, cookie?: string) =>
    (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).json<{ success: boolean; message: string }>();
  const askCode = (email: string) => get(`/api/verification?email=${encodeURIComponent(email)}&turnstile=`);

  it('registers with the code read from the mail, once', async () => {
    expect(await askCode('alice@example.com')).toMatchObject({ success: true });
    const code = codeIn((await sink.next('alice@example.com')).text);
    expect(await register(t.app, 'alice', 'password123', { email: 'alice@example.com', verification_code: code })).toMatchObject({ success: true });
    const row = await t.ctx.db.selectFrom('users').select('email').where('username', '=', 'alice').executeTakeFirstOrThrow();
    expect(row.email).toBe('alice@example.com');
    expect(await register(t.app, 'alice2', 'password123', { email: 'alice@example.com', verification_code: code })).toMatchObject({ success: false });
  });

  it('refuses an expired code', async () => {
    await askCode('late@example.com');
    const code = codeIn((await sink.next('late@example.com')).text);
    await t.ctx.db.updateTable('verification_codes').set({ expires_at: 1 }).where('subject', '=', 'late@example.com').execute();
    const answer = await register(t.app, 'late', 'password123', { email: 'late@example.com', verification_code: code });
    expect(answer).toMatchObject({ success: false, message: 'the verification code is wrong or has expired' });
  });

  it('refuses a bad address, a taken one and a domain off the whitelist', async () => {
    expect(await askCode('not-an-email')).toMatchObject({ success: false, message: 'invalid email address' });
    expect(await askCode('alice@example.com')).toMatchObject({ success: false, message: 'this email address is already taken' });
    await t.ctx.options.set('EmailDomainRestrictionEnabled', 'true');
    await t.ctx.options.set('EmailDomainWhitelist', 'gmail.com');
    expect((await askCode('bob@example.com')).message).toMatch(/only accepts email addresses of these domains: gmail\.com/);
    await t.ctx.options.set('EmailDomainRestrictionEnabled', 'false');
  });

  it('says so when SMTP is not configured', async () => {
    await t.ctx.options.set('SMTPServer', '');
    expect(await askCode('nosmtp@example.com')).toMatchObject({ success: false, message: /not configured SMTP/ });
    await t.ctx.options.set('SMTPServer', '127.0.0.1');
  });

  it('reports an SMTP server that cannot be reached', async () => {
    await t.ctx.options.set('SMTPPort', '1');
    expect(await askCode('down@example.com')).toMatchObject({ success: false, message: /could not send the email/ });
    await useSmtpSink(t.ctx.options, sink.port);
  });

  it('resets a password through the mailed link, once, and the new password signs in', async () => {
    await addUser(t, 'carol', { email: 'carol@example.com' });
    await t.ctx.options.set('ServerAddress', 'https://gw.example.com/');
    expect(await get('/api/reset_password?email=carol%40example.com')).toMatchObject({ success: true });
    const link = resetLinkIn((await sink.next('carol@example.com')).text);
    expect(link.origin + link.pathname).toBe('https://gw.example.com/user/reset');
    const payload = { email: link.searchParams.get('email'), token: link.searchParams.get('token') };
    expect(payload.token).toMatch(/^[0-9a-f]{32}$/);
    const answer = (await t.app.inject({ method: 'POST', url: '/api/user/reset', payload })).json<{ success: boolean; data: string }>();
    expect(answer.data).toMatch(/^[0-9a-f]{12}$/);
    expect(await login(t.app, 'carol', answer.data)).toMatch(/^session=/);
    const again = (await t.app.inject({ method: 'POST', url: '/api/user/reset', payload })).json<{ success: boolean }>();
    expect(again.success).toBe(false);
  });

  it('refuses a reset for an address no account uses', async () => {
    expect(await get('/api/reset_password?email=ghost%40example.com')).toMatchObject({ success: false, message: 'no account uses this email address' });
  });

  it('binds an email to the signed-in user with a mailed code', async () => {
    const { user, cookie } = await signedInUser(t, 'dave');
    await askCode('dave@example.com');
    const code = codeIn((await sink.next('dave@example.com')).text);
    expect(await get(`/api/oauth/email/bind?email=dave%40example.com&code=${code}`, cookie)).toMatchObject({ success: true });
    const row = await t.ctx.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email).toBe('dave@example.com');
    expect(await get(`/api/oauth/email/bind?email=dave%40example.com&code=${code}`, cookie)).toMatchObject({ success: false });
  });
});
