import { fail } from '../../http/errors.js';
import { isSmtpConfigured, readSmtpSettings, senderOf, transportOptions, type OptionReader } from './mail-transport.js';

export interface Mail {
  to: string;
  subject: string;
  html: string;
}

export const SMTP_NOT_CONFIGURED = 'the administrator has not configured SMTP: no email can be sent';

export const canSendMail = (options: OptionReader): boolean => isSmtpConfigured(readSmtpSettings(options));

/**
 * Sends one mail with the SMTP options as they are now; a transport is built per mail because the
 * options can change at any time and mail is rare.
 */
export async function sendMail(options: OptionReader, mail: Mail): Promise<void> {
  const settings = readSmtpSettings(options);
  if (!isSmtpConfigured(settings)) throw fail(SMTP_NOT_CONFIGURED, 'smtp_not_configured');
  // Loaded on first mail: most nodes never send one.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(transportOptions(settings));
  try {
    await transport.sendMail({ from: senderOf(settings), to: mail.to, subject: mail.subject, html: mail.html });
  } catch (error) {
    // The SMTP server's own words (auth refused, relay denied...) tell the administrator what to fix.
    throw fail(`could not send the email: ${error instanceof Error ? error.message : String(error)}`, 'mail_failed');
  } finally {
    transport.close();
  }
}
