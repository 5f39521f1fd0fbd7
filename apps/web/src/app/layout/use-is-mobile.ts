import { useSyncExternalStore } from 'react';

// Below this width the horizontal menu no longer fits; the header switches to a sidebar.
const MOBILE_QUERY = '(max-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(MOBILE_QUERY).matches);
}
