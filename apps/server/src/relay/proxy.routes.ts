import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { ChannelStatus, Role, channelType } from '@tollgate/contract';
import type { AppContext } from '../context.js';
import { describeRoutes } from '../http/openapi/route-description.js';
import { authenticate } from './auth/authenticate.js';
import { relayError } from './relay-error.js';
import type { UpstreamRequest } from './upstream-client.js';

/** Client headers never forwarded: they describe the hop to us, not the one upstream. */
const HOP_HEADERS = new Set(['host', 'content-length', 'accept-encoding', 'connection', 'authorization', 'keep-alive', 'transfer-encoding', 'upgrade']);
const RESPONSE_HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * /v1/oneapi/proxy/:channelid/*: a raw pass-through to a Proxy channel (type 43), authorised with the
 * channel's key. Unbilled, so only administrators' keys may use it (one-api let any key through).
 */
export const proxyRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const doc = describeRoutes({ tag: 'OpenAI', auth: 'key', answer: 'binary' });
  app.all('/oneapi/proxy/:channelid/*', doc('Pass a request through to a channel\'s upstream, as it is', { description: 'one-api\'s proxy: the rest of the path and the body go to the channel\'s base URL with its key. For keys of administrators.' }), async (request, reply) => {
    const { record } = await authenticate(ctx.relay.keys, request.headers.authorization, request.ip);
    if (record.userRole < Role.Admin) throw relayError.forbidden('only administrators may use the raw proxy', 'proxy_forbidden');
    const { channelid } = request.params as { channelid: string };
    const channel = ctx.relay.channels.table.channel(Number(channelid));
    if (!channel || !/^\d+$/.test(channelid)) throw relayError.invalidRequest('invalid channel id', 'invalid_channel_id');
    if (channelType(channel.type)?.protocol !== 'proxy') throw relayError.invalidRequest(`channel #${channel.id} is not a Proxy channel`, 'invalid_channel_id');
    if (channel.status !== ChannelStatus.Enabled) throw relayError.forbidden(`channel #${channel.id} is disabled`, 'channel_disabled');

    const prefix = `/v1/oneapi/proxy/${channelid}`;
    const target = channel.baseUrl.replace(/\/+$/, '') + request.url.slice(prefix.length);
    const headers: Record<string, string> = { authorization: channel.key };
    for (const [name, value] of Object.entries(request.headers)) {
      if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
    }
    const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
    const response = await ctx.relay.upstream.send({ url: target, method: request.method as UpstreamRequest['method'], headers, body });
    for (const [name, value] of Object.entries(response.headers)) {
      if (!RESPONSE_HOP_HEADERS.has(name) && value !== undefined) reply.header(name, value);
    }
    return reply.status(response.statusCode).send(Readable.from(response.body));
  });
};
