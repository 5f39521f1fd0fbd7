import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const OPTIONS = {
  QuotaPerUnit: '500000',
  RetryTimes: '0',
  ModelRatio: '{}',
  GroupRatio: '{"default":1,"vip":2}',
  GroupRateLimits: '{}',
  CompletionRatio: '{}',
  CacheReadRatio: '{"claude-sonnet-4":0.1}',
  PasswordLoginEnabled: 'true',
  EmailDomainWhitelist: 'gmail.com,qq.com',
  SMTPToken: '',
  Theme: 'default',
};

const puts = () => vi.mocked(fetch).mock.calls.filter(([path, init]) => path === '/api/option/' && init?.method === 'PUT');

describe('SettingPage admin tabs', () => {
  let problems: unknown[][] = [];

  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    const data = Object.entries(OPTIONS).map(([key, value]) => ({ key, value }));
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(Response.json({ success: true, message: '', data: path === '/api/option/' ? data : {} }))));
    problems = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void problems.push(args));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function openTab(name: string): Promise<void> {
    renderRoute('/setting');
    fireEvent.click(await screen.findByText(name, {}, { timeout: 5000 }));
  }

  it('shows the ratios pretty-printed, an empty object as empty, and refuses invalid JSON', async () => {
    await openTab('运营设置');
    const groupRatio = await screen.findByTestId('option-GroupRatio');
    expect((groupRatio as HTMLTextAreaElement).value).toBe('{\n  "default": 1,\n  "vip": 2\n}');
    expect((screen.getByTestId('option-ModelRatio') as HTMLTextAreaElement).value).toBe('');
    fireEvent.change(groupRatio, { target: { value: '{"vip": ' } });
    fireEvent.click(screen.getByTestId('save-ModelRatio-CompletionRatio-GroupRatio-DefaultModelRatio'));
    await screen.findByText('分组倍率不是合法的 JSON 字符串');
    expect(puts()).toHaveLength(0);
    expect(problems).toEqual([]);
    // The first opening of the operation tab (its prices and ratio editors) takes 3-5 s on a busy machine.
  }, 15_000);

  it('edits the default ratio of unpriced models beside the ratios, refusing one that is not a number of 0 or more', async () => {
    await openTab('运营设置');
    const fallback = await screen.findByTestId('option-DefaultModelRatio');
    expect((fallback as HTMLInputElement).value).toBe('');
    fireEvent.change(fallback, { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('save-ModelRatio-CompletionRatio-GroupRatio-DefaultModelRatio'));
    await screen.findByText('未定价模型的默认倍率应为不小于 0 的数字，或留空');
    expect(puts()).toHaveLength(0);
    fireEvent.change(fallback, { target: { value: '7.5' } });
    fireEvent.click(screen.getByTestId('save-ModelRatio-CompletionRatio-GroupRatio-DefaultModelRatio'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.[1]?.body).toBe('{"key":"DefaultModelRatio","value":"7.5"}');
    expect(problems).toEqual([]);
  });

  it('edits the groups’ default rate limits beside the group ratio, refusing a limit that is not a whole number', async () => {
    await openTab('运营设置');
    const limits = await screen.findByTestId('option-GroupRateLimits');
    expect((limits as HTMLTextAreaElement).value).toBe('');
    fireEvent.change(limits, { target: { value: '{"vip":{"rpm":-1}}' } });
    fireEvent.click(screen.getByTestId('save-GroupRateLimits'));
    await screen.findByText(/分组默认速率限制不合法: GroupRateLimits.vip.rpm 必须是 0（不限制）到 2000000000 之间的整数/);
    expect(puts()).toHaveLength(0);
    fireEvent.change(limits, { target: { value: '{"vip":{"rpm":600,"concurrency":20}}' } });
    fireEvent.click(screen.getByTestId('save-GroupRateLimits'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.[1]?.body).toBe('{"key":"GroupRateLimits","value":"{\\"vip\\":{\\"rpm\\":600,\\"concurrency\\":20}}"}');
    expect(problems).toEqual([]);
  });

  it('edits the cache and reasoning ratios on their own, refusing invalid JSON with their own message', async () => {
    await openTab('运营设置');
    const cacheRead = await screen.findByTestId('option-CacheReadRatio');
    expect((cacheRead as HTMLTextAreaElement).value).toBe('{\n  "claude-sonnet-4": 0.1\n}');
    expect((screen.getByTestId('option-ReasoningRatio') as HTMLTextAreaElement).value).toBe('');
    const save = screen.getByTestId('save-CacheReadRatio-CacheWriteRatio-ReasoningRatio');

    fireEvent.change(screen.getByTestId('option-CacheWriteRatio'), { target: { value: '{"claude": ' } });
    fireEvent.click(save);
    await screen.findByText('缓存写入倍率不是合法的 JSON 字符串');
    expect(puts()).toHaveLength(0);

    // A cleared table goes back to the built-in prices: saved as {}, which the server accepts.
    fireEvent.change(screen.getByTestId('option-CacheWriteRatio'), { target: { value: '{"claude-sonnet-4": 1.25}' } });
    fireEvent.change(cacheRead, { target: { value: '' } });
    fireEvent.click(save);
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts().map(([, init]) => init?.body)).toEqual(['{"key":"CacheReadRatio","value":"{}"}', '{"key":"CacheWriteRatio","value":"{\\"claude-sonnet-4\\":1.25}"}']);
    expect(problems).toEqual([]);
  });

  it('shows the built-in ratios in the editors and saves only what the operator changed', async () => {
    const data = Object.entries({ ...OPTIONS, ModelRatio: '{"my-model":2}' }).map(([key, value]) => ({ key, value }));
    const builtIns = { ModelRatio: { 'gpt-4o': 1.25, 'claude-sonnet-4-5': 1.5 }, CompletionRatio: { 'gpt-4o': 4 }, CacheReadRatio: {}, CacheWriteRatio: {}, ReasoningRatio: {} };
    const answer = (path: string) => (path === '/api/option/' ? data : path === '/api/pricing/built_in_ratios' ? builtIns : {});
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(Response.json({ success: true, message: '', data: answer(path) }))));
    await openTab('运营设置');
    const modelRatio = await screen.findByTestId('option-ModelRatio');
    expect(JSON.parse((modelRatio as HTMLTextAreaElement).value)).toEqual({ 'claude-sonnet-4-5': 1.5, 'gpt-4o': 1.25, 'my-model': 2 });
    expect(JSON.parse((screen.getByTestId('option-CompletionRatio') as HTMLTextAreaElement).value)).toEqual({ 'gpt-4o': 4 });
    fireEvent.change(modelRatio, { target: { value: '{"claude-sonnet-4-5": 1.5, "gpt-4o": 1, "my-model": 2}' } });
    fireEvent.click(screen.getByTestId('save-ModelRatio-CompletionRatio-GroupRatio-DefaultModelRatio'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.[1]?.body).toBe('{"key":"ModelRatio","value":"{\\"gpt-4o\\":1,\\"my-model\\":2}"}');
    expect(problems).toEqual([]);
  }, 15_000);

  it('asks before turning password sign-in off and sends nothing when cancelled', async () => {
    await openTab('系统设置');
    fireEvent.click(await screen.findByTestId('option-PasswordLoginEnabled'));
    await screen.findByText(/取消密码登录将导致所有未绑定其他登录方式的用户/);
    expect(puts()).toHaveLength(0);
  });

  it('turns a switch on by sending the opposite of its value', async () => {
    await openTab('系统设置');
    fireEvent.click(await screen.findByTestId('option-RegisterEnabled'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.[1]?.body).toBe('{"key":"RegisterEnabled","value":"true"}');
  });

  it('saves the whitelist with an added domain, ignoring a duplicate', async () => {
    await openTab('系统设置');
    const input = await screen.findByTestId('whitelist-new-domain');
    for (const domain of ['example.com', 'qq.com']) {
      fireEvent.change(input, { target: { value: domain } });
      fireEvent.click(screen.getByTestId('whitelist-add'));
    }
    fireEvent.click(screen.getByTestId('save-EmailDomainWhitelist'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.[1]?.body).toBe('{"key":"EmailDomainWhitelist","value":"gmail.com,qq.com,example.com"}');
  });

  it('gives every content of the other tab its own save button', async () => {
    await openTab('其他设置');
    await screen.findByTestId('save-Theme');
    for (const key of ['Notice', 'SystemName', 'Logo', 'HomePageContent', 'About', 'Footer']) expect(screen.getByTestId(`save-${key}`)).toBeTruthy();
    expect(problems).toEqual([]);
  });

  it('keeps the open tab in the address: a link opens it, a click changes it, an unknown one shows the first', async () => {
    const router = renderRoute('/setting?tab=system');
    await screen.findByTestId('whitelist-new-domain', {}, { timeout: 5000 });
    fireEvent.click(screen.getByText('其他设置'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=other'));
    await screen.findByTestId('save-Theme');
    await router.navigate(-1);
    await screen.findByTestId('whitelist-new-domain');
    await router.navigate('/setting?tab=nonsense');
    await waitFor(() => expect(screen.getByRole('tab', { name: '个人设置' }).getAttribute('aria-selected')).toBe('true'));
  });

  it('links every section of the long operation tab from a bar at its top', async () => {
    renderRoute('/setting?tab=operation');
    const anchors = await screen.findByTestId('operation-anchors', {}, { timeout: 5000 });
    const links = [...anchors.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['通用设置', '日志设置', '监控设置', '渠道熔断', '额度设置', '响应缓存', '模型价格', '价格来源', '倍率设置', '长上下文价格']);
    // Each link has its section on the page.
    for (const link of links) expect(document.getElementById((link.getAttribute('href') ?? '').slice(1))).not.toBeNull();
  });
});

