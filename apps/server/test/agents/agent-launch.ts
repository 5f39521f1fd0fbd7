/**
 * How each coding agent runs headless against a gateway: its command line, environment and config files
 * (relative to its throwaway HOME). Every switch that would reach the network (telemetry, update checks,
 * model catalogues, plugin installs) is off, checked by tracing the agents' connections: the only server an
 * agent talks to is the gateway.
 */
export type AgentName = 'claude-code' | 'codex' | 'gemini-cli' | 'opencode' | 'opencode-anthropic' | 'qwen-code';

/** Where the agent sends its model calls: Tollgate's URL (no /v1), a Tollgate key (`sk-...`) and the model. */
export interface Gateway {
  url: string;
  key: string;
  model: string;
}

export interface Launch {
  /** The name in node_modules/.bin. */
  bin: string;
  args: string[];
  env: Record<string, string>;
  files: Record<string, string>;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export const launches: Record<AgentName, (gateway: Gateway, prompt: string) => Launch> = {
  'claude-code': ({ url, key, model }, prompt) => ({
    bin: 'claude',
    args: ['-p', prompt, '--model', model, '--dangerously-skip-permissions', '--output-format', 'text'],
    env: {
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_AUTH_TOKEN: key,
      // Nonessential traffic is telemetry, update checks and the session-title request (which goes to the
      // gateway, but with a DNS lookup for telemetry alongside).
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      // As root, --dangerously-skip-permissions is refused outside a declared sandbox.
      IS_SANDBOX: '1',
    },
    files: {},
  }),

  codex: ({ url, key, model }, prompt) => ({
    bin: 'codex',
    args: ['exec', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', '-m', model, prompt],
    env: { TOLLGATE_KEY: key },
    files: {
      // Analytics posts to chatgpt.com; plugins sync their catalogue from GitHub.
      '.codex/config.toml': [
        'model_provider = "tollgate"',
        'check_for_update_on_startup = false',
        '[analytics]',
        'enabled = false',
        '[features]',
        'plugins = false',
        '[model_providers.tollgate]',
        'name = "Tollgate"',
        `base_url = "${url}/v1"`,
        'env_key = "TOLLGATE_KEY"',
        'wire_api = "responses"',
        '',
      ].join('\n'),
    },
  }),

  'gemini-cli': ({ url, key, model }, prompt) => ({
    bin: 'gemini',
    args: ['-p', prompt, '-m', model, '--yolo'],
    env: { GEMINI_API_KEY: key, GOOGLE_GEMINI_BASE_URL: url },
    files: {
      // Without the auth type it stops with "Invalid auth method selected"; an untrusted folder disables --yolo.
      '.gemini/settings.json': json({
        security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
        privacy: { usageStatisticsEnabled: false },
        general: { disableAutoUpdate: true },
        telemetry: { enabled: false },
      }),
    },
  }),

  opencode: (gateway, prompt) => opencode(gateway, prompt, '@ai-sdk/openai-compatible'),
  // The Anthropic provider speaks Messages (x-api-key) to the same /v1 base URL.
  'opencode-anthropic': (gateway, prompt) => opencode(gateway, prompt, '@ai-sdk/anthropic'),

  'qwen-code': ({ url, key, model }, prompt) => ({
    bin: 'qwen',
    args: ['-p', prompt, '--yolo'],
    env: { OPENAI_BASE_URL: `${url}/v1`, OPENAI_API_KEY: key, OPENAI_MODEL: model, QWEN_CODE_SUPPRESS_YOLO_WARNING: '1' },
    files: {
      // Usage statistics go to Alibaba Cloud's RUM; managed memory adds a model call after the answer. Headless,
      // Qwen Code runs commands without a terminal, and there it resolves on the process's exit before reading
      // the last of its output: on a busy machine a quick command reports "Output: (empty)". Its terminal
      // (node-pty, prebuilt) reads everything.
      '.qwen/settings.json': json({
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        memory: { enableManagedAutoMemory: false },
        tools: { shell: { enableInteractiveShell: true } },
      }),
    },
  }),
};

/** opencode with one provider, by its AI SDK package: both used here ship inside opencode, nothing is downloaded. */
function opencode({ url, key, model }: Gateway, prompt: string, sdk: '@ai-sdk/openai-compatible' | '@ai-sdk/anthropic'): Launch {
  return {
    bin: 'opencode',
    args: ['run', '-m', `tollgate/${model}`, prompt],
    env: {
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      // Else it fetches its model catalogue from models.dev.
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      // It installs @opencode-ai/plugin into its config folder from the npm registry in the background;
      // offline, that install fails at once (a logged warning) and the run goes on.
      npm_config_offline: 'true',
    },
    files: {
      '.config/opencode/opencode.json': json({
        autoupdate: false,
        share: 'disabled',
        permission: { bash: 'allow', edit: 'allow' },
        provider: { tollgate: { npm: sdk, name: 'Tollgate', options: { baseURL: `${url}/v1`, apiKey: key }, models: { [model]: { name: model } } } },
      }),
    },
  };
}
