import { useMutation } from '@tanstack/react-query';
import type { ConsoleStatus } from '@/lib/storage/status-storage';
import { authorizeUrl, type OAuthProvider } from './authorize-urls';
import { getOAuthState } from './get-oauth-state';

/** Sends the window opened for the provider there, cut from this page so the provider's page cannot script it. */
function sendTo(popup: Window | null, url: string): void {
  if (!popup) {
    window.open(url);
    return;
  }
  popup.opener = null;
  popup.location.href = url;
}

/**
 * Starts a sign-in (or, from a signed-in session, a binding) with a provider: fetches a state, then shows the
 * provider's authorize page in a new window. The state lives in the session cookie, which the new window
 * shares, so its callback page can finish the flow. The window is opened within the click, before the state
 * request, because browsers that tie pop-ups to the click itself (Safari) block one opened after an await.
 */
export function useStartOAuth(status: ConsoleStatus) {
  const mutation = useMutation({
    mutationFn: async (provider: OAuthProvider) => authorizeUrl(status, provider, await getOAuthState(), window.location.origin),
  });
  const start = (provider: OAuthProvider) => {
    const popup = window.open('', '_blank');
    mutation.mutate(provider, { onSuccess: (url) => sendTo(popup, url), onError: () => popup?.close() });
  };
  return { start, pending: mutation.isPending ? mutation.variables : undefined };
}
