import { describe, expect, it } from 'vitest';
import { changedOptions } from './option-diff';

describe('changedOptions', () => {
  const original = { SMTPServer: 'smtp.a.com', SMTPPort: '587', SMTPToken: '', ServerAddress: 'https://a.com', GitHubClientSecret: '' };

  it('sends only the fields that changed', () => {
    expect(changedOptions(original, { SMTPServer: 'smtp.b.com', SMTPPort: '587' })).toEqual([{ key: 'SMTPServer', value: 'smtp.b.com' }]);
    expect(changedOptions(original, { SMTPServer: 'smtp.a.com' })).toEqual([]);
  });

  it('sends a secret only when one was typed', () => {
    expect(changedOptions(original, { SMTPToken: '', GitHubClientSecret: '' })).toEqual([]);
    expect(changedOptions(original, { SMTPToken: 'new-token' })).toEqual([{ key: 'SMTPToken', value: 'new-token' }]);
  });

  it('removes the trailing slash of addresses before comparing and sending', () => {
    expect(changedOptions(original, { ServerAddress: 'https://a.com/' })).toEqual([]);
    expect(changedOptions(original, { ServerAddress: 'https://b.com/' })).toEqual([{ key: 'ServerAddress', value: 'https://b.com' }]);
  });

  it('treats an option the server did not list as empty', () => {
    expect(changedOptions({}, { Footer: '' })).toEqual([]);
    expect(changedOptions({}, { Footer: 'hi' })).toEqual([{ key: 'Footer', value: 'hi' }]);
  });
});
