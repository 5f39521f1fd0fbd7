import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

export interface RelyingParty {
  /** The host name passkeys are bound to (a browser refuses a passkey on any other site). */
  id: string;
  name: string;
  /** The origins an answer's clientDataJSON may name. */
  origins: string[];
}

function serverAddress(ctx: AppContext): URL | undefined {
  const address = ctx.options.str('ServerAddress').trim();
  if (!address) return undefined;
  try {
    return new URL(address);
  } catch {
    return undefined;
  }
}

/**
 * Who passkeys are made for: WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS when set, else ServerAddress's host and origin,
 * else the request's own Host (so http://localhost:3000 works with nothing configured). Behind a proxy that does
 * not pass the Host on, the request's host is the proxy's view: the operator sets ServerAddress.
 */
export function relyingParty(ctx: AppContext, request: FastifyRequest): RelyingParty {
  const address = serverAddress(ctx);
  const requestOrigin = `${request.protocol}://${request.host}`;
  const id = ctx.config.WEBAUTHN_RP_ID ?? address?.hostname ?? request.hostname;
  const origins = ctx.config.WEBAUTHN_ORIGINS.length > 0 ? ctx.config.WEBAUTHN_ORIGINS : [address?.origin ?? requestOrigin];
  return { id, name: ctx.options.str('SystemName') || 'Tollgate', origins };
}
