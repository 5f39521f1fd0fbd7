/**
 * Which Spark service a model name stands for: the API version, its `domain` and its websocket path
 * (reference providers.md 9.1, one-api.md 2.3). The channel's `other` field is the API version to use
 * when the model name does not tell it.
 * Docs: https://www.xfyun.cn/doc/spark/Web.html
 */
export interface SparkService {
  version: string;
  domain: string;
  path: string;
}

const VERSION_BY_MODEL: Record<string, string> = {
  'spark-lite': 'v1.1',
  'spark-pro': 'v3.1',
  'spark-pro-128k': 'v3.1-128K',
  'spark-max': 'v3.5',
  'spark-max-32k': 'v3.5-32K',
  'spark-4.0-ultra': 'v4.0',
};

/** The domains by version; v2.1 is retired at iFlytek but still named by older one-api model lists. */
const DOMAIN_BY_VERSION: Record<string, string> = {
  'v1.1': 'lite',
  'v2.1': 'generalv2',
  'v3.1': 'generalv3',
  'v3.1-128K': 'pro-128k',
  'v3.5': 'generalv3.5',
  'v3.5-32K': 'max-32k',
  'v4.0': '4.0Ultra',
};

/** The long-context services live under `/chat/<domain>`, not `/<version>/chat`. */
const PATH_BY_VERSION: Record<string, string> = {
  'v3.1-128K': '/chat/pro-128k',
  'v3.5-32K': '/chat/max-32k',
};

/** Domains that take `functions` (one-api's list; the lite and long-context services do not). */
const FUNCTION_DOMAINS = new Set(['generalv3', 'generalv3.5', '4.0Ultra']);

const normalize = (version: string) => version.trim().replace(/-(\d+)k$/i, '-$1K').replace(/^(\d)/, 'v$1');

/** The model's own version (`Spark-Max`, or one-api's older `SparkDesk-v3.5`), else the channel's, else Lite. */
export function sparkService(model: string, channelVersion: string): SparkService {
  const suffix = /-(v\d+(?:\.\d+)?(?:-\d+k)?)$/i.exec(model)?.[1];
  const version = VERSION_BY_MODEL[model.toLowerCase()] ?? (suffix ? normalize(suffix) : channelVersion.trim() ? normalize(channelVersion) : 'v1.1');
  const domain = DOMAIN_BY_VERSION[version] ?? `general${version}`;
  return { version, domain, path: PATH_BY_VERSION[version] ?? `/${version}/chat` };
}

export const takesFunctions = (domain: string): boolean => FUNCTION_DOMAINS.has(domain);
