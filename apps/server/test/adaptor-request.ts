import type { AdaptorRequest, RelayMode, UpstreamTarget } from '../src/providers/adaptor.js';

/** The client's path of each mode the adaptor tests call. */
const PATHS: Partial<Record<RelayMode, string>> = { chat: '/v1/chat/completions', embeddings: '/v1/embeddings', images: '/v1/images/generations' };

/** A channel as an adaptor sees it: the type and key a test names, the rest empty unless it names them too. */
export const upstreamTarget = (target: Pick<UpstreamTarget, 'type' | 'key'> & Partial<UpstreamTarget>): UpstreamTarget => ({
  baseUrl: '',
  other: '',
  config: {},
  settings: {},
  ...target,
});

type RequestFields = Pick<AdaptorRequest, 'model'> & Partial<Omit<AdaptorRequest, 'target' | 'body' | 'model'>> & { body: unknown };

/** A request as the relay hands it to an adaptor: chat unless named, not streamed unless named, the body as JSON. */
export function adaptorRequest(target: UpstreamTarget, fields: RequestFields): AdaptorRequest {
  const mode = fields.mode ?? 'chat';
  return { mode, path: PATHS[mode] ?? '', stream: false, contentType: 'application/json', ...fields, target, body: Buffer.from(JSON.stringify(fields.body)) };
}
