import SQLite from 'better-sqlite3';

/**
 * A deterministic synthetic log table for the million-row test and bench/logs-query.ts. Row i (1-based)
 * is a pure function of i, so expected answers can be recomputed in JS without reading the database.
 * Ids and timestamps rise together, as the relay writes them; 90% of rows are consume logs.
 */
export const SEED_USERS = 100;
export const SEED_MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-3-5-sonnet', 'gemini-1.5-pro', 'deepseek-chat', 'qwen-max', 'glm-4', 'moonshot-v1-8k'];
export const SEED_TOKENS = 40;
export const SEED_CHANNELS = 12;
/** Seconds between consecutive rows: a million rows cover about 35 days. */
export const SEED_STEP = 3;

export interface SeedLog {
  id: number;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  channel_id: number;
  request_id: string;
  elapsed_time: number;
  is_stream: number;
  system_prompt_reset: number;
}

const TYPES_BY_SLOT: Record<number, number> = { 0: 1, 1: 3, 2: 4, 3: 5 };

export function seedLog(i: number, startAt: number): SeedLog {
  const type = TYPES_BY_SLOT[i % 40] ?? 2;
  const consume = type === 2;
  const userId = ((i * 7) % SEED_USERS) + 1;
  return {
    id: i,
    user_id: userId,
    created_at: startAt + i * SEED_STEP,
    type,
    content: consume ? 'model ratio 1.00, group ratio 1.00' : `event ${i}`,
    username: `user${userId}`,
    token_name: consume ? `token${(i * 3) % SEED_TOKENS}` : '',
    model_name: consume || type === 5 ? (SEED_MODELS[(i * 5) % SEED_MODELS.length] ?? '') : '',
    quota: consume ? (i % 1000) + 1 : type === 1 ? 500_000 : 0,
    prompt_tokens: consume ? i % 500 : 0,
    completion_tokens: consume ? i % 300 : 0,
    channel_id: consume || type === 5 ? (i % SEED_CHANNELS) + 1 : 0,
    request_id: `req${i}`,
    elapsed_time: i % 2000,
    is_stream: i % 2,
    system_prompt_reset: 0,
  };
}

const COLUMNS = Object.keys(seedLog(1, 0)) as (keyof SeedLog)[];
const ROWS_PER_STATEMENT = 500;

/**
 * Inserts rows 1..count into the logs table of an SQLite file in one transaction, 500 rows per statement.
 * The table's indexes are dropped first and rebuilt once at the end, as a restore does: building an index
 * from sorted data is several times faster than updating it row by row.
 */
export function seedLogs(file: string, count: number, startAt: number): void {
  const database = new SQLite(file, { timeout: 10_000 });
  try {
    const indexes = database.prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'logs' and sql is not null").all() as { name: string; sql: string }[];
    const tuple = `(${COLUMNS.map(() => '?').join(',')})`;
    const sqlFor = (rows: number) => `insert into logs (${COLUMNS.join(',')}) values ${Array.from({ length: rows }, () => tuple).join(',')}`;
    const full = database.prepare(sqlFor(ROWS_PER_STATEMENT));
    const load = database.transaction(() => {
      for (const index of indexes) database.exec(`drop index "${index.name}"`);
      for (let first = 1; first <= count; first += ROWS_PER_STATEMENT) {
        const rows = Math.min(ROWS_PER_STATEMENT, count - first + 1);
        const values: (string | number)[] = [];
        for (let i = first; i < first + rows; i += 1) {
          const row = seedLog(i, startAt);
          for (const column of COLUMNS) values.push(row[column]);
        }
        (rows === ROWS_PER_STATEMENT ? full : database.prepare(sqlFor(rows))).run(values);
      }
      for (const index of indexes) database.exec(index.sql);
    });
    load();
  } finally {
    database.close();
  }
}
