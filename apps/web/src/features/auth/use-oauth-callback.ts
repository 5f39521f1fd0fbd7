import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showRequestError } from '@/app/toasts/show-request-error';
import { showSuccess } from '@/app/toasts/toast';
import type { OAuthProvider } from '@/lib/oauth/authorize-urls';
import { saveUser } from '@/lib/storage/user-store';
import { sendOAuthCode } from './api/send-oauth-code';
import { afterFailure } from './oauth-retry';
import { secondFactorPath } from './second-factor-step';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Finishes a provider's redirect on /oauth/<provider>?code&state: a binding returns to /setting, a sign-in
 * stores the user as the password login does and goes home; a failure is shown and handled by the spec's
 * rule (afterFailure). Answers the text to show meanwhile.
 */
export function useOAuthCallback(provider: OAuthProvider): string {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [prompt, setPrompt] = useState(() => t('oauth.processing'));
  // The code is single-use: StrictMode's second effect run must not send it again.
  const started = useRef(false);
  // A retry still waiting when the visitor leaves the page must not fire.
  const mounted = useRef(false);

  const run = useEffectEvent(async () => {
    const code = params.get('code') ?? '';
    const state = params.get('state') ?? '';
    // afterFailure holds the spec's rule. As written there (and as in one-api), the first failure already
    // leaves the page, so the retry branch below only runs if that rule is ever relaxed.
    for (let failures = 1; mounted.current; failures += 1) {
      try {
        const outcome = await sendOAuthCode(provider, code, state);
        if (outcome.kind === 'bound') {
          showSuccess(t('oauth.bound'));
          void navigate('/setting');
        } else if (outcome.kind === 'secondFactor') {
          void navigate(secondFactorPath(outcome.challenge.methods));
        } else {
          saveUser(outcome.user);
          showSuccess(t('login.success'));
          // TwoFactorRequiredForAdmins: an administrator without TOTP enrols first.
          void navigate(outcome.user.require_2fa_setup ? '/setting?tab=personal#two-factor' : '/');
        }
        return;
      } catch (error) {
        showRequestError(error);
        const next = afterFailure(failures);
        if (next.kind === 'leave') {
          setPrompt(t('oauth.failed'));
          void navigate(next.to);
          return;
        }
        setPrompt(t('oauth.retrying', { attempt: next.attempt }));
        await wait(next.waitMs);
      }
    }
  });

  useEffect(() => {
    mounted.current = true;
    if (!started.current) {
      started.current = true;
      void run();
    }
    return () => {
      mounted.current = false;
    };
  }, []);

  return prompt;
}
