/**
 * What a failed statement says about its connection, for PostgreSQL (pg) and MySQL (mysql2), and whether
 * running it again on another connection is safe. Three answers, from strongest to weakest:
 *
 * - the statement never ran: the driver refused to send it (the connection was already known dead), or the
 *   write failed because the server had closed the socket (EPIPE), or PostgreSQL's own farewell (57P01, sent
 *   by pg_terminate_backend and by a shutdown) came in its place. PostgreSQL handles that interrupt only where
 *   an open transaction is rolled back, and after a statement commits it answers it (CommandComplete,
 *   ReadyForQuery, flushed) before it looks at interrupts again; so a statement that got 57P01 as its answer
 *   did not commit. Any statement may run again.
 * - the connection was lost with the statement in flight (ECONNRESET, "terminated unexpectedly", mysql2's
 *   PROTOCOL_CONNECTION_LOST): a crash or a network cut can come after the commit and before the answer, so a
 *   write's outcome is unknown and it must not run twice. A read may.
 * - anything else is the statement's own failure (a constraint, a syntax error), not the connection's.
 */

const PG_NEVER_SENT = new Set(['Client has encountered a connection error and is not queryable', 'Client was closed and is not queryable']);
/** 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P05 idle_session_timeout: the server's farewell. */
const PG_FAREWELLS = new Set(['57P01', '57P05']);
/**
 * The server's or the network's end of a connection: class 08 (connection exceptions), 57P0x (operator
 * intervention: terminated, crash of another backend, starting up, idle timeout), socket errors, and the
 * messages pg and mysql2 give a connection that ended or closed.
 */
const LOST_CODES = new Set([
  '57P01', '57P02', '57P03', '57P05', '08000', '08001', '08003', '08004', '08006',
  'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'ER_CONNECTION_KILLED', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR',
]);
const LOST_MESSAGES = [...PG_NEVER_SENT, 'Connection terminated unexpectedly', 'Connection terminated', "Can't add new command when connection is in closed state"];

interface DriverError {
  code?: unknown;
  message?: unknown;
  /** mysql2: the connection cannot be used any more. */
  fatal?: unknown;
}

const fieldsOf = (error: unknown): DriverError => (typeof error === 'object' && error !== null ? (error as DriverError) : {});

/** True when the statement failed because its connection is gone, not because of the statement. */
export function isConnectionLoss(error: unknown): boolean {
  const { code, message, fatal } = fieldsOf(error);
  if (typeof code === 'string' && LOST_CODES.has(code)) return true;
  if (fatal === true) return true;
  return typeof message === 'string' && LOST_MESSAGES.some((text) => message.startsWith(text));
}

/** True when the failure proves the statement never ran (see above), so even a write may run again. */
export function neverRan(error: unknown): boolean {
  const { code, message } = fieldsOf(error);
  if (code === 'EPIPE') return true;
  if (typeof code === 'string' && PG_FAREWELLS.has(code)) return true;
  return typeof message === 'string' && (PG_NEVER_SENT.has(message) || message.startsWith("Can't add new command when connection is in closed state"));
}

/**
 * True for a statement that changes nothing when it runs: a SELECT (Kysely's and the raw ones here; none
 * calls a function with an effect on the hot path), SHOW, and the statements that open a transaction.
 * A WITH may hide a write (`with x as (update …) select`), so it does not count.
 */
export const isReadOnly = (sql: string): boolean => READ_ONLY.test(sql);
const READ_ONLY = /^\s*\(?\s*(select|show|begin|start transaction|set transaction)\b/i;
