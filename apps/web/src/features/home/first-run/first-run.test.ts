import { describe, expect, it } from 'vitest';
import { CLIENT_SNIPPETS, clientSnippet, snippetModel } from './client-snippets';
import { firstRunProgress } from './first-run-progress';

const channel = (models: string, status = 1) => ({ models, status });
const token = (id: number, key: string, status = 1) => ({ id, key, status });

describe('the first-run checklist', () => {
  it('starts at the channel on a fresh database', () => {
    const progress = firstRunProgress({ channels: [], tokens: [], hasConsumeLog: false });
    expect(progress).toMatchObject({ allDone: false, current: 'channel', key: undefined, models: [] });
    expect(progress.done).toEqual({ channel: false, key: false, request: false, log: false });
  });

  it('moves on to the key, then the request, and is done once a request was logged', () => {
    const channels = [channel('gpt-4o-mini')];
    expect(firstRunProgress({ channels, tokens: [], hasConsumeLog: false }).current).toBe('key');
    expect(firstRunProgress({ channels, tokens: [token(1, 'abc')], hasConsumeLog: false }).current).toBe('request');
    const done = firstRunProgress({ channels, tokens: [token(1, 'abc')], hasConsumeLog: true });
    expect(done).toMatchObject({ allDone: true, current: undefined });
  });

  it('offers the newest enabled key in full, as the key list copies it', () => {
    const tokens = [token(3, 'newest-disabled', 2), token(2, 'newer'), token(1, 'older')];
    expect(firstRunProgress({ channels: [], tokens, hasConsumeLog: false }).key).toBe('sk-newer');
    expect(firstRunProgress({ channels: [], tokens: [token(4, 'only', 2)], hasConsumeLog: false }).key).toBe('sk-only');
  });

  it('lists the models of the enabled channels, newest channel first, each once', () => {
    const channels = [channel('off-model', 2), channel('claude-sonnet-4-5, gpt-4o-mini'), channel('gpt-4o-mini,gemini-2.5-flash')];
    expect(firstRunProgress({ channels, tokens: [], hasConsumeLog: false }).models).toEqual(['claude-sonnet-4-5', 'gpt-4o-mini', 'gemini-2.5-flash']);
    // With every channel disabled, their models are still the ones to show.
    expect(firstRunProgress({ channels: [channel('off-model', 2)], tokens: [], hasConsumeLog: false }).models).toEqual(['off-model']);
  });
});

describe('the first-request snippets', () => {
  const context = { baseUrl: 'https://gw.example.com', key: 'sk-test', models: ['gpt-4o-mini', 'claude-sonnet-4-5', 'claude-haiku-4-5', 'gemini-2.5-flash'] };

  it('give each client a model of its own family when a channel serves one, else the first', () => {
    expect(snippetModel('curl', context.models)).toBe('gpt-4o-mini');
    expect(snippetModel('claude-code', context.models)).toBe('claude-sonnet-4-5');
    expect(snippetModel('gemini-cli', context.models)).toBe('gemini-2.5-flash');
    expect(snippetModel('codex', ['claude-sonnet-4-5'])).toBe('claude-sonnet-4-5');
    expect(snippetModel('curl', [])).toBe('MODEL');
  });

  it('fill every snippet with this server, the key and a model', () => {
    for (const snippet of CLIENT_SNIPPETS) {
      const text = clientSnippet(snippet, context);
      expect(text, snippet).toContain('https://gw.example.com');
      expect(text, snippet).toContain('sk-test');
    }
    expect(clientSnippet('curl', context)).toContain('https://gw.example.com/v1/chat/completions');
    expect(clientSnippet('openai-python', context)).toContain('base_url="https://gw.example.com/v1"');
    expect(clientSnippet('openai-js', context)).toContain("baseURL: 'https://gw.example.com/v1'");
  });

  it('set the agents up as they run against a gateway (reference/agents.md)', () => {
    // Claude Code and the Anthropic SDK: the address without /v1; the key as a bearer token.
    const claude = clientSnippet('claude-code', context);
    expect(claude).toContain('export ANTHROPIC_BASE_URL=https://gw.example.com\n');
    expect(claude).toContain('export ANTHROPIC_AUTH_TOKEN=sk-test');
    expect(claude).toContain('export ANTHROPIC_MODEL=claude-sonnet-4-5');
    expect(claude).toContain('export ANTHROPIC_DEFAULT_HAIKU_MODEL=claude-haiku-4-5');
    expect(clientSnippet('anthropic-python', context)).toContain('Anthropic(base_url="https://gw.example.com", api_key="sk-test")');
    // Codex: a provider of its own on the Responses API, its key from the environment.
    const codex = clientSnippet('codex', context);
    expect(codex).toContain('export TOLLGATE_API_KEY=sk-test');
    expect(codex).toContain('base_url="https://gw.example.com/v1",env_key="TOLLGATE_API_KEY",wire_api="responses"');
    expect(codex).toContain('-m gpt-4o-mini');
    // Gemini CLI: its base URL and key variables, and the API-key sign-in it needs.
    const gemini = clientSnippet('gemini-cli', context);
    expect(gemini).toContain('export GOOGLE_GEMINI_BASE_URL=https://gw.example.com\n');
    expect(gemini).toContain('export GEMINI_API_KEY=sk-test');
    expect(gemini).toContain('"selectedType": "gemini-api-key"');
    expect(gemini).toContain('gemini -m gemini-2.5-flash');
  });

  it('point Claude Code’s background model at the main one when no Haiku is served', () => {
    expect(clientSnippet('claude-code', { ...context, models: ['my-model'] })).toContain('export ANTHROPIC_DEFAULT_HAIKU_MODEL=my-model');
  });
});
