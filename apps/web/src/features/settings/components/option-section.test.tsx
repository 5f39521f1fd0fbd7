import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OptionSection } from './option-section';

const optionPuts = () => vi.mocked(fetch).mock.calls.filter(([path, init]) => path === '/api/option/' && init?.method === 'PUT');

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OptionSection
        options={{ SMTPServer: 'smtp.a.com', SMTPPort: '587', SMTPToken: '' }}
        saveLabel="save"
        fields={[
          { key: 'SMTPServer', label: 'server' },
          { key: 'SMTPPort', label: 'port', kind: 'number' },
          { key: 'SMTPToken', label: 'token', kind: 'secret' },
        ]}
      />
    </QueryClientProvider>,
  );
}

describe('OptionSection', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ success: true, message: '' }))));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts from the saved values, secrets blank', () => {
    renderSection();
    expect(screen.getByTestId('option-SMTPServer')).toHaveProperty('value', 'smtp.a.com');
    expect(screen.getByTestId('option-SMTPToken')).toHaveProperty('value', '');
  });

  it('saves only the changed field and leaves the blank secret alone', async () => {
    renderSection();
    fireEvent.change(screen.getByTestId('option-SMTPServer'), { target: { value: 'smtp.b.com' } });
    fireEvent.click(screen.getByTestId('save-SMTPServer-SMTPPort-SMTPToken'));
    await waitFor(() => expect(optionPuts()).toHaveLength(1));
    expect(optionPuts()[0]?.[1]?.body).toBe('{"key":"SMTPServer","value":"smtp.b.com"}');
  });

  it('sends a secret once one is typed', async () => {
    renderSection();
    fireEvent.change(screen.getByTestId('option-SMTPToken'), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByTestId('save-SMTPServer-SMTPPort-SMTPToken'));
    await waitFor(() => expect(optionPuts()).toHaveLength(1));
    expect(optionPuts()[0]?.[1]?.body).toBe('{"key":"SMTPToken","value":"new-secret"}');
  });
});
