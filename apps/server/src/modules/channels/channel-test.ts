import { ChannelStatus, LogType, channelType, message as catalogMessage, renderMessage, type CatalogMessage } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { ChannelRow } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { adaptorFor } from '../../providers/registry.js';
import { rerankAdaptorFor } from '../../providers/rerank/rerank-adaptor.js';
import { isRerankModel, rerankProbe, rerankProbeReply } from '../../providers/rerank/rerank-probe.js';
import { autoDisableChannel, autoEnableChannel } from '../../relay/health/channel-status.js';
import { toRoutableChannel } from '../../relay/routing/routable-channel.js';
import { callUpstream } from '../../relay/upstream-call.js';
import { recordLog } from '../logs/logs.repository.js';
import { testModel } from './channel-test-model.js';

export interface TestResult {
  success: boolean;
  /** In English, as logged and sent to root; `text` is the same message for the console's language. */
  message: string;
  text: CatalogMessage;
  /** Seconds, as the console reads it. */
  time: number;
  model: string;
}

/**
 * Sends one short chat request through the channel's real adaptor and records the response time (also on
 * failure) and a test log. A test of every channel (`applyHealthRules`, the bulk and scheduled runs) also
 * applies the health rules: a disabling error or a reply slower than ChannelDisableThreshold disables an
 * enabled channel; a pass within that time re-enables an automatically disabled one. A test of one channel
 * from the console only reports, as one-api's does: an operator who tests a channel they disabled by hand
 * or that failed does not want it switched on or off behind their back.
 */
export async function testChannel(ctx: AppContext, row: ChannelRow, requestedModel?: string, applyHealthRules = false): Promise<TestResult> {
  const channel = toRoutableChannel(row);
  const model = testModel(row, requestedModel, ctx.relay.priceSources.current);
  const upstreamModel = channel.modelMapping[model] ?? model;
  const type = channelType(channel.type);
  // A rerank model is tested with a rerank, where the channel's protocol serves one.
  const rerank = type !== undefined && isRerankModel(upstreamModel) && rerankAdaptorFor(type.protocol).modes?.includes('rerank') === true;
  const adaptor = type ? (rerank ? rerankAdaptorFor(type.protocol) : adaptorFor(type.protocol)) : undefined;
  if (!type || !adaptor) {
    const text = catalogMessage('channel.test_unsupported', { type: channel.type });
    return { success: false, message: renderMessage(text, 'en'), text, time: 0, model };
  }

  const request = {
    target: { type, key: channel.key, baseUrl: channel.baseUrl, other: channel.other, config: channel.config, settings: ctx.relay.providerSettings },
    mode: rerank ? ('rerank' as const) : ('chat' as const),
    path: rerank ? '/v1/rerank' : '/v1/chat/completions',
    model: upstreamModel,
    stream: false,
    body: rerank ? rerankProbe(upstreamModel, ctx.config.TEST_PROMPT) : Buffer.from(JSON.stringify({ model: upstreamModel, messages: [{ role: 'user', content: ctx.config.TEST_PROMPT }] })),
    contentType: 'application/json',
  };
  const started = performance.now();
  const result = await callUpstream(ctx.relay.upstream, adaptor, request, AbortSignal.timeout(60_000));
  let text: CatalogMessage;
  let success = false;
  if (result.ok) {
    const answer = adaptor.parseAnswer(request, await result.response.body.bytes(), String(result.response.headers['content-type'] ?? ''));
    const content = rerank ? rerankProbeReply(answer.body) : readContent(answer.body);
    success = content !== undefined;
    text = content === undefined ? catalogMessage('channel.test_no_content') : catalogMessage('channel.test_reply', { reply: content });
  } else {
    text = catalogMessage('channel.test_upstream_error', { status: result.error.status, detail: result.error.message });
  }
  const elapsedMs = Math.round(performance.now() - started);
  // A reply slower than ChannelDisableThreshold (seconds, 0 = no limit) is a failed test: it may disable the
  // channel, and it never re-enables one (one-api re-enabled slow channels, which then flapped).
  const threshold = ctx.options.num('ChannelDisableThreshold') * 1000;
  const slowText = threshold > 0 && elapsedMs > threshold ? catalogMessage('channel.test_slow', { seconds: (elapsedMs / 1000).toFixed(2), threshold: threshold / 1000 }) : undefined;
  const slow = slowText && renderMessage(slowText, 'en');
  if (slowText && success) {
    success = false;
    text = catalogMessage('channel.test_slow_reply', { slow: slowText, reply: text });
  }
  const message = renderMessage(text, 'en');
  await ctx.db.updateTable('channels').set({ response_time: elapsedMs, test_time: nowSeconds() }).where('id', '=', row.id).execute();
  await recordLog(ctx.db, { userId: 0, username: '', type: LogType.Test, content: `channel #${row.id} test with ${model}: ${message}`, modelName: model, channelId: row.id, elapsedMs });

  // A passing test is proof enough that a cooling channel answers again: its circuit closes on every node.
  if (success) ctx.relay.breakers.reset(row.id);
  if (!applyHealthRules) return { success, message, text, time: elapsedMs / 1000, model };
  if (row.status === ChannelStatus.Enabled && !result.ok && result.disableChannel) await autoDisableChannel(ctx, channel, message);
  else if (row.status === ChannelStatus.Enabled && slow) {
    if (!(await autoDisableChannel(ctx, channel, slow))) await ctx.notifyRoot(`Channel "${channel.name}" (#${channel.id}) is slow`, slow);
  } else if (row.status === ChannelStatus.AutoDisabled && success) await autoEnableChannel(ctx, channel);
  return { success, message, text, time: elapsedMs / 1000, model };
}

function readContent(body: Buffer): string | undefined {
  try {
    const content = (JSON.parse(body.toString('utf8')) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}
