import { fail } from '../../http/errors.js';
import { readFile } from 'node:fs/promises';
import type { Config } from '../../config.js';
import { isSmtpConfigured, readSmtpSettings, senderOf, transportOptions, type OptionReader, type SmtpTls } from './mail-transport.js';

export interface Mail {
  to: string;
  subject: string;
  html: string;
}

export const canSendMail = (options: OptionReader): boolean => isSmtpConfigured(readSmtpSettings(options));

/** Where mail goes: the SMTP options (changed at run time) and the certificate checks (environment). */
export interface MailSettings {
  options: OptionReader;
  config: Pick<Config, 'SMTP_CA_FILE' | 'SMTP_INSECURE_SKIP_VERIFY'>;
}

/** The certificate checks, the CA file read at each mail so that a renewed file needs no restart. */
async function smtpTls(config: MailSettings['config']): Promise<SmtpTls> {
  if (config.SMTP_INSECURE_SKIP_VERIFY || !config.SMTP_CA_FILE) return { insecure: config.SMTP_INSECURE_SKIP_VERIFY };
  try {
    return { ca: await readFile(config.SMTP_CA_FILE, 'utf8'), insecure: false };
  } catch (error) {
    throw fail('mail.ca_file_unreadable', { path: config.SMTP_CA_FILE, detail: (error as Error).message });
  }
}

/**
 * Sends one mail with the SMTP options as they are now; a transport is built per mail because the
 * options can change at any time and mail is rare.
 */
export async function sendMail({ options, config }: MailSettings, mail: Mail): Promise<void> {
  const settings = readSmtpSettings(options);
  if (!isSmtpConfigured(settings)) throw fail('mail.smtp_not_configured');
  const tls = await smtpTls(config);
  // Loaded on first mail: most nodes never send one.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(transportOptions(settings, tls));
  try {
    await transport.sendMail({ from: senderOf(settings), to: mail.to, subject: mail.subject, html: mail.html });
  } catch (error) {
    // The SMTP server's own words (auth refused, relay denied...) tell the administrator what to fix.
    throw fail('mail.send_failed', { detail: error instanceof Error ? error.message : String(error) });
  } finally {
    transport.close();
  }
}
