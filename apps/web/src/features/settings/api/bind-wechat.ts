import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api/client';
import { selfQueryKey } from '@/app/session/use-self';

/** GET /api/oauth/wechat/bind?code=: binds the WeChat account whose official-account code was typed. */
export function useBindWeChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.get<unknown>(withQuery('/api/oauth/wechat/bind', { code })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfQueryKey }),
  });
}
