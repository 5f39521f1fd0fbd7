import { describe, expect, it } from 'vitest';
import { extensionsLeftOut, plainHubRequest } from './hub.js';

const hub = () => ({
  model: 'm',
  thinking: { type: 'adaptive' },
  top_k: 4,
  messages: [
    { role: 'system', content: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }] },
    { role: 'assistant', content: 'Looking.', thinking_blocks: [{ type: 'thinking', thinking: 'hm', signature: 's' }] },
    { role: 'tool', tool_call_id: 'c', content: [{ type: 'text', text: 'shot' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' } }] },
  ],
});

describe('the hub request for an upstream that reads no extensions', () => {
  it('is plain OpenAI, and leaves the hub request it came from as it was (a retry may go to a channel that reads them)', () => {
    const original = hub();
    const plain = plainHubRequest(original, 'gpt-5.2');
    expect(plain).not.toHaveProperty('thinking');
    expect(JSON.stringify(plain)).not.toContain('cache_control');
    expect(original).toEqual(hub());
  });

  it('names what it takes out; thinking not when an effort carries it', () => {
    expect(extensionsLeftOut(hub(), 'gpt-5.2')).toEqual(['thinking', 'top_k', 'cache_control', 'thinking blocks of earlier turns', 'images in tool results']);
    expect(extensionsLeftOut({ ...hub(), reasoning_effort: 'high' }, 'gpt-5.2')).not.toContain('thinking');
    expect(extensionsLeftOut({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }, 'gpt-5.2')).toEqual([]);
  });

  it("leaves out an effort for OpenAI's models that do not reason, which refuse it, and names it", () => {
    const effort = { model: 'm', reasoning_effort: 'high', thinking: { type: 'adaptive' }, messages: [{ role: 'user', content: 'hi' }] };
    expect(plainHubRequest(effort, 'gpt-4.1')).not.toHaveProperty('reasoning_effort');
    expect(extensionsLeftOut(effort, 'gpt-4o-mini')).toEqual(['thinking', 'effort']);
    expect(plainHubRequest(effort, 'gpt-5.2')).toHaveProperty('reasoning_effort', 'high');
    expect(plainHubRequest(effort, 'deepseek-chat')).toHaveProperty('reasoning_effort', 'high');
  });
});
