import { CHANNEL_TYPES } from '@tollgate/contract';
import type { AdaptorRequest } from '../adaptor.js';

/** An adaptor request on an AWS channel with credentials in its config, as the relay makes it. */
export function bedrockRequest(body: Record<string, unknown>, options: { model?: string; stream?: boolean; baseUrl?: string; clientHeaders?: AdaptorRequest['clientHeaders'] } = {}): AdaptorRequest {
  const type = CHANNEL_TYPES.find((t) => t.id === 33);
  if (!type) throw new Error('no channel type 33');
  const model = options.model ?? String(body.model);
  return {
    target: { type, key: 'unused', baseUrl: options.baseUrl ?? '', other: '', config: { region: 'us-east-1', ak: 'AKIDEXAMPLE', sk: 'secret' }, settings: {} },
    mode: 'chat',
    path: '/v1/chat/completions',
    model,
    stream: options.stream ?? body.stream === true,
    body: Buffer.from(JSON.stringify(body)),
    contentType: 'application/json',
    ...(options.clientHeaders ? { clientHeaders: options.clientHeaders } : {}),
  };
}
