import { MESSAGE_CATALOG } from '@tollgate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { queryText } from '../../http/query.js';
import { readSession, writeSession } from '../../http/session.js';

/** The English answer of a failed check, as scripts without Accept-Language read it. */
export const TURNSTILE_REQUIRED = MESSAGE_CATALOG['auth.turnstile_failed'].en;

/**
 * When TurnstileCheckEnabled, the `turnstile` query must be a token Cloudflare accepts. A pass is
 * remembered in the session cookie, so one solved challenge covers the following requests of that browser.
 */
export async function checkTurnstile(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!ctx.options.bool('TurnstileCheckEnabled')) return;
  const session = readSession(request, ctx.sessions);
  if (session.turnstile) return;
  const token = queryText(request.query, 'turnstile');
  if (!token || !(await verifyTurnstile(ctx, token, request.ip))) throw fail('auth.turnstile_failed');
  writeSession(request, reply, ctx.sessions, { ...session, turnstile: true });
}

async function verifyTurnstile(ctx: AppContext, token: string, remoteIp: string): Promise<boolean> {
  const form = new URLSearchParams({ secret: ctx.options.str('TurnstileSecretKey'), response: token, remoteip: remoteIp });
  try {
    const response = await fetch(ctx.config.TURNSTILE_VERIFY_URL, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { success?: unknown };
    return body.success === true;
  } catch (error) {
    // An unreachable Cloudflare refuses the request rather than letting it through unchecked.
    ctx.log.warn({ err: error }, 'Turnstile verification failed');
    return false;
  }
}
