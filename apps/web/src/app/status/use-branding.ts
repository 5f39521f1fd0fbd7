import { DEFAULT_LOGO, DEFAULT_SYSTEM_NAME } from '@tollgate/contract';
import { useStatus } from './status-context';

/** System name and logo with the defaults used when the administrator set none. */
export function useBranding(): { systemName: string; logo: string } {
  const status = useStatus();
  return { systemName: status.system_name || DEFAULT_SYSTEM_NAME, logo: status.logo || DEFAULT_LOGO };
}
