import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Token } from '@tollgate/contract';
import { api } from '@/lib/api/client';
import type { TokenPayload } from '../token-payload';
import { tokensKey } from './token-list';

/** GET /api/token/{id}: the token being edited; not fetched on /token/add. */
export function useToken(id: number | undefined) {
  return useQuery({
    queryKey: [...tokensKey, 'one', id],
    queryFn: () => api.get<Token>(`/api/token/${id}`),
    enabled: id !== undefined,
    // The form must start from what is stored now, not from a cached copy.
    gcTime: 0,
  });
}

/** GET /api/user/available_models: the model names my group may use. */
export function useAvailableModels() {
  return useQuery({ queryKey: ['user', 'available_models'], queryFn: () => api.get<string[]>('/api/user/available_models') });
}

/** POST /api/token/ for a new token, PUT /api/token/ for a whole loaded one; the list refetches afterwards. */
export function useSaveToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenPayload | Token) => ('id' in body ? api.put<Token>('/api/token/', body) : api.post<Token>('/api/token/', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
