import type { Adaptor, AdaptorRequest, ParsedAnswer, StreamEvent, StreamParser } from './adaptor.js';

/**
 * OpenAI's `parallel_tool_calls: false` (at most one tool call per turn) emulated for protocols that cannot
 * ask it of the model (Gemini, Cohere, Ollama, Zhipu, Hunyuan): the answer and the stream keep the turn's
 * first call and drop the others, so the client sees one call, answers it, and the model may call again on
 * the next turn. What the model generated for the dropped calls is still billed: the upstream charged it.
 * Refusing the parameter instead would refuse every Codex CLI request, which sends it.
 * Docs: https://platform.openai.com/docs/guides/function-calling#parallel-function-calling
 */
interface ToolCallsMessage {
  tool_calls?: { index?: number }[];
}

interface Choices {
  choices?: { message?: ToolCallsMessage; delta?: ToolCallsMessage }[];
}

/** Whether the request asks for one call per turn; the body is parsed only when it names the parameter. */
function serial(request: AdaptorRequest): boolean {
  if (request.mode !== 'chat' || !request.body.includes('parallel_tool_calls')) return false;
  try {
    return (JSON.parse(request.body.toString('utf8')) as { parallel_tool_calls?: unknown }).parallel_tool_calls === false;
  } catch {
    return false;
  }
}

/** The first call of each choice's message (an answer) or delta (a chunk, where calls carry their index). */
function firstCallOnly(json: Choices): boolean {
  let changed = false;
  for (const choice of json.choices ?? []) {
    for (const part of [choice.message, choice.delta]) {
      const calls = part?.tool_calls;
      if (!part || !Array.isArray(calls)) continue;
      const kept = choice.delta ? calls.filter((call, position) => (call.index ?? position) === 0) : calls.slice(0, 1);
      if (kept.length === calls.length) continue;
      changed = true;
      if (kept.length > 0) part.tool_calls = kept;
      else delete part.tool_calls;
    }
  }
  return changed;
}

function serialAnswer(answer: ParsedAnswer): ParsedAnswer {
  let json: Choices;
  try {
    json = JSON.parse(answer.body.toString('utf8')) as Choices;
  } catch {
    return answer;
  }
  return firstCallOnly(json) ? { ...answer, body: Buffer.from(JSON.stringify(json)) } : answer;
}

function serialEvent(event: StreamEvent): StreamEvent {
  if (!event.forward.some((data) => data.includes('"tool_calls"'))) return event;
  const forward = event.forward.map((data) => {
    if (!data.includes('"tool_calls"')) return data;
    try {
      const json = JSON.parse(data) as Choices;
      return firstCallOnly(json) ? JSON.stringify(json) : data;
    } catch {
      return data;
    }
  });
  return { ...event, forward };
}

/** The parser without its verbatim path: every chunk must pass through the filter. */
function serialParser(parser: StreamParser): StreamParser {
  const end = parser.end?.bind(parser);
  return { framing: parser.framing, event: (data) => serialEvent(parser.event(data)), ...(end ? { end: () => serialEvent(end()) } : {}) };
}

/** The adaptor with `parallel_tool_calls: false` emulated on its answers and streams. */
export function withSerialToolCalls(adaptor: Adaptor): Adaptor {
  const { parseAnswer, streamParser } = adaptor;
  return {
    ...adaptor,
    parseAnswer: (request, body, contentType) => {
      const answer = parseAnswer(request, body, contentType);
      return serial(request) ? serialAnswer(answer) : answer;
    },
    ...(streamParser
      ? {
          streamParser: (request: AdaptorRequest) => {
            const parser = streamParser(request);
            return serial(request) ? serialParser(parser) : parser;
          },
        }
      : {}),
  };
}
