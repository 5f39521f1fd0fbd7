import { createHmac } from 'node:crypto';

/**
 * Spark authenticates the websocket handshake by an HMAC-SHA256 signature of host, date and request line,
 * carried in the URL's query (reference providers.md 9.1). The date must be within 300 s of iFlytek's clock.
 * Docs: https://www.xfyun.cn/doc/spark/general_url_authentication.html
 */
export interface SparkCredentials {
  appId: string;
  apiSecret: string;
  apiKey: string;
}

/** The channel key is `APPID|APISecret|APIKey`, as one-api stores it. */
export function sparkCredentials(key: string): SparkCredentials | undefined {
  const [appId, apiSecret, apiKey] = key.split('|').map((part) => part.trim());
  return appId && apiSecret && apiKey ? { appId, apiSecret, apiKey } : undefined;
}

export const sparkSignature = (apiSecret: string, host: string, date: string, path: string): string =>
  createHmac('sha256', apiSecret).update(`host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`).digest('base64');

/** The base64 `authorization` query value, in the Spark docs' `api_key="…"` form. */
export function sparkAuthorization(apiKey: string, signature: string): string {
  const origin = `api_key="${apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`;
  return Buffer.from(origin).toString('base64');
}

/**
 * The signed URL of `base` (wss://spark-api.xf-yun.com, or a channel's own ws(s):// or http(s):// base)
 * and `path`, at `now`. The signed host is the URL's host, port included, as the client sends it.
 */
export function signedSparkUrl(base: string, path: string, credentials: Pick<SparkCredentials, 'apiSecret' | 'apiKey'>, now: Date): string {
  const url = new URL(base.replace(/^http(s?):\/\//i, 'ws$1://'));
  const date = now.toUTCString();
  const signature = sparkSignature(credentials.apiSecret, url.host, date, path);
  const query = new URLSearchParams({ authorization: sparkAuthorization(credentials.apiKey, signature), date, host: url.host });
  return `${url.protocol}//${url.host}${path}?${query.toString()}`;
}
