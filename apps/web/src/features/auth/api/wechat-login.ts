import { useMutation } from '@tanstack/react-query';
import type { LoginUser, SecondFactorChallenge } from '@tollgate/contract';
import { api, withQuery } from '@/lib/api/client';

/** GET /api/oauth/wechat?code=: signs in with the code the official account sent. */
export function useWeChatLogin() {
  return useMutation({ mutationFn: (code: string) => api.get<LoginUser | SecondFactorChallenge>(withQuery('/api/oauth/wechat', { code })) });
}
