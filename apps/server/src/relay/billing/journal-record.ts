import type { NewLog } from '../../db/schema.js';
import { jsonNumber } from '../../lib/json-number.js';
import type { Reservation } from './reservation.js';
import type { RollupSample } from './rollup-cells.js';

/** What one request's end does to balances, counters, logs and rollups, as the batched writer takes it. */
export interface Settlement {
  reservation: Reservation;
  /** What the request finally costs; 0 with `counted: false` is a refund of a failed request. */
  charged: number;
  counted: boolean;
  channelId: number;
  log?: NewLog;
  /** The request as the hourly usage rollups count it. */
  rollup?: RollupSample;
  /** The request's id, in its journal record (a refund has none to give). */
  requestId?: string;
}

/**
 * One settled request as the usage journal holds it: the settlement, everything the batched writer needs to
 * apply it again, under the journal sequence it was given. Refunds (charged 0, not counted) are journaled
 * too, so a reservation a failed request gave back is not lost with the process.
 */
export interface JournalRecord extends Settlement {
  seq: number;
  requestId: string;
}

/**
 * A record as one line of JSON, short keys to keep the line (and the write) small. The line is built whole
 * and written with one write call, so a crash leaves either the full line or a torn last line, never a
 * line missing from the middle. The reservation and the rollup sample, small objects of fixed shape, are
 * written out by hand: JSON.stringify of the whole record, and the copy of it taken to add the sequence,
 * cost a short stream about 14 µs of main thread (bench:perf), more than the rest of its settlement. A
 * key added to either type must be added here: the journal's test round-trips a record with every key set.
 */
export function encodeRecord(seq: number, requestId: string, settlement: Settlement): string {
  const { reservation, log, rollup } = settlement;
  let line = `{"s":${seq},"i":${JSON.stringify(requestId)},"r":${encodeReservation(reservation)},"c":${jsonNumber(settlement.charged)},"k":${settlement.counted ? 1 : 0},"h":${jsonNumber(settlement.channelId)}`;
  if (log) line += `,"l":${JSON.stringify(log)}`;
  if (rollup) line += `,"u":${encodeRollup(rollup)}`;
  return `${line}}\n`;
}

function encodeReservation(r: Reservation): string {
  const held = r.heldAt === undefined ? '' : `,"heldAt":${jsonNumber(r.heldAt)}`;
  return `{"userId":${jsonNumber(r.userId)},"tokenId":${jsonNumber(r.tokenId)},"unlimitedToken":${r.unlimitedToken === true},"amount":${jsonNumber(r.amount)}${held}}`;
}

function encodeRollup(u: RollupSample): string {
  let text = `{"at":${jsonNumber(u.at)},"userId":${jsonNumber(u.userId)},"tokenId":${jsonNumber(u.tokenId)},"channelId":${jsonNumber(u.channelId)},"model":${JSON.stringify(u.model)},"failed":${u.failed === true}`;
  if (u.usage !== undefined) text += `,"usage":${JSON.stringify(u.usage)}`;
  if (u.quota !== undefined) text += `,"quota":${jsonNumber(u.quota)}`;
  if (u.latencyMs !== undefined) text += `,"latencyMs":${jsonNumber(u.latencyMs)}`;
  return `${text}}`;
}

interface EncodedRecord {
  s: number;
  i: string;
  r: Reservation;
  c: number;
  k: 0 | 1;
  h: number;
  l?: NewLog;
  u?: RollupSample;
}

/**
 * The records of a journal file, in order. A line that is not whole JSON ending in a newline is skipped:
 * the process died while writing it, before its request was answered (the write comes first), so it bills
 * nothing. Only the last line can be torn that way; `torn` counts them for the start-up's report.
 */
export function parseJournal(text: string): { records: JournalRecord[]; torn: number } {
  const records: JournalRecord[] = [];
  let torn = 0;
  const lines = text.split('\n');
  // What follows the last newline is a line whose write did not finish (or nothing).
  if (lines.pop() !== '') torn += 1;
  for (const line of lines) {
    const record = decode(line);
    if (record) records.push(record);
    else torn += 1;
  }
  return { records, torn };
}

function decode(line: string): JournalRecord | undefined {
  let parsed: EncodedRecord;
  try {
    parsed = JSON.parse(line) as EncodedRecord;
  } catch {
    return undefined;
  }
  if (typeof parsed?.s !== 'number' || typeof parsed.r?.userId !== 'number') return undefined;
  return {
    seq: parsed.s,
    requestId: parsed.i,
    reservation: parsed.r,
    charged: parsed.c,
    counted: parsed.k === 1,
    channelId: parsed.h,
    ...(parsed.l ? { log: parsed.l } : {}),
    ...(parsed.u ? { rollup: parsed.u } : {}),
  };
}
