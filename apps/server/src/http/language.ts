import { messageLanguage, renderMessage, type MessageLanguage, type MessageRef } from '@tollgate/contract';
import type { FastifyRequest } from 'fastify';

/** The language a request asks its messages in: zh or en by Accept-Language, English without it (one-api's texts). */
export const languageOf = (request: FastifyRequest): MessageLanguage => messageLanguage(request.headers['accept-language']);

/** A catalog message in the request's language, for answers built by hand rather than thrown (channel tests, balances). */
export const say = (request: FastifyRequest, ref: MessageRef): string => renderMessage(ref, languageOf(request));
