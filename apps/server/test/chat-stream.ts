import type OpenAI from 'openai';

export interface ChatStreamRead {
  chunks: OpenAI.ChatCompletionChunk[];
  /** The content deltas joined. */
  text: string;
  /** Every finish_reason the stream sent, in order: a correct stream sends exactly one. */
  finishReasons: string[];
  /** The last usage the stream reported, if any. */
  usage?: OpenAI.CompletionUsage;
  /** The tool-call argument deltas joined (the tests call one tool at a time). */
  toolArguments: string;
}

/** Reads a chat stream to its end, keeping what tests assert on. */
export async function readChatStream(stream: AsyncIterable<OpenAI.ChatCompletionChunk>): Promise<ChatStreamRead> {
  const read: ChatStreamRead = { chunks: [], text: '', finishReasons: [], toolArguments: '' };
  for await (const chunk of stream) {
    read.chunks.push(chunk);
    const choice = chunk.choices[0];
    read.text += choice?.delta.content ?? '';
    if (choice?.finish_reason) read.finishReasons.push(choice.finish_reason);
    for (const call of choice?.delta.tool_calls ?? []) read.toolArguments += call.function?.arguments ?? '';
    if (chunk.usage) read.usage = chunk.usage;
  }
  return read;
}
