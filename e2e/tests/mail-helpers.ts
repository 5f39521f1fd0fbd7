import type { AddressInfo } from 'node:net';
import { expect, type APIRequestContext } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { dataOf } from './user-helpers.js';

/** A local SMTP server (no auth, no TLS) that keeps the decoded text of every mail, by recipient. */
export async function startSmtpSink(): Promise<{ port: number; textTo: (to: string) => Promise<string>; stop: () => Promise<void> }> {
  const mails: Array<{ to: string[]; text: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Quoted-printable undone, enough to read a code or a link.
        const text = Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const textTo = async (to: string) => {
    await expect.poll(() => mails.some((m) => m.to.includes(to))).toBe(true);
    const index = mails.findIndex((m) => m.to.includes(to));
    return mails.splice(index, 1)[0]?.text ?? '';
  };
  return { port: (server.server.address() as AddressInfo).port, textTo, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Saves options one by one, in the order given (SMTP before the switches that need it). */
export async function saveOptions(root: APIRequestContext, options: Array<[string, string]>): Promise<void> {
  for (const [key, value] of options) await dataOf(await root.put('/api/option/', { data: { key, value } }));
}

/** The 6-character code of a verification mail. */
export const codeIn = (mail: string): string => /verification code is: <strong>([0-9a-f]{6})<\/strong>/.exec(mail)?.[1] ?? '';
