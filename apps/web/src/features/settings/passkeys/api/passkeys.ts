import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasskeyProof, PasskeyView } from '@tollgate/contract';
import { api } from '@/lib/api/client';
import { askForPasskey, createPasskey, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@/lib/webauthn';

const LIST_KEY = ['passkeys'];

/** A proof as typed (a code, a password), or 'passkey': ask one of the account's passkeys when it is needed. */
export type ProofInput = PasskeyProof | 'passkey';

async function proofOf(input: ProofInput): Promise<PasskeyProof> {
  if (input !== 'passkey') return input;
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>('/api/user/passkeys/proof/options');
  return { passkey: (await askForPasskey(options)) as PasskeyProof['passkey'] };
}

/** GET /api/user/passkeys */
export const usePasskeys = () => useQuery({ queryKey: LIST_KEY, queryFn: () => api.get<PasskeyView[]>('/api/user/passkeys') });

function usePasskeyMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: LIST_KEY }) });
}

/** Proof, then the server's creation options, the browser's new passkey, and the server keeps it. */
export const useAddPasskey = () =>
  usePasskeyMutation(async ({ proof, name }: { proof: ProofInput; name: string }) => {
    const options = await api.post<PublicKeyCredentialCreationOptionsJSON>('/api/user/passkeys/registration/options', await proofOf(proof));
    const credential = await createPasskey(options);
    return api.post<PasskeyView>('/api/user/passkeys/registration', { name, credential });
  });

/** PUT /api/user/passkeys/:id */
export const useRenamePasskey = () => usePasskeyMutation(({ id, name }: { id: number; name: string }) => api.put<undefined>(`/api/user/passkeys/${id}`, { name }));

/** POST /api/user/passkeys/:id/delete with a fresh proof. */
export const useRemovePasskey = () => usePasskeyMutation(async ({ id, proof }: { id: number; proof: ProofInput }) => api.post<undefined>(`/api/user/passkeys/${id}/delete`, await proofOf(proof)));
