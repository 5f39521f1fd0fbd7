import type { Selectable } from 'kysely';
import type { LogView } from '@tollgate/contract';
import { toBool, type LogsTable } from '../../db/schema.js';

/**
 * A log row as the console reads it. Rows written by older one-api versions hold NULL in the columns
 * added later (request_id, elapsed_time, is_stream...), so every field has a fallback.
 */
export function toLogView(row: Selectable<LogsTable>): LogView {
  return {
    id: row.id,
    user_id: row.user_id ?? 0,
    created_at: row.created_at ?? 0,
    type: row.type ?? 0,
    content: row.content ?? '',
    username: row.username ?? '',
    token_name: row.token_name ?? '',
    model_name: row.model_name ?? '',
    quota: row.quota ?? 0,
    prompt_tokens: row.prompt_tokens ?? 0,
    completion_tokens: row.completion_tokens ?? 0,
    channel: row.channel_id ?? 0,
    channel_id: row.channel_id ?? 0,
    request_id: row.request_id ?? '',
    elapsed_time: row.elapsed_time ?? 0,
    is_stream: toBool(row.is_stream),
    system_prompt_reset: toBool(row.system_prompt_reset),
    other: row.other ?? '',
  };
}
