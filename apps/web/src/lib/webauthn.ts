import { startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/** Whether this browser can use passkeys at all; the passkey buttons are hidden where it cannot. */
export const canUsePasskeys = (): boolean => typeof window !== 'undefined' && window.PublicKeyCredential !== undefined;

/** The person closed the browser's prompt, or let it time out: nothing went wrong, nothing was done. */
export class PasskeyPromptClosed extends Error {
  constructor() {
    super('passkey prompt closed');
    this.name = 'PasskeyPromptClosed';
  }
}

async function prompt<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) throw new PasskeyPromptClosed();
    throw error;
  }
}

/** The browser's "use a passkey" prompt for the server's request options; answers the credential as JSON. */
export const askForPasskey = (optionsJSON: PublicKeyCredentialRequestOptionsJSON) => prompt(() => startAuthentication({ optionsJSON }));

/** The browser's "create a passkey" prompt for the server's creation options. */
export const createPasskey = (optionsJSON: PublicKeyCredentialCreationOptionsJSON) => prompt(() => startRegistration({ optionsJSON }));

export type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON };
