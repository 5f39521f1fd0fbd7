import type { NativeProtocol } from '@tollgate/contract';
import type { NativeEndpoint } from './adaptor.js';
import { genericAnthropicNative } from './anthropic/native-endpoint.js';
import { genericGeminiNative } from './gemini/native-endpoint.js';
import { responsesNative } from './openai/responses/native-endpoint.js';

/**
 * Each client protocol's generic endpoint: how to call a vendor that serves that protocol at the catalog's
 * path below its base URL (DeepSeek's, Moonshot's and Zhipu's Anthropic endpoints, another gateway's
 * /v1/responses), for channels that declare the protocol while their adaptor has no endpoint of its own for it.
 */
export const GENERIC_NATIVE_ENDPOINTS: Partial<Record<NativeProtocol, NativeEndpoint>> = {
  anthropic: genericAnthropicNative,
  gemini: genericGeminiNative,
  responses: responsesNative,
};
