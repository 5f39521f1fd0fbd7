import { channelType, type ChannelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { rerankFormatOf } from './rerank-format.js';

const type = (id: number): ChannelType => channelType(id) as ChannelType;
const format = (id: number, baseUrl = '', config: Record<string, string> = {}) => rerankFormatOf({ type: type(id), baseUrl, config });

describe('the rerank format of a channel', () => {
  it('follows the protocol, then the base URL, with Jina for every other OpenAI-protocol server', () => {
    expect(format(35)).toBe('cohere');
    expect(format(17)).toBe('dashscope');
    expect(format(49)).toBe('dashscope');
    expect(format(44)).toBe('jina');
    expect(format(8, 'https://api.voyageai.com/v1')).toBe('voyage');
    expect(format(8, 'https://api.jina.ai')).toBe('jina');
    expect(format(50, 'http://vllm:8000/v1')).toBe('jina');
    expect(format(8, 'not a url')).toBe('jina');
  });

  it('takes the channel config first, and ignores a format it does not know', () => {
    expect(format(8, 'http://tei:8080', { rerank_format: 'TEI ' })).toBe('tei');
    expect(format(44, '', { rerank_format: 'voyage' })).toBe('voyage');
    expect(format(8, 'https://api.voyageai.com', { rerank_format: 'mystery' })).toBe('voyage');
  });
});
