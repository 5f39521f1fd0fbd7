import { describe, expect, it } from 'vitest';
import { ConfigDocumentSchema, documentPath } from './config-transfer.js';

describe('the configuration document', () => {
  it('names a field by its path as the document reads', () => {
    expect(documentPath(['channels', 3, 'type'])).toBe('channels[3].type');
    expect(documentPath(['groups', 'vip', 'rpm'])).toBe('groups.vip.rpm');
    expect(documentPath([])).toBe('');
  });

  it('fills a channel’s defaults and refuses a type the catalog does not know', () => {
    const parsed = ConfigDocumentSchema.parse({ version: 1, channels: [{ name: ' main ', type: 14, groups: ['default'] }] });
    expect(parsed.channels?.[0]).toEqual({ name: 'main', type: 14, status: 1, base_url: '', other: '', models: [], groups: ['default'], model_mapping: {}, system_prompt: '', config: {}, priority: 0, weight: 0 });
    const refused = ConfigDocumentSchema.safeParse({ version: 1, channels: [{ name: 'x', type: 2.5, groups: ['default'] }] });
    expect(refused.error?.issues.map((issue) => [documentPath(issue.path), issue.message])).toEqual([['channels[0].type', 'expected a channel type id']]);
  });
});
