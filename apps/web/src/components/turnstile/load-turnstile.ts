/** The subset of Cloudflare's Turnstile API the console uses (https://developers.cloudflare.com/turnstile/). */
export interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      size: 'normal' | 'compact' | 'flexible';
      callback: (token: string) => void;
      'error-callback': () => void;
      'expired-callback': () => void;
      'timeout-callback': () => void;
    },
  ): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

// Explicit rendering: the widget appears only where the console asks for it.
const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

let loading: Promise<TurnstileApi> | undefined;

/** Loads Cloudflare's script once, and only when a form actually needs the check. */
export function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile is unavailable')));
    script.onerror = () => {
      loading = undefined; // let a later form try again
      reject(new Error('Turnstile failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}
