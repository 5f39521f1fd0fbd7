import { LogType } from '@tollgate/contract';
import { withQuery } from '@/lib/api/client';
import { parseDateTime } from '@/lib/format/parse-datetime';
import { formatTimestamp } from '@/lib/format/time';

/** The filter fields as typed; channel and username are used by administrators only. */
export interface LogFilterInputs {
  tokenName: string;
  modelName: string;
  /** Times in the console format, local time. */
  start: string;
  end: string;
  channel: string;
  username: string;
}

/** The filters as sent: every key present, empty ones as '' (as one-api's console sends them). */
export interface LogQuery {
  type: number;
  username: string;
  token_name: string;
  model_name: string;
  start_timestamp: number;
  end_timestamp: number;
  channel: string;
}

/** The default range: from the epoch to an hour from now (spec section 9). */
export const defaultLogInputs = (nowSeconds: number): LogFilterInputs => ({
  tokenName: '',
  modelName: '',
  start: formatTimestamp(0),
  end: formatTimestamp(nowSeconds + 3600),
  channel: '',
  username: '',
});

/** The query of the default filters, for the first load. */
export const defaultLogQuery = (nowSeconds: number): LogQuery => ({
  type: LogType.All,
  username: '',
  token_name: '',
  model_name: '',
  start_timestamp: 0,
  end_timestamp: nowSeconds + 3600,
  channel: '',
});

/** The query of the typed filters, or undefined when a time is not a date ('time format error'). */
export function toLogQuery(inputs: LogFilterInputs, type: number = LogType.All): LogQuery | undefined {
  const start = parseDateTime(inputs.start);
  const end = parseDateTime(inputs.end);
  if (start === undefined || end === undefined) return undefined;
  return {
    type,
    username: inputs.username.trim(),
    token_name: inputs.tokenName.trim(),
    model_name: inputs.modelName.trim(),
    start_timestamp: start,
    end_timestamp: end,
    channel: inputs.channel.trim(),
  };
}

/** The self endpoints take neither username nor channel: a user only ever sees their own logs. */
function selfParams({ type, token_name, model_name, start_timestamp, end_timestamp }: LogQuery) {
  return { type, token_name, model_name, start_timestamp, end_timestamp };
}

function adminParams({ type, username, token_name, model_name, start_timestamp, end_timestamp, channel }: LogQuery) {
  return { type, username, token_name, model_name, start_timestamp, end_timestamp, channel };
}

/** GET /api/log/?p&… (administrators, all users) or GET /api/log/self/?p&… (own logs). */
export function logListPath(query: LogQuery, admin: boolean, page: number): string {
  return admin ? withQuery('/api/log/', { p: page, ...adminParams(query) }) : withQuery('/api/log/self/', { p: page, ...selfParams(query) });
}

/** GET /api/log/stat or /api/log/self/stat with the same filters: data.quota is the consumed total. */
export function logStatPath(query: LogQuery, admin: boolean): string {
  return admin ? withQuery('/api/log/stat', adminParams(query)) : withQuery('/api/log/self/stat', selfParams(query));
}
