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
  base_url: 'https://mirror.example',
  other: '',
  balance: 0,
  balance_updated_time: 0,
  models: 'gpt-4o,my-alias',
  group: 'default',
  used_quota: 0,
  model_mapping: '',
  priority: 0,
  config: '',
  system_prompt: '',
};

const UPSTREAM = [
  { id: 'gpt-4o', priced: true },
  { id: 'gpt-4o-mini', priced: true },
  { id: 'mystery-model-x', priced: false },
];

const answers: Record<string, unknown> = {
  '/api/channel/4': channel,
  '/api/models': { 1: ['gpt-4o'] },
  '/api/channel/models': [{ id: 'gpt-4o' }],
  '/api/group/': ['default'],
};

let fetchRefusal: string | undefined;

/** The server: the upstream's list (or a refusal), and the picked models whose names start with "mystery" unpriced. */
function reply(path: string, init?: RequestInit): Response {
  const body = init?.body ? (JSON.parse(String(init.body)) as { models?: string[] }) : {};
  if (path === '/api/channel/fetch_models') {
    return Response.json(fetchRefusal ? { success: false, message: fetchRefusal } : { success: true, message: '', data: { models: UPSTREAM } });
  }
  if (path === '/api/channel/unpriced_models') return Response.json({ success: true, message: '', data: { unpriced: (body.models ?? []).filter((model) => model.startsWith('mystery')) } });
  return Response.json({ success: true, message: '', data: answers[path] ?? {} });
}

const sentTo = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([called]) => called === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const picked = () => [...screen.getByTestId('channel-models').querySelectorAll('.ant-select-selection-item')].map((item) => item.getAttribute('title'));
const checkboxOf = (model: string) => within(screen.getByTestId(`upstream-model-${model}`).closest('label') as HTMLElement).getByRole('checkbox') as HTMLInputElement;

describe('channel form: the upstream model list', () => {
  let problems: unknown[][] = [];

  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    vi.stubGlobal('fetch', vi.fn((path: string, init?: RequestInit) => Promise.resolve(reply(path, init))));
    fetchRefusal = undefined;
    problems = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void problems.push(args));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fetches with the form’s values, marks unpriced models, and puts the picks in the form', async () => {
    renderRoute('/channel/edit/4');
    await screen.findByTestId('channel-fetch-models');
    fireEvent.click(screen.getByTestId('channel-fetch-models'));
    await screen.findByTestId('upstream-models');
    // An edit sends its id and a blank key: the server asks with the stored one.
    expect(sentTo('/api/channel/fetch_models')).toEqual([expect.objectContaining({ id: 4, type: 1, key: '', base_url: 'https://mirror.example' })]);

    // What the channel already serves starts ticked; only the unpriced model carries the mark.
    expect(checkboxOf('gpt-4o').checked).toBe(true);
    expect(checkboxOf('gpt-4o-mini').checked).toBe(false);
    expect(within(screen.getByTestId('upstream-model-mystery-model-x')).getByText('未定价')).toBeTruthy();
    expect(within(screen.getByTestId('upstream-model-gpt-4o-mini')).queryByText('未定价')).toBeNull();
    expect(screen.getByTestId('upstream-models-counts').textContent).toBe('已选 1 个，共 3 个');

    // "Select all" ticks what the search shows, no more.
    fireEvent.change(screen.getByTestId('upstream-models-search'), { target: { value: 'MINI' } });
    expect(screen.queryByTestId('upstream-model-mystery-model-x')).toBeNull();
    fireEvent.click(screen.getByTestId('upstream-models-all'));
    fireEvent.change(screen.getByTestId('upstream-models-search'), { target: { value: '' } });
    expect(checkboxOf('mystery-model-x').checked).toBe(false);
    fireEvent.click(checkboxOf('mystery-model-x'));
    fireEvent.click(checkboxOf('gpt-4o'));
    fireEvent.click(screen.getByTestId('upstream-models-confirm'));

    // The alias the upstream does not list stays; the unticked gpt-4o leaves; the picks join.
    await waitFor(() => expect(picked()).toEqual(['my-alias', 'gpt-4o-mini', 'mystery-model-x']));
    await waitFor(() => expect(within(screen.getByTestId('channel-models')).getAllByText('未定价')).toHaveLength(1));
    expect(sentTo('/api/channel/unpriced_models').at(-1)).toEqual({ models: ['gpt-4o-mini', 'my-alias', 'mystery-model-x'] });

    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([path, init]) => path === '/api/channel/' && init?.method === 'PUT')).toBe(true));
    expect(sentTo('/api/channel/').at(-1)).toMatchObject({ models: 'my-alias,gpt-4o-mini,mystery-model-x' });
    expect(problems).toEqual([]);
  }, 20_000);

  it('sends a new channel’s typed key and opens no list when the server refuses', async () => {
    fetchRefusal = 'the upstream answered HTTP 401 at https://api.openai.com/v1/models: Incorrect API key provided';
    renderRoute('/channel/add');
    await screen.findByTestId('channel-fetch-models');
    fireEvent.change(screen.getByTestId('channel-key'), { target: { value: 'sk-typed' } });
    fireEvent.click(screen.getByTestId('channel-fetch-models'));
    await waitFor(() => expect(sentTo('/api/channel/fetch_models')).toHaveLength(1));
    expect(sentTo('/api/channel/fetch_models')[0]).toMatchObject({ type: 1, key: 'sk-typed' });
    expect(sentTo('/api/channel/fetch_models')[0]).not.toHaveProperty('id');
    await waitFor(() => expect((screen.getByTestId('channel-fetch-models') as HTMLButtonElement).className).not.toMatch(/loading/));
    expect(screen.queryByTestId('upstream-models')).toBeNull();
  }, 20_000);
});
