import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message with quoted-printable undone, enough to find a code or a link in it. */
  text: string;
}

/** A real SMTP server on a random local port, without auth or TLS, keeping every mail it receives. */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private readonly waiters: Array<() => void> = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        this.mails.push({ to, text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')) });
        this.waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.port;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  /** The next mail to `to` not yet taken by an earlier call, waiting up to 5 s for it. */
  async next(to: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const index = this.mails.findIndex((m) => m.to.includes(to));
      if (index >= 0) return this.mails.splice(index, 1)[0] as ReceivedMail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
