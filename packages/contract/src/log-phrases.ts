/**
 * The phrases Tollgate writes into a log's `content`, in English as they are stored (one-api's column: its
 * console and scripts read the text as written), and found again by the console, which shows each in its own
 * language. A stored text is never rewritten: rows keep what they were written with, and a phrase the console
 * does not know (one-api's Chinese rows, an operator's remark) is shown as it is.
 *
 * `{name}` is any text up to what follows it (to the end of the text when nothing does); `{name#}` is a number
 * (a ratio, a count, a dollar amount).
 */
export const LOG_PHRASES = {
  ratios: 'model ratio {model#}, group ratio {group#}, completion ratio {completion#}',
  twoRatios: 'model ratio {model#}, group ratio {group#}',
  perRequest: 'priced per request: {quota#} quota, group ratio {group#}',
  cacheRead: 'cache read {tokens#} tokens at ratio {ratio#}',
  cacheWrite: 'cache write {tokens#} tokens at ratio {ratio#}',
  reasoning: 'reasoning {tokens#} tokens at ratio {ratio#}',
  tier: 'long-context tier above {tokens#} prompt tokens',
  upstreamInterrupted: 'interrupted: the upstream ended the stream early',
  clientInterrupted: 'interrupted: the client left',
  newUserGift: 'new user gift: {amount}',
  invitationGift: 'invitation gift: {amount}',
  inviterReward: 'reward for inviting a user: {amount}',
  apiTopUp: 'top-up via API: {amount}',
  quotaChanged: 'administrator {admin} changed the quota from {from} to {to}',
  redeemed: 'recharged {amount} via redemption code #{id#}',
  configImported: '{actor} imported a configuration document: {counts}',
  priceSourceApplied: '{actor} applied the price source file fetched on {date} from {url} (sha256 {sha}): {summary}',
  scheduledRefresh: 'the scheduled refresh (PriceSourceRefreshHours)',
  commandLine: 'the command line (tollgate prices update)',
  administrator: 'administrator {admin}',
  modelUnpriced:
    'model {model} has no price: an administrator can set one in the console (Settings, Operation, model prices) or in the ModelRatio option, or set DefaultModelRatio to price every unlisted model',
  noChannel: 'no available channel for model {model} under group {group}',
  twoFactorResetByCommandLine: 'two-factor sign-in turned off from the command line (tollgate two-factor reset)',
  passkeysResetByCommandLine: 'passkeys removed from the command line (tollgate two-factor reset): {count#}',
  passkeysResetByAdministrator: 'two-factor sign-in turned off by administrator {admin}, passkeys removed: {count#}',
  dollars: '${amount#} quota',
  points: '{amount#} points',
} as const;

export type LogPhrase = keyof typeof LOG_PHRASES;
export type LogPhraseParams = Record<string, string | number>;

/** A phrase as the server stores it: its English template with the parameters written in. */
export function logPhrase(name: LogPhrase, params: LogPhraseParams = {}): string {
  return LOG_PHRASES[name].replace(/\{(\w+)#?\}/g, (_, key: string) => String(params[key] ?? ''));
}

const NUMBER = String.raw`-?\$?-?\d+(?:\.\d+)?(?:e[+-]?\d+)?`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A phrase's template as a pattern capturing its parameters by name: a number strictly, a text up to the literal
 * that follows it, or to the end of the line when it ends the phrase.
 */
function phrasePattern(template: string): RegExp {
  const parts = template.split(/(\{\w+#?\})/).filter((part) => part !== '');
  const source = parts
    .map((part, index) => {
      const slot = /^\{(\w+)(#?)\}$/.exec(part);
      if (!slot) return escapeRegExp(part);
      if (slot[2]) return `(?<${slot[1]}>${NUMBER})`;
      return `(?<${slot[1]}>${index === parts.length - 1 ? '.+' : '.+?'})`;
    })
    .join('');
  return new RegExp(source, 'g');
}

/** Longest first, so "model ratio a, group ratio b, completion ratio c" is not read as the two-ratio phrase. */
const PATTERNS = (Object.keys(LOG_PHRASES) as LogPhrase[])
  .sort((a, b) => LOG_PHRASES[b].length - LOG_PHRASES[a].length)
  .map((name) => ({ name, pattern: phrasePattern(LOG_PHRASES[name]) }));

/** Marks a phrase already translated, so that no later (shorter) phrase is found inside its translation. */
const HELD = /\uE000(\d+)\uE001/g;

/**
 * A stored text with every phrase of the catalog written by `say` (the console's translation of that phrase,
 * given its parameters, themselves already translated). What is not a phrase is kept as it is.
 */
export function translateLogText(text: string, say: (name: LogPhrase, params: Record<string, string>) => string): string {
  const held: string[] = [];
  const translate = (input: string): string => {
    let result = input;
    for (const { name, pattern } of PATTERNS) {
      result = result.replace(pattern, (...match: unknown[]) => {
        // The named groups come last, and only when the pattern has some.
        const last = match.at(-1);
        const groups = (typeof last === 'object' && last !== null ? last : {}) as Record<string, string>;
        const params = Object.fromEntries(Object.entries(groups).map(([key, value]) => [key, translate(value)]));
        return `\uE000${held.push(say(name, params)) - 1}\uE001`;
      });
    }
    return result;
  };
  let result = translate(text);
  // A translation holds the marks of the phrases in its parameters: unfold until none is left.
  for (let before = ''; before !== result; ) {
    before = result;
    result = result.replace(HELD, (mark, index: string) => held[Number(index)] ?? mark);
  }
  return result;
}
