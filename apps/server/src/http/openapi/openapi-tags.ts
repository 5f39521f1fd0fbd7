/** The document's groups, in the order the reference page lists them; a route's `tag` must be one of these. */
export const OPENAPI_TAGS = [
  { name: 'Status', description: 'What the console reads before anyone signs in: the site settings, notice, about page.' },
  { name: 'Account', description: 'Signing up, in and out, the signed-in user\'s own account, password reset and e-mail verification.' },
  { name: 'Sign-in providers', description: 'GitHub, OIDC, Lark and WeChat sign-in, and binding them to an account.' },
  { name: 'Keys', description: 'The signed-in user\'s relay keys (`sk-…`).' },
  { name: 'Top-up', description: 'Redeeming codes and administrators\' top-ups.' },
  { name: 'Redemption codes', description: 'Administrators\' redemption codes.' },
  { name: 'Users', description: 'Administrators\' user management.' },
  { name: 'Channels', description: 'Upstream channels: their settings, tests, balances, models and health.' },
  { name: 'Models and pricing', description: 'The model catalog, prices and price sources.' },
  { name: 'Groups', description: 'User groups and their ratios.' },
  { name: 'Logs', description: 'Usage and error logs, their statistics and exports.' },
  { name: 'Analytics', description: 'Usage rollups: summaries, top lists, channel health, exports.' },
  { name: 'Options', description: 'The operator\'s settings.' },
  { name: 'Configuration', description: 'Exporting and importing the whole configuration.' },
  { name: 'API description', description: 'This document and its reference page.' },
  { name: 'OpenAI', description: 'The OpenAI-compatible relay at /v1: send a key as `Authorization: Bearer sk-…`. Bodies are OpenAI\'s; the server passes on fields it does not read.' },
  { name: 'Anthropic', description: 'Anthropic\'s Messages API at /v1/messages: the key in `x-api-key` or as a bearer token.' },
  { name: 'Gemini', description: 'Google\'s Gemini API at /v1beta (and /v1): the key in `x-goog-api-key`, `?key=` or as a bearer token.' },
  { name: 'Billing emulation', description: 'OpenAI\'s old billing endpoints, answered from the key\'s quota (what one-api served).' },
  { name: 'Operations', description: 'Probes and the Prometheus scrape.' },
] as const;

export type OpenApiTag = (typeof OPENAPI_TAGS)[number]['name'];
