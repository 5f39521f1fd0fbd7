import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { eventually } from '../../../test/eventually.js';
import { FakeHttp } from '../../../test/fake-http.js';
import { useSmtpSink } from '../../../test/mail-setup.js';
import { SmtpSink } from '../../../test/smtp-sink.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { addUser } from '../../../test/users.js';
import { crossingOf, QuotaReminder } from './quota-reminder.js';

describe('crossingOf', () => {
  it('sees a fall to or below the threshold, and running out, only when the line is crossed', () => {
    expect(crossingOf(1500, 1000, 1000)).toBe('low');
    expect(crossingOf(1500, 0, 1000)).toBe('exhausted');
    expect(crossingOf(900, 800, 1000)).toBeUndefined();
    expect(crossingOf(0, -5, 1000)).toBeUndefined();
    expect(crossingOf(2000, 1500, 1000)).toBeUndefined();
  });
});

describe.each(databaseKinds)('root notifications and quota reminders on %s', (kind) => {
  let t: TestApp;
  const sink = new SmtpSink();
  const pusher = new FakeHttp();
  let pusherUrl = '';
  beforeAll(async () => {
    t = await buildTestApp(kind, { BATCH_UPDATE_INTERVAL: '3600' });
    await useSmtpSink(t.ctx.options, await sink.start());
    pusherUrl = await pusher.start();
    await t.ctx.db.updateTable('users').set({ email: 'root@example.com' }).where('username', '=', 'root').execute();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([sink.close(), pusher.close()]);
  });

  it('posts {title, description, content, token} to the message pusher', async () => {
    await t.ctx.options.set('MessagePusherAddress', pusherUrl);
    await t.ctx.options.set('MessagePusherToken', 'push-token');
    pusher.reply = { success: true };
    await t.ctx.notifyRoot('channel disabled', 'channel #3 was disabled');
    expect(JSON.parse(pusher.received.at(-1) ?? '{}')).toEqual({ title: 'channel disabled', description: 'channel #3 was disabled', content: 'channel #3 was disabled', token: 'push-token' });
    expect(sink.mails).toEqual([]);
  });

  it('mails root when the pusher refuses', async () => {
    pusher.reply = { success: false, message: 'bad token' };
    await t.ctx.notifyRoot('channel disabled', 'channel #4 was disabled');
    expect((await sink.next('root@example.com')).text).toContain('channel #4 was disabled');
  });

  it('mails root when no pusher is set, and only logs when mail is not configured either', async () => {
    await t.ctx.options.set('MessagePusherAddress', '');
    await t.ctx.notifyRoot('channel enabled', 'channel #5 is back');
    expect((await sink.next('root@example.com')).text).toContain('channel #5 is back');
    await t.ctx.options.set('SMTPServer', '');
    await expect(t.ctx.notifyRoot('quiet', 'nobody hears this')).resolves.toBeUndefined();
    await t.ctx.options.set('SMTPServer', '127.0.0.1');
  });

  it('mails a quota reminder once when a settlement crosses the threshold, and again when quota runs out', async () => {
    await t.ctx.options.set('QuotaRemindThreshold', '1000');
    await t.ctx.options.set('ServerAddress', 'https://gw.example.com');
    const user = await addUser(t, 'spender', { email: 'spender@example.com', quota: 1200 });
    // The reminder checks each flushed batch off the flush's path; its check ends once its mail is sent.
    const checks = vi.spyOn(QuotaReminder.prototype, 'check');
    const settle = async (charged: number) => {
      const before = checks.mock.results.length;
      // What the reservation took on the request path, then the settlement the relay records.
      await t.ctx.db.updateTable('users').set({ quota: user.quota - charged }).where('id', '=', user.id).execute();
      user.quota -= charged;
      t.ctx.relay.usage.record({ reservation: { userId: user.id, tokenId: 0, unlimitedToken: true, amount: charged }, charged, counted: true, channelId: 0 });
      await t.ctx.relay.usage.flush();
      await eventually(() => checks.mock.results.length > before);
      await checks.mock.results.at(-1)?.value;
    };
    await settle(300);
    const mail = await sink.next('spender@example.com');
    expect(mail.text).toContain('running low');
    expect(mail.text).toContain('https://gw.example.com/topup');
    await settle(100);
    expect(sink.mails.filter((m) => m.to.includes('spender@example.com'))).toEqual([]);
    await settle(800);
    expect((await sink.next('spender@example.com')).text).toContain('run out');
    checks.mockRestore();
  });
});
