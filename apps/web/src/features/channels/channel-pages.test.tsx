import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';
import { fieldError } from '@/test/field-error';
import { afterPendingWork } from '@/test/pending-work';

const channel = {
  id: 4,
  type: 1,
  key: '',
  status: 2,
  name: 'main',
  weight: 0,
  created_time: 1,
  test_time: 0,
  response_time: 0,
  base_url: '',
  other: '',
  balance: 1.5,
  balance_updated_time: 0,
  models: 'gpt-4o',
  group: 'default,vip',
  used_quota: 0,
  model_mapping: '',
  priority: 0,
  config: '',
  system_prompt: '',
  breaker: { state: 'open', until: new Date(2026, 0, 1, 12, 30, 0).getTime() / 1000 },
};

const answers: Record<string, unknown> = {
  '/api/channel/?p=0': [channel],
  '/api/models': { 1: ['gpt-4o', 'gpt-4o-mini'] },
  '/api/channel/models': [{ id: 'gpt-4o' }, { id: 'claude-3-haiku' }],
  '/api/group/': ['default', 'vip'],
};

/** The test fails but, as the contract says, still reports its time at the top level. */
function reply(path: string): Response {
  if (path === '/api/channel/test/4?model=') return Response.json({ success: false, message: 'upstream down', time: 1.25, model: 'gpt-4o' });
  return Response.json({ success: true, message: '', data: answers[path] ?? {} });
}

describe('channel pages', () => {
  let problems: unknown[][] = [];

  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(reply(path))));
    problems = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void problems.push(args));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists channels with their status, type and balance, and a failed test still updates the response time', async () => {
    localStorage.setItem('show_detail', 'true');
    renderRoute('/channel');
    const table = await screen.findByTestId('channel-table', {}, { timeout: 5000 });
    await waitFor(() => expect(table.textContent).toContain('main'));
    expect(table.textContent).toContain('已禁用');
    // The circuit breaker's tag beside the status.
    expect(table.textContent).toContain('冷却中，直到 12:30:00');
    expect(table.textContent).toContain('$1.50');
    expect(table.textContent).toContain('未测试');

    fireEvent.click(within(table).getByTestId('channel-test'));
    await waitFor(() => expect(within(table).getByTestId('channel-response-time').textContent).toBe('1.25 秒'));
    expect(problems).toEqual([]);
  });

  it('checks the form rules before sending anything', async () => {
    renderRoute('/channel/add');
    await screen.findByTestId('channel-form', {}, { timeout: 5000 });
    fireEvent.click(screen.getByTestId('channel-submit'));
    // Each refused field is marked with its own message (issue 35), not one toast for the form.
    await waitFor(() => expect(fieldError('name')).toBe('名称不能为空'));
    expect(fieldError('key')).toBe('密钥不能为空');
    await afterPendingWork();
    const posts = vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(0);
    expect(problems).toEqual([]);
  });
});
