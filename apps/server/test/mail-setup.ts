import type { OptionsStore } from '../src/options/options.store.js';

/** Points a test server's SMTP options at a local sink: no account, so no AUTH and no TLS. */
export async function useSmtpSink(options: OptionsStore, port: number): Promise<void> {
  await options.set('SMTPServer', '127.0.0.1');
  await options.set('SMTPPort', String(port));
  await options.set('SMTPFrom', 'tollgate@example.com');
}

/** The 6-character code of a verification mail. */
export function codeIn(text: string): string {
  const code = /verification code is: <strong>([0-9a-f]{6})<\/strong>/.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail: ${text}`);
  return code;
}

/** The email and token of the reset link in a password reset mail. */
export function resetLinkIn(text: string): URL {
  const link = /href="([^"]+\/user\/reset\?[^"]+)"/.exec(text)?.[1];
  if (!link) throw new Error(`no reset link in mail: ${text}`);
  return new URL(link.replaceAll('&amp;', '&'));
}
