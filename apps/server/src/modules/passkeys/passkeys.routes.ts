import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PasskeyProofSchema, PasskeyRegistrationRequestSchema, PasskeyRenameRequestSchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { queryText } from '../../http/query.js';
import { criticalRateLimit } from '../../http/rate-limit-hook.js';
import { currentUser, requireUser } from '../auth/console-roles.js';
import * as service from './passkeys.service.js';

const doc = describeRoutes({ tag: 'Account', auth: 'user' });

function passkeyId(request: FastifyRequest): number {
  const text = queryText(request.params, 'id');
  if (!/^\d{1,12}$/.test(text) || Number(text) === 0) throw new ApiError('passkey.id_invalid', { field: 'id' }, 400);
  return Number(text);
}

/**
 * /api/user/passkeys*: the caller's own passkeys. Adding and removing one needs a fresh proof (account-proof.ts);
 * every route that checks a proof or an authenticator's answer counts against the sign-in limit of the address.
 */
export const passkeyRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const critical = criticalRateLimit(ctx);
  const user = requireUser(ctx);

  app.get('/passkeys', { preHandler: user, ...doc('Your passkeys', { description: 'Name, when added and last used; never the key.' }) }, async (request) => ok(await service.list(ctx, currentUser(request))));

  app.post('/passkeys/proof/options', { preHandler: [critical, user], ...doc('Ask one of your passkeys to confirm it is you', { description: 'WebAuthn request options for your own passkeys; the answer goes in `passkey` of a change that needs a proof.' }) }, async (request) =>
    ok(await service.proofOptions(ctx, request, currentUser(request))),
  );

  app.post(
    '/passkeys/registration/options',
    { preHandler: [critical, user], ...doc('Start adding a passkey', { body: PasskeyProofSchema, description: 'Needs a fresh proof: a current TOTP code, a recovery code or an assertion of one of your passkeys; the password only while the account has no second factor. Answers WebAuthn creation options.' }) },
    async (request) => ok(await service.beginRegistration(ctx, request, currentUser(request), request.body)),
  );

  app.post('/passkeys/registration', { preHandler: [critical, user], ...doc('Finish adding a passkey', { body: PasskeyRegistrationRequestSchema, description: "The browser's answer to the creation options, with a name for the passkey." }) }, async (request) =>
    ok(await service.finishRegistration(ctx, request, currentUser(request), request.body)),
  );

  app.put('/passkeys/:id', { preHandler: user, ...doc('Rename a passkey', { body: PasskeyRenameRequestSchema }) }, async (request) => {
    await service.rename(ctx, currentUser(request), passkeyId(request), request.body);
    return ok(undefined);
  });

  app.post('/passkeys/:id/delete', { preHandler: [critical, user], ...doc('Remove a passkey', { body: PasskeyProofSchema, description: 'Needs a fresh proof, as adding one does (the passkey being removed may give it).' }) }, async (request) => {
    await service.remove(ctx, request, currentUser(request), passkeyId(request), request.body);
    return ok(undefined);
  });
};
