import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const channel = {
  id: 4,
  type: 1,
  key: '',
  status: 1,
  name: 'main',
  weight: 0,
  created_time: 1,
  test_time: 0,
  response_time: 0,
  base_url: '',
  other: '',
  balance: 0,
  balance_updated_time: 0,
  models: 'gpt-4o',
  group: 'default',
  used_quota: 0,
  model_mapping: '',
  priority: 0,
  config: '{"native_protocols":"gemini"}',
  system_prompt: '',
};

const answers: Record<string, unknown> = {
  '/api/channel/4': channel,
  '/api/models': { 1: ['gpt-4o'] },
  '/api/group/': ['default'],
};

const sent = (method: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([path, init]) => path === '/api/channel/' && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as { config: string });

const checkbox = (protocol: string) => within(screen.getByTestId(`channel-native-${protocol}`).closest('label') as HTMLElement).getByRole('checkbox') as HTMLInputElement;

describe('channel form: client protocols accepted natively', () => {
  let problems: unknown[][] = [];

  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(Response.json({ success: true, message: '', data: answers[path] ?? {} }))));
    problems = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void problems.push(args));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('ticks the type defaults of a new channel and explains what ticking means', async () => {
    renderRoute('/channel/add');
    await screen.findByTestId('channel-native-protocols', {}, { timeout: 5000 });
    expect(checkbox('responses').checked).toBe(true);
    expect(checkbox('anthropic').checked).toBe(false);
    expect(checkbox('gemini').checked).toBe(false);
    expect(screen.getByText(/原样透传给上游/)).toBeTruthy();
    expect(problems).toEqual([]);
  }, 20_000);

  it('loads the stored protocols and saves the edited list, or none when all are cleared', async () => {
    renderRoute('/channel/edit/4');
    await screen.findByTestId('channel-native-protocols', {}, { timeout: 5000 });
    expect(checkbox('gemini').checked).toBe(true);
    expect(checkbox('responses').checked).toBe(false);

    fireEvent.click(checkbox('anthropic'));
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(JSON.parse(sent('PUT')[0]?.config ?? '')).toMatchObject({ native_protocols: 'anthropic,gemini' });

    fireEvent.click(checkbox('anthropic'));
    fireEvent.click(checkbox('gemini'));
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(sent('PUT')).toHaveLength(2));
    expect(JSON.parse(sent('PUT')[1]?.config ?? '')).toMatchObject({ native_protocols: 'none' });
    expect(problems).toEqual([]);
  }, 20_000);
});
