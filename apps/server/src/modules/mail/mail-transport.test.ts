import { describe, expect, it } from 'vitest';
import { isSmtpConfigured, senderOf, transportOptions, type SmtpSettings } from './mail-transport.js';

const base: SmtpSettings = { server: 'smtp.example.com', port: 587, account: 'bot@example.com', token: 'secret', from: '' };

describe('the SMTP transport options', () => {
  it('uses implicit TLS on port 465', () => {
    expect(transportOptions({ ...base, port: 465 })).toMatchObject({ host: 'smtp.example.com', port: 465, secure: true });
  });

  it('starts in clear text and upgrades with STARTTLS on 587 and other ports', () => {
    expect(transportOptions(base)).toMatchObject({ port: 587, secure: false });
    expect(transportOptions({ ...base, port: 25 })).toMatchObject({ port: 25, secure: false });
  });

  it('authenticates with the account and token when both are set', () => {
    expect(transportOptions(base).auth).toEqual({ user: 'bot@example.com', pass: 'secret' });
  });

  it('sends no AUTH without credentials', () => {
    expect(transportOptions({ ...base, account: '', token: '' }).auth).toBeUndefined();
    expect(transportOptions({ ...base, token: '' }).auth).toBeUndefined();
  });

  it('sends from SMTPFrom, else from the account', () => {
    expect(senderOf(base)).toBe('bot@example.com');
    expect(senderOf({ ...base, from: 'Tollgate <noreply@example.com>' })).toBe('Tollgate <noreply@example.com>');
  });

  it('is configured only with a server and a sender', () => {
    expect(isSmtpConfigured(base)).toBe(true);
    expect(isSmtpConfigured({ ...base, server: '' })).toBe(false);
    expect(isSmtpConfigured({ ...base, account: '', from: '' })).toBe(false);
  });
});
