import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zh } from './zh';

type Leaf = [path: string, text: unknown];

/** Every text with its dotted key path. */
function leavesOf(messages: object, prefix = ''): Leaf[] {
  return Object.entries(messages as Record<string, unknown>).flatMap(([key, value]): Leaf[] =>
    typeof value === 'object' && value !== null ? leavesOf(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

const placeholders = (text: unknown): string[] => String(text).match(/\{\{\w+\}\}/g)?.sort() ?? [];

describe('i18n resources', () => {
  it('zh and en have exactly the same keys', () => {
    const keys = (messages: object) => leavesOf(messages).map(([path]) => path).sort();
    expect(keys(en)).toEqual(keys(zh));
  });

  it('has no empty text', () => {
    for (const [path, text] of [...leavesOf(zh), ...leavesOf(en)]) {
      expect(typeof text === 'string' && text.length > 0, path).toBe(true);
    }
  });

  it('uses the same interpolation placeholders in both languages', () => {
    const english = new Map(leavesOf(en));
    for (const [path, text] of leavesOf(zh)) {
      expect(placeholders(english.get(path)), path).toEqual(placeholders(text));
    }
  });
});
