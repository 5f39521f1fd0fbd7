import { useMediaQuery } from './use-media-query';

// Below this width the horizontal menu no longer fits; the header switches to a sidebar.
const MOBILE_QUERY = '(max-width: 768px)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
