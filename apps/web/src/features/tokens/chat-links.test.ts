import { describe, expect, it } from 'vitest';
import { chatLinkFor, fullKey, serverAddressOf } from './chat-links';

const key = 'abc123';
const withLink = { chatLink: 'https://chat.example.com', serverAddress: 'https://api.example.com' };
const withoutLink = { chatLink: '', serverAddress: 'https://api.example.com' };

describe('chat links', () => {
  it('prefixes the key with sk-', () => {
    expect(fullKey(key)).toBe('sk-abc123');
  });

  it('builds the NextChat link from the chat link, or the public client without one', () => {
    expect(chatLinkFor('next', key, withLink)).toBe('https://chat.example.com/#/?settings={"key":"sk-abc123","url":"https://api.example.com"}');
    expect(chatLinkFor('next', key, withoutLink)).toBe('https://app.nextchat.dev/#/?settings={"key":"sk-abc123","url":"https://api.example.com"}');
  });

  it('builds the BotGem (ama) link with the server URL-encoded', () => {
    expect(chatLinkFor('ama', key, withLink)).toBe('ama://set-api-key?server=https%3A%2F%2Fapi.example.com&key=sk-abc123');
  });

  it('builds the OpenCat team link', () => {
    expect(chatLinkFor('opencat', key, withLink)).toBe('opencat://team/join?domain=https%3A%2F%2Fapi.example.com&token=sk-abc123');
  });

  it('builds the LobeChat link with the /v1 base URL', () => {
    expect(chatLinkFor('lobechat', key, withLink)).toBe(
      'https://chat.example.com/?settings={"keyVaults":{"openai":{"apiKey":"sk-abc123","baseURL":"https://api.example.com/v1"}}}',
    );
    expect(chatLinkFor('lobechat', key, withoutLink)).toMatch(/^https:\/\/chat-preview\.lobehub\.com\/\?settings=/);
  });

  it('takes the server address from the status, else the page origin, without a trailing slash', () => {
    expect(serverAddressOf('https://api.example.com/', 'http://localhost:3000')).toBe('https://api.example.com');
    expect(serverAddressOf('', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(serverAddressOf(undefined, 'http://localhost:3000')).toBe('http://localhost:3000');
  });
});
