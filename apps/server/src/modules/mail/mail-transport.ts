import { rootCertificates } from 'node:tls';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/** The SMTP options as the console saves them (SMTPServer, SMTPPort, SMTPAccount, SMTPToken, SMTPFrom). */
export interface SmtpSettings {
  server: string;
  port: number;
  account: string;
  token: string;
  from: string;
}

export interface OptionReader {
  str(key: string): string;
  num(key: string): number;
}

export function readSmtpSettings(options: OptionReader): SmtpSettings {
  return {
    server: options.str('SMTPServer').trim(),
    port: options.num('SMTPPort') || 587,
    account: options.str('SMTPAccount').trim(),
    token: options.str('SMTPToken'),
    from: options.str('SMTPFrom').trim(),
  };
}

/** How the SMTP server's certificate is checked (SMTP_CA_FILE, SMTP_INSECURE_SKIP_VERIFY). */
export interface SmtpTls {
  /** PEM certificates trusted besides the system's. */
  ca?: string;
  insecure: boolean;
}

/** Mail can go out once a server is set; the sender falls back to the account, as in one-api. */
export const isSmtpConfigured = (s: SmtpSettings): boolean => s.server !== '' && (s.from !== '' || s.account !== '');

export const senderOf = (s: SmtpSettings): string => s.from || s.account;

/**
 * Port 465 speaks TLS from the first byte; every other port starts in clear text and upgrades with
 * STARTTLS when the server offers it. Servers without credentials (a local relay) get no AUTH at all.
 */
export function transportOptions(s: SmtpSettings, tls: SmtpTls = { insecure: false }): SMTPTransport.Options {
  return {
    host: s.server,
    port: s.port,
    secure: s.port === 465,
    ...tlsOptions(tls),
    ...(s.account && s.token ? { auth: { user: s.account, pass: s.token } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** A private CA is added to the system's (Node replaces them when `ca` is given alone). */
function tlsOptions(tls: SmtpTls): Pick<SMTPTransport.Options, 'tls'> {
  if (tls.insecure) return { tls: { rejectUnauthorized: false } };
  if (tls.ca) return { tls: { ca: [...rootCertificates, tls.ca] } };
  return {};
}
