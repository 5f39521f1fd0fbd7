import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '@/lib/format/time';
import { defaultLogInputs, defaultLogQuery, logListPath, logStatPath, toLogQuery, type LogFilterInputs } from './log-query';

const now = 1_700_000_000;
const inputs: LogFilterInputs = {
  ...defaultLogInputs(now),
  tokenName: ' key1 ',
  modelName: 'gpt-4o',
  channel: '3',
  username: 'alice',
};

describe('log filters', () => {
  it('default to the range from the epoch to an hour from now', () => {
    const query = toLogQuery(defaultLogInputs(now));
    expect(query).toMatchObject({ start_timestamp: 0, end_timestamp: now + 3600, type: 0 });
    expect(query).toEqual(defaultLogQuery(now));
  });

  it('refuse a time that is not a date', () => {
    expect(toLogQuery({ ...inputs, start: 'yesterday' })).toBeUndefined();
    expect(toLogQuery({ ...inputs, end: '' })).toBeUndefined();
  });

  it('build the admin list query with every filter, in one-api order', () => {
    const query = toLogQuery({ ...inputs, end: formatTimestamp(now) }, 2);
    if (!query) throw new Error('expected a query');
    expect(logListPath(query, true, 1)).toBe(
      `/api/log/?p=1&type=2&username=alice&token_name=key1&model_name=gpt-4o&start_timestamp=0&end_timestamp=${now}&channel=3`,
    );
  });

  it('build the self list query without username and channel', () => {
    const query = toLogQuery({ ...inputs, end: formatTimestamp(now) });
    if (!query) throw new Error('expected a query');
    expect(logListPath(query, false, 0)).toBe(`/api/log/self/?p=0&type=0&token_name=key1&model_name=gpt-4o&start_timestamp=0&end_timestamp=${now}`);
  });

  it('send the same filters to the stat endpoints', () => {
    const query = toLogQuery({ ...inputs, end: formatTimestamp(now) }, 2);
    if (!query) throw new Error('expected a query');
    expect(logStatPath(query, true)).toBe(
      `/api/log/stat?type=2&username=alice&token_name=key1&model_name=gpt-4o&start_timestamp=0&end_timestamp=${now}&channel=3`,
    );
    expect(logStatPath(query, false)).toBe(`/api/log/self/stat?type=2&token_name=key1&model_name=gpt-4o&start_timestamp=0&end_timestamp=${now}`);
  });

  it('send empty filters as empty values', () => {
    const query = toLogQuery({ ...defaultLogInputs(now), end: formatTimestamp(now) });
    if (!query) throw new Error('expected a query');
    expect(logListPath(query, true, 0)).toBe(`/api/log/?p=0&type=0&username=&token_name=&model_name=&start_timestamp=0&end_timestamp=${now}&channel=`);
  });
});
