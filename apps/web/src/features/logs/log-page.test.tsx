import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const row = (id: number, patch: Record<string, unknown>) => ({
  id,
  user_id: 1,
  created_at: 1_700_000_000 + id,
  type: 2,
  content: `content ${id}`,
  username: 'root',
  token_name: 'key',
  model_name: 'claude-sonnet-4',
  quota: 100,
  prompt_tokens: 100,
  completion_tokens: 20,
  channel: 3,
  channel_id: 3,
  request_id: '',
  elapsed_time: 0,
  is_stream: false,
  system_prompt_reset: false,
  other: '',
  ...patch,
});

const LOGS = [
  row(1, {
    other: JSON.stringify({ protocol: 'anthropic', passthrough: true, cache_read_tokens: 40, cache_read_ratio: 0.1, cache_write_tokens: 12, cache_write_ratio: 1.25, reasoning_tokens: 8, reasoning_ratio: 5 }),
  }),
  row(2, { other: JSON.stringify({ protocol: 'openai', model_ratio: 1 }) }),
  // one-api's rows have no `other`; a hand-written one may hold anything.
  row(3, { other: '' }),
  row(4, { other: 'garbage' }),
  // Error logs: an upstream failure retried on a second channel, and a refusal before any channel.
  row(5, { type: 6, quota: 0, prompt_tokens: 0, completion_tokens: 0, channel: 7, channel_id: 7, other: JSON.stringify({ protocol: 'openai', status: 500, channels: [3, 7] }) }),
  row(6, { type: 6, quota: 0, prompt_tokens: 0, completion_tokens: 0, channel: 0, channel_id: 0, other: JSON.stringify({ protocol: 'openai', status: 503, channels: [] }) }),
];

describe('log page details', () => {
  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => Promise.resolve(Response.json({ success: true, message: '', data: path.startsWith('/api/log/?') ? LOGS : {} }))),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function rowsByContent(): Promise<Map<string, HTMLElement>> {
    const table = await screen.findByTestId('log-table', {}, { timeout: 5000 });
    await waitFor(() => expect(table.textContent).toContain('content 4'));
    const rows = [...table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
    return new Map(rows.map((element) => [/content \d/.exec(element.textContent ?? '')?.[0] ?? '', element]));
  }

  it('shows the protocol, the passthrough marker and the token breakdown of a consume log', async () => {
    renderRoute('/log');
    const rows = await rowsByContent();
    const first = within(rows.get('content 1') as HTMLElement);
    expect(first.getByTestId('log-protocol').textContent).toBe('Anthropic Messages');
    expect(first.getByTestId('log-passthrough').textContent).toBe('透传');
    expect(first.getByTestId('log-cacheRead').textContent).toBe('缓存读取 40 × 0.1');
    expect(first.getByTestId('log-cacheWrite').textContent).toBe('缓存写入 12 × 1.25');
    expect(first.getByTestId('log-reasoning').textContent).toBe('推理 8 × 5');

    const second = within(rows.get('content 2') as HTMLElement);
    expect(second.getByTestId('log-protocol').textContent).toBe('OpenAI Chat');
    expect(second.queryByTestId('log-passthrough')).toBeNull();
    expect(second.queryByTestId('log-cacheRead')).toBeNull();
  });

  it("shows an error log's type, status and the channels it tried, in order", async () => {
    renderRoute('/log');
    const rows = await rowsByContent();
    const retried = within(rows.get('content 5') as HTMLElement);
    expect(retried.getByText('错误')).toBeTruthy();
    expect(retried.getByTestId('log-status').textContent).toBe('HTTP 500');
    expect(retried.getByTestId('log-channels').textContent).toBe('渠道 #3 → #7');
    const refused = within(rows.get('content 6') as HTMLElement);
    expect(refused.getByTestId('log-status').textContent).toBe('HTTP 503');
    expect(refused.getByTestId('log-channels').textContent).toBe('未调用渠道');
    // A consume log has neither.
    expect(within(rows.get('content 2') as HTMLElement).queryByTestId('log-status')).toBeNull();
  });

  it('shows rows without other exactly as before', async () => {
    renderRoute('/log');
    const rows = await rowsByContent();
    for (const content of ['content 3', 'content 4']) {
      const cells = within(rows.get(content) as HTMLElement);
      expect(cells.queryByTestId('log-protocol')).toBeNull();
      expect(cells.queryByTestId('log-passthrough')).toBeNull();
      expect(cells.queryByText(/缓存|推理/)).toBeNull();
      // Only the content in the details cell: no empty item (and gap) where the tags would be.
      expect(rows.get(content)?.querySelectorAll('td:last-child .ant-space-item')).toHaveLength(1);
    }
  });
});
