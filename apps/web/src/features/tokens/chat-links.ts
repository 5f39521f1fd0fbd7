import { fullKey } from '@/lib/gateway-address';

/** The chat clients a key can be handed to (one-api's copy and "open chat" menus). */
export const CHAT_TARGETS = ['next', 'ama', 'opencat', 'lobechat'] as const;
export type ChatTarget = (typeof CHAT_TARGETS)[number];

export const CHAT_TARGET_LABELS: Record<ChatTarget, string> = {
  next: 'ChatGPT Next Web',
  ama: 'BotGem',
  opencat: 'OpenCat',
  lobechat: 'LobeChat',
};

/** Public web clients used when the administrator set no chat link (spec section 9). */
const DEFAULT_CHAT_LINKS = {
  next: 'https://app.nextchat.dev',
  lobechat: 'https://chat-preview.lobehub.com',
} as const;

export interface ChatLinkContext {
  /** status.chat_link; '' when unset. */
  chatLink: string;
  /** status.server_address, or the page's origin when that is empty. */
  serverAddress: string;
}

// The home page's first-run snippets build the same address and key.
export { fullKey, serverAddressOf } from '@/lib/gateway-address';

const base = (configured: string, fallback: string): string => (configured || fallback).replace(/\/+$/, '');

/**
 * The link that hands a key to a client, in the forms one-api builds. The JSON settings stay readable
 * in the link (as one-api's), because NextChat and LobeChat parse them from the raw query.
 */
export function chatLinkFor(target: ChatTarget, key: string, { chatLink, serverAddress }: ChatLinkContext): string {
  const sk = fullKey(key);
  const server = encodeURIComponent(serverAddress);
  switch (target) {
    case 'next':
      return `${base(chatLink, DEFAULT_CHAT_LINKS.next)}/#/?settings=${JSON.stringify({ key: sk, url: serverAddress })}`;
    case 'ama':
      return `ama://set-api-key?server=${server}&key=${sk}`;
    case 'opencat':
      return `opencat://team/join?domain=${server}&token=${sk}`;
    case 'lobechat': {
      const settings = { keyVaults: { openai: { apiKey: sk, baseURL: `${serverAddress}/v1` } } };
      return `${base(chatLink, DEFAULT_CHAT_LINKS.lobechat)}/?settings=${JSON.stringify(settings)}`;
    }
  }
}
