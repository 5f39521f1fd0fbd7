import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake DeepL /v2/translate: checks the `DeepL-Auth-Key` header (403 otherwise, as DeepL answers),
 * "translates" by tagging the text with the target language, and fails on demand (456, 429, 5xx).
 */
export interface DeepLBehaviour {
  fail?: { status: number; body: unknown };
}

export class FakeDeepL extends FakeUpstream<DeepLBehaviour> {
  constructor(readonly authKey: string) {
    super('deepl', {});
  }

  protected respond(req: http.IncomingMessage, res: http.ServerResponse, { json }: Received) {
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    if (req.url !== '/v2/translate') return send(res, 404, { message: 'Not found' });
    if (req.headers.authorization !== `DeepL-Auth-Key ${this.authKey}`) return send(res, 403, { message: 'Authorization failure, check auth_key' });
    const texts = (json?.text ?? []) as string[];
    const target = String(json?.target_lang ?? '');
    return send(res, 200, { translations: texts.map((text) => ({ detected_source_language: 'EN', text: `[${target}] ${text}` })) });
  }
}
