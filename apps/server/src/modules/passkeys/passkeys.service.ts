import type { FastifyRequest } from 'fastify';
import { PasskeyRegistrationRequestSchema, PasskeyRenameRequestSchema, type PasskeyView } from '@tollgate/contract';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { fail } from '../../http/errors.js';
import { nowSeconds } from '../../lib/random.js';
import type { AuthenticatedUser } from '../auth/console-roles.js';
import { parseStrict } from '../two-factor/parse-strict.js';
import { findUserById } from '../users/users.repository.js';
import { checkAccountProof } from './account-proof.js';
import * as repo from './passkeys.repository.js';
import { relyingParty } from './relying-party.js';
import { authenticationOptions, registrationOptions, verifyRegistration } from './webauthn-ceremonies.js';

const toView = (row: repo.PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  created_at: Number(row.created_at),
  last_used_at: Number(row.last_used_at),
  backed_up: Number(row.backed_up) === 1,
  transports: row.transports ? row.transports.split(',') : [],
});

export const list = async (ctx: AppContext, me: AuthenticatedUser): Promise<PasskeyView[]> => (await repo.listPasskeys(ctx.db, me.id)).map(toView);

/** A challenge for one of the caller's own passkeys, to prove it is them before a change. */
export async function proofOptions(ctx: AppContext, request: FastifyRequest, me: AuthenticatedUser): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rows = await repo.listPasskeys(ctx.db, me.id);
  if (rows.length === 0) throw fail('passkey.none');
  return authenticationOptions(ctx, relyingParty(ctx, request), 'proof', me.id, rows);
}

/** After a fresh proof, the options for the browser to make a new passkey (the account's own excluded). */
export async function beginRegistration(ctx: AppContext, request: FastifyRequest, me: AuthenticatedUser, body: unknown): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await checkAccountProof(ctx, request, me, body);
  const row = await findUserById(ctx.db, me.id);
  const registrant = { id: me.id, username: me.username, displayName: row?.display_name ?? '' };
  return registrationOptions(ctx, relyingParty(ctx, request), registrant, await repo.listPasskeys(ctx.db, me.id));
}

/** Keeps the passkey the browser made, when it answers this user's registration challenge. */
export async function finishRegistration(ctx: AppContext, request: FastifyRequest, me: AuthenticatedUser, body: unknown): Promise<PasskeyView> {
  const { name, credential } = parseStrict(PasskeyRegistrationRequestSchema, body);
  const made = await verifyRegistration(ctx, relyingParty(ctx, request), me.id, credential);
  if (await repo.findPasskeyByCredentialId(ctx.db, made.credentialId)) throw fail('passkey.already_registered');
  const now = nowSeconds();
  const values = {
    user_id: me.id,
    credential_id: made.credentialId,
    public_key: made.publicKey,
    counter: made.counter,
    transports: made.transports.join(','),
    name,
    created_at: now,
    last_used_at: 0,
    backed_up: made.backedUp ? 1 : 0,
    aaguid: made.aaguid,
  };
  try {
    const id = await repo.insertPasskey(ctx.db, values);
    return toView({ ...values, id });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('passkey.already_registered');
    throw error;
  }
}

export async function rename(ctx: AppContext, me: AuthenticatedUser, id: number, body: unknown): Promise<void> {
  const { name } = parseStrict(PasskeyRenameRequestSchema, body);
  if (!(await repo.renamePasskey(ctx.db, me.id, id, name))) throw fail('passkey.not_found');
}

/** Removes one of the caller's passkeys after a fresh proof (which may be that very passkey). */
export async function remove(ctx: AppContext, request: FastifyRequest, me: AuthenticatedUser, id: number, body: unknown): Promise<void> {
  if (!(await repo.listPasskeys(ctx.db, me.id)).some((row) => row.id === id)) throw fail('passkey.not_found');
  await checkAccountProof(ctx, request, me, body);
  if (!(await repo.deletePasskey(ctx.db, me.id, id))) throw fail('passkey.not_found');
}
