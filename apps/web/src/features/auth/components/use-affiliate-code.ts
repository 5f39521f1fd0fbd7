import { useEffect } from 'react';
import { STORAGE_KEYS } from '@tollgate/contract';
import { useSearchParams } from 'react-router';

/** The inviter's code from ?aff=, kept in localStorage so it survives a detour before registering. */
export function useAffiliateCode(): string {
  const [params] = useSearchParams();
  const fromQuery = params.get('aff');
  useEffect(() => {
    if (fromQuery) localStorage.setItem(STORAGE_KEYS.affiliate, fromQuery);
  }, [fromQuery]);
  return fromQuery ?? localStorage.getItem(STORAGE_KEYS.affiliate) ?? '';
}
