import type { ClientProtocol } from '@tollgate/contract';
import type { JsonObject } from '../../providers/openai/request-body.js';
import type { RelayInput } from '../request-input.js';

/**
 * The client's request as asked of the next model of its chain: the same request, its model replaced. The
 * routing, the plan and the price read `model`; a body that names its model (every protocol but Gemini's,
 * whose model is in the path) names the new one, so a request passed through in the client's protocol asks
 * the upstream for the model that answers. Its hub form is the original's with the model replaced too.
 * Made only when a request falls back: a request that does not pays nothing for it.
 */
export class FallbackInput implements RelayInput {
  readonly protocol: ClientProtocol;
  readonly json: JsonObject;
  readonly stream: boolean;
  readonly maxTokens: number;
  readonly contentType: string;
  readonly multipartBoundary: string | undefined;
  readonly nativeOnly: string | undefined;
  readonly leftOut: readonly string[] | undefined;
  private bytes: Buffer | undefined;
  private hubInput: RelayInput | undefined;

  constructor(
    private readonly original: RelayInput,
    readonly model: string,
  ) {
    this.protocol = original.protocol;
    this.json = Object.hasOwn(original.json, 'model') || original.protocol !== 'gemini' ? { ...original.json, model } : original.json;
    this.stream = original.stream;
    this.maxTokens = original.maxTokens;
    this.contentType = original.contentType;
    this.multipartBoundary = original.multipartBoundary;
    this.nativeOnly = original.nativeOnly;
    this.leftOut = original.leftOut;
  }

  get raw(): Buffer {
    return (this.bytes ??= this.json === this.original.json ? this.original.raw : Buffer.from(JSON.stringify(this.json)));
  }

  hub(): RelayInput {
    const hub = this.original.hub();
    if (hub === this.original) return this;
    return (this.hubInput ??= new FallbackInput(hub, this.model));
  }
}

/** The first model asked for: a fallback input's original, else the input itself. */
export const canFallBack = (input: RelayInput): boolean => input.multipartBoundary === undefined;
