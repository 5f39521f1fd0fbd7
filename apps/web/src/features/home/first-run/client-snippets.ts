/**
 * Copy-paste snippets that send a first request through this gateway, one per client people point at it.
 * The agents' settings are the ones verified headless against a gateway (reference/agents.md): Claude Code
 * takes the address without /v1 and the key as a bearer token; Codex needs a provider of its own speaking
 * the Responses API; Gemini CLI needs its API-key sign-in chosen in ~/.gemini/settings.json.
 */
export const CLIENT_SNIPPETS = ['curl', 'openai-python', 'openai-js', 'anthropic-python', 'claude-code', 'codex', 'gemini-cli'] as const;
export type ClientSnippet = (typeof CLIENT_SNIPPETS)[number];

export const CLIENT_SNIPPET_LABELS: Record<ClientSnippet, string> = {
  curl: 'curl',
  'openai-python': 'OpenAI SDK (Python)',
  'openai-js': 'OpenAI SDK (JS)',
  'anthropic-python': 'Anthropic SDK (Python)',
  'claude-code': 'Claude Code',
  codex: 'Codex CLI',
  'gemini-cli': 'Gemini CLI',
};

export interface SnippetContext {
  /** The gateway's address without a trailing slash (ServerAddress, else the console's origin). */
  baseUrl: string;
  /** The full key (`sk-...`), or a placeholder before one exists. */
  key: string;
  /** The models the channels serve; each client gets one of its own family when there is one. */
  models: readonly string[];
}

/** Placeholders shown before a channel or a key exists. */
export const KEY_PLACEHOLDER = 'sk-...';
const MODEL_PLACEHOLDER = 'MODEL';

/** The model families each client is usually run with; any served model works (the gateway converts). */
const FAMILY: Partial<Record<ClientSnippet, RegExp>> = {
  'anthropic-python': /^claude/,
  'claude-code': /^claude/,
  codex: /^(gpt|o\d|codex)/,
  'gemini-cli': /^gemini/,
};

export function snippetModel(snippet: ClientSnippet, models: readonly string[]): string {
  const family = FAMILY[snippet];
  return (family && models.find((model) => family.test(model))) ?? models[0] ?? MODEL_PLACEHOLDER;
}

const TEXT = 'Hello';

export function clientSnippet(snippet: ClientSnippet, { baseUrl, key, models }: SnippetContext): string {
  const model = snippetModel(snippet, models);
  switch (snippet) {
    case 'curl':
      return [
        `curl ${baseUrl}/v1/chat/completions \\`,
        `  -H "Authorization: Bearer ${key}" \\`,
        '  -H "Content-Type: application/json" \\',
        `  -d '{"model": "${model}", "messages": [{"role": "user", "content": "${TEXT}"}]}'`,
      ].join('\n');
    case 'openai-python':
      return [
        'from openai import OpenAI',
        '',
        `client = OpenAI(base_url="${baseUrl}/v1", api_key="${key}")`,
        `reply = client.chat.completions.create(model="${model}", messages=[{"role": "user", "content": "${TEXT}"}])`,
        'print(reply.choices[0].message.content)',
      ].join('\n');
    case 'openai-js':
      return [
        "import OpenAI from 'openai';",
        '',
        `const client = new OpenAI({ baseURL: '${baseUrl}/v1', apiKey: '${key}' });`,
        `const reply = await client.chat.completions.create({ model: '${model}', messages: [{ role: 'user', content: '${TEXT}' }] });`,
        'console.log(reply.choices[0].message.content);',
      ].join('\n');
    case 'anthropic-python':
      return [
        'from anthropic import Anthropic',
        '',
        `client = Anthropic(base_url="${baseUrl}", api_key="${key}")`,
        `reply = client.messages.create(model="${model}", max_tokens=1024, messages=[{"role": "user", "content": "${TEXT}"}])`,
        'print(reply.content[0].text)',
      ].join('\n');
    case 'claude-code':
      return [
        `export ANTHROPIC_BASE_URL=${baseUrl}`,
        `export ANTHROPIC_AUTH_TOKEN=${key}`,
        `export ANTHROPIC_MODEL=${model}`,
        '# Claude Code runs small background tasks on a Haiku model: point them at a model this gateway serves.',
        `export ANTHROPIC_DEFAULT_HAIKU_MODEL=${models.find((name) => /^claude.*haiku/.test(name)) ?? model}`,
        `claude -p "${TEXT}"`,
      ].join('\n');
    case 'codex':
      return [
        `export TOLLGATE_API_KEY=${key}`,
        `codex exec -m ${model} -c model_provider=tollgate \\`,
        `  -c 'model_providers.tollgate={name="Tollgate",base_url="${baseUrl}/v1",env_key="TOLLGATE_API_KEY",wire_api="responses"}' \\`,
        `  "${TEXT}"`,
      ].join('\n');
    case 'gemini-cli':
      return [
        '# Once: choose API-key sign-in (~/.gemini/settings.json), or Gemini CLI stops with "Invalid auth method selected".',
        `#   {"security": {"auth": {"selectedType": "gemini-api-key"}}}`,
        `export GOOGLE_GEMINI_BASE_URL=${baseUrl}`,
        `export GEMINI_API_KEY=${key}`,
        `gemini -m ${model} -p "${TEXT}"`,
      ].join('\n');
  }
}
