import { describe, expect, it } from 'vitest';
import { validateRegistration } from './validate-registration';

const valid = { username: 'alice', password: 'password1', password2: 'password1' };
const noTurnstile = { required: false, token: '' };

describe('validateRegistration', () => {
  it('accepts a complete registration', () => {
    expect(validateRegistration(valid, noTurnstile)).toBeUndefined();
  });

  it('requires username and password', () => {
    expect(validateRegistration({ ...valid, username: '' }, noTurnstile)).toBe('userMessages.usernameRequired');
    expect(validateRegistration({ ...valid, username: '   ' }, noTurnstile)).toBe('userMessages.usernameRequired');
    expect(validateRegistration({ ...valid, password: '' }, noTurnstile)).toBe('userMessages.usernameRequired');
  });

  it('rejects a password shorter than 8', () => {
    expect(validateRegistration({ ...valid, password: 'short12', password2: 'short12' }, noTurnstile)).toBe(
      'userMessages.passwordTooShort',
    );
    expect(validateRegistration({ ...valid, password: '12345678', password2: '12345678' }, noTurnstile)).toBeUndefined();
  });

  it('does not enforce the 20-character maximum of the placeholder', () => {
    const long = 'x'.repeat(30);
    expect(validateRegistration({ ...valid, password: long, password2: long }, noTurnstile)).toBeUndefined();
  });

  it('rejects differing passwords', () => {
    expect(validateRegistration({ ...valid, password2: 'password2' }, noTurnstile)).toBe('userMessages.passwordsDiffer');
  });

  it('waits for the Turnstile token when the check is on', () => {
    expect(validateRegistration(valid, { required: true, token: '' })).toBe('register.turnstileChecking');
    expect(validateRegistration(valid, { required: true, token: 'token' })).toBeUndefined();
  });
});
