import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, UpstreamRefusal } from '../adaptor.js';

/**
 * Proxy channels (type 43) are reached only through the raw route `/v1/oneapi/proxy/:channelid/*`
 * (relay/proxy.routes.ts), which forwards bytes untouched (one-api.md 2.3). The adaptor serves no relay
 * mode, so routing passes these channels over for /v1/chat and the rest; a direct use (the channel test)
 * is refused before any call, as a request fault that neither retries nor disables the channel.
 */
const RAW_ROUTE_ONLY: UpstreamRefusal = {
  status: 400,
  error: {
    message: 'Proxy channels serve only the raw route /v1/oneapi/proxy/:channelid/*; they cannot be tested or used by model',
    type: 'invalid_request_error',
    code: 'mode_not_supported',
  },
};

export const proxyAdaptor: Adaptor = {
  modes: [],

  prepare: () => Promise.resolve(RAW_ROUTE_ONLY),

  buildRequest(request: AdaptorRequest): BuiltRequest {
    // Unreachable: `prepare` refuses first. Kept total so the interface holds.
    return { url: request.target.baseUrl, headers: {}, body: request.body };
  },

  parseAnswer: (_request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer => ({ body, contentType, text: '' }),
};
