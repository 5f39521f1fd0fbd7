import { formatAmount } from '@/lib/format/money';
import { formatCount } from '@/lib/format/quota';

/**
 * The balance as each provider reports it (spec section 9): dollars for OpenAI and custom channels, yuan
 * for CloseAI, API2GPT, DeepSeek and SiliconFlow, OpenAI-SB's yuan in units of 1/10000, AI Proxy and AIGC2D
 * as quota points. Other types cannot report one: undefined. The provider's own currency, not the display
 * currency: it is what the provider's site shows, written by the console's money rule.
 */
export function formatBalance(type: number, balance: number): string | undefined {
  switch (type) {
    case 1:
    case 8:
      return formatAmount(balance, 'USD');
    case 4:
    case 12:
    case 36:
    case 44:
      return formatAmount(balance, 'CNY');
    case 5:
      return formatAmount(balance / 10000, 'CNY');
    case 10:
    case 13:
      return formatCount(balance);
    default:
      return undefined;
  }
}

/** The types whose balance can be refreshed (the channel form mentions it). */
export const hasBalance = (type: number): boolean => formatBalance(type, 0) !== undefined;
