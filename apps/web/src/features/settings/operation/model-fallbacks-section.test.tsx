import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { afterPendingWork } from '@/test/pending-work';
import { ModelFallbacksSection } from './model-fallbacks-section';

const MODELS = ['claude-sonnet-4-6', 'gemini-3-pro-preview', 'gpt-5.2'];
const puts = () => vi.mocked(fetch).mock.calls.filter(([path, init]) => path === '/api/option/' && init?.method === 'PUT');
const savedValue = (call = 0) => (JSON.parse(String(puts()[call]?.[1]?.body)) as { key: string; value: string }).value;

/** The section over a saved value; the server lists the groups and their models, and answers a save with `saved`. */
function renderSection(saved: string, answerSave: () => Response = () => Response.json({ success: true, message: '' })) {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return Promise.resolve(answerSave());
      const data = path === '/api/group/' ? ['default', 'vip'] : path.startsWith('/api/group/models') ? MODELS : {};
      return Promise.resolve(Response.json({ success: true, message: '', data }));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ModelFallbacksSection options={{ ModelFallbacks: saved }} />
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const valueOf = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
const save = () => fireEvent.click(screen.getByTestId('save-ModelFallbacks'));

describe('the structured fallback chain editor', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.unstubAllGlobals();
  });

  it('builds a chain as rows (a group, a model, its chain reordered, a trigger) and saves the option’s exact JSON', async () => {
    renderSection('{}');
    fireEvent.click(screen.getByTestId('fallback-group-add'));
    expect(valueOf('fallback-group-name-0')).toBe('*');
    type('fallback-model-0-0', 'claude-sonnet-4-6');
    type('fallback-chain-0-0-0', 'gpt-5.2');
    fireEvent.click(screen.getByTestId('fallback-chain-add-0-0'));
    type('fallback-chain-0-0-1', 'gemini-3-pro-preview');
    fireEvent.click(screen.getByTestId('fallback-up-0-0-1'));
    fireEvent.click(screen.getByTestId('fallback-on-0-0-context_length'));
    save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(savedValue())).toEqual({ '*': { 'claude-sonnet-4-6': { chain: ['gemini-3-pro-preview', 'gpt-5.2'], on: ['context_length'] } } });
  });

  it('shows a saved value as rows, and edits it as JSON and back, both ways', async () => {
    renderSection('{"vip":{"gpt-5.2":{"chain":["claude-sonnet-4-6"],"on":["content_policy"]}}}');
    expect(valueOf('fallback-group-name-0')).toBe('vip');
    expect(valueOf('fallback-model-0-0')).toBe('gpt-5.2');
    expect(valueOf('fallback-chain-0-0-0')).toBe('claude-sonnet-4-6');
    expect((screen.getByTestId('fallback-on-0-0-content_policy') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('fallback-json-toggle'));
    expect(JSON.parse(valueOf('option-ModelFallbacks'))).toEqual({ vip: { 'gpt-5.2': { chain: ['claude-sonnet-4-6'], on: ['content_policy'] } } });
    type('option-ModelFallbacks', '{"vip":{"gpt-5.2":{"chain":["claude-sonnet-4-6"]},"o3":{"chain":["gpt-5.2"]}}}');
    fireEvent.click(screen.getByTestId('fallback-json-toggle'));
    expect(valueOf('fallback-model-0-1')).toBe('o3');
    expect((screen.getByTestId('fallback-on-0-0-content_policy') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByTestId('fallback-chain-remove-0-1-0'));
    expect(screen.getByTestId('fallback-problem-0-1').textContent).toBe('ModelFallbacks.vip.o3.chain 必须是 1 到 8 个模型名的列表，不能为空或重复');
    fireEvent.click(screen.getByTestId('fallback-chain-add-0-1'));
    type('fallback-chain-0-1-0', 'claude-sonnet-4-6');
    fireEvent.click(screen.getByTestId('fallback-chain-add-0-1'));
    type('fallback-chain-0-1-1', 'gemini-3-pro-preview');
    save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(savedValue())).toEqual({ vip: { 'gpt-5.2': { chain: ['claude-sonnet-4-6'] }, o3: { chain: ['claude-sonnet-4-6', 'gemini-3-pro-preview'] } } });
  });

  it('refuses a model falling back to itself, and a cycle, on the row before sending', async () => {
    renderSection('{}');
    fireEvent.click(screen.getByTestId('fallback-group-add'));
    type('fallback-model-0-0', 'a');
    type('fallback-chain-0-0-0', 'a');
    expect(screen.getByTestId('fallback-problem-0-0').textContent).toBe('ModelFallbacks.*.a.chain.0 是该链所属的模型本身：模型不能回退到自己');
    save();
    await afterPendingWork();
    expect(puts()).toHaveLength(0);
    type('fallback-chain-0-0-0', 'b');
    fireEvent.click(screen.getByTestId('fallback-row-add-0'));
    type('fallback-model-0-1', 'b');
    type('fallback-chain-0-1-0', 'a');
    expect(screen.getByTestId('fallback-problem-0-0').textContent).toBe('ModelFallbacks.*.a.chain：回退链形成了循环（a → b → a）');
    save();
    await afterPendingWork();
    expect(puts()).toHaveLength(0);
  });

  it('refuses an unfinished row (no model) and a model named twice in a group, in English', async () => {
    await i18n.changeLanguage('en');
    renderSection('{}');
    fireEvent.click(screen.getByTestId('fallback-group-add'));
    type('fallback-chain-0-0-0', 'b');
    expect(screen.getByTestId('fallback-problem-0-0').textContent).toBe('Pick or type the model asked for');
    save();
    await afterPendingWork();
    expect(puts()).toHaveLength(0);
    type('fallback-model-0-0', 'a');
    fireEvent.click(screen.getByTestId('fallback-row-add-0'));
    type('fallback-model-0-1', 'a');
    type('fallback-chain-0-1-0', 'c');
    expect(screen.getByTestId('fallback-problem-0-1').textContent).toBe('This model has a chain in this group already');
    // JSON cannot hold a model twice: the rows stay until that is fixed.
    fireEvent.click(screen.getByTestId('fallback-json-toggle'));
    expect(screen.getByTestId('fallback-switch-refused').textContent).toBe('Fix the form first: This model has a chain in this group already');
    save();
    await afterPendingWork();
    expect(puts()).toHaveLength(0);
  });

  it('shows the server’s refusal, which names the field, on the row it names', async () => {
    const refusal = { success: false, message: 'ModelFallbacks.*.a.chain.0 refused by the server', field: 'ModelFallbacks.*.a.chain.0' };
    renderSection('{}', () => Response.json(refusal, { status: 400 }));
    fireEvent.click(screen.getByTestId('fallback-group-add'));
    type('fallback-model-0-0', 'a');
    type('fallback-chain-0-0-0', 'b');
    save();
    await waitFor(() => expect(screen.getByTestId('fallback-problem-0-0').textContent).toBe(refusal.message));
  });

  it('stays on the JSON text when the rows cannot hold it, and says why it does not switch', async () => {
    renderSection('{"*":{"a":{"chain":["b"],"on":["timeout"]}}}');
    expect(valueOf('option-ModelFallbacks')).toContain('timeout');
    fireEvent.click(screen.getByTestId('fallback-json-toggle'));
    expect(screen.getByTestId('fallback-switch-refused').textContent).toMatch(/^该 JSON 无法以表单显示/);
    expect(screen.queryByTestId('fallback-group-0')).toBeNull();
  });
});
