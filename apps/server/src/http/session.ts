import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The console session: a signed cookie named `session` (as in one-api), so any node holding the same
 * SESSION_SECRET accepts it. It carries who signed in; the user's current role and status are read
 * from the database on every request, so a disabled user is refused at once.
 */
export interface SessionData {
  id?: number;
  username?: string;
  role?: number;
  status?: number;
  oauth_state?: string;
  turnstile?: boolean;
  /** A sign-in whose password (or OAuth) step passed and that waits for the second factor until `exp` (epoch s). */
  pending_2fa?: { id: number; exp: number };
}

export const SESSION_COOKIE = 'session';
const MAX_AGE_SECONDS = 30 * 24 * 3600;

export class SessionCodec {
  constructor(private readonly secret: string) {}

  encode(data: SessionData, issuedAt = Math.floor(Date.now() / 1000)): string {
    const payload = Buffer.from(JSON.stringify({ ...data, iat: issuedAt })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  decode(cookie: string | undefined, now = Math.floor(Date.now() / 1000)): SessionData | undefined {
    if (!cookie) return undefined;
    const [payload, signature] = cookie.split('.');
    if (!payload || !signature) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const { iat, ...data } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SessionData & { iat?: number };
      if (typeof iat !== 'number' || now - iat > MAX_AGE_SECONDS) return undefined;
      return data;
    } catch {
      return undefined;
    }
  }

  /** A key for another purpose (encrypting stored secrets), derived from the same secret so no new setting is needed. */
  deriveKey(purpose: string): Buffer {
    return createHmac('sha256', this.secret).update(`tollgate:${purpose}`).digest();
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}

export function readSession(request: FastifyRequest, codec: SessionCodec): SessionData {
  return codec.decode(request.cookies[SESSION_COOKIE]) ?? {};
}

export function writeSession(request: FastifyRequest, reply: FastifyReply, codec: SessionCodec, data: SessionData): void {
  reply.setCookie(SESSION_COOKIE, codec.encode(data), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: MAX_AGE_SECONDS,
  });
}

export function clearSession(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
