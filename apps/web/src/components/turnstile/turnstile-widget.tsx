import { useEffect, useEffectEvent, useRef } from 'react';
import { loadTurnstile } from './load-turnstile';

interface TurnstileWidgetProps {
  siteKey: string;
  /** The verification token, or '' once it failed, expired or timed out (the form must wait for a new one). */
  onTokenChange: (token: string) => void;
}

/** Cloudflare's human check in its normal size (300 x 65 px). */
export function TurnstileWidget({ siteKey, onTokenChange }: TurnstileWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const report = useEffectEvent(onTokenChange);

  useEffect(() => {
    let cancelled = false;
    let widgetId: string | undefined;
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !container.current) return;
        widgetId = turnstile.render(container.current, {
          sitekey: siteKey,
          size: 'normal',
          callback: (token) => report(token),
          'error-callback': () => report(''),
          'expired-callback': () => report(''),
          'timeout-callback': () => report(''),
        });
      })
      // Without the script there is no token; submitting then shows the 'Turnstile is checking' message.
      .catch(() => report(''));
    return () => {
      cancelled = true;
      if (widgetId !== undefined) window.turnstile?.remove(widgetId);
    };
  }, [siteKey]);

  return <div ref={container} style={{ width: 300, minHeight: 65 }} data-testid="turnstile" />;
}
