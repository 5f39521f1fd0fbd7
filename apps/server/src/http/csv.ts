import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** What a spreadsheet reads as the start of a formula (or, tab and CR, as a way around the check for one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV field (RFC 4180): quoted, with its quotes doubled, when it holds a comma, a quote or a line break.
 * A text that a spreadsheet would run as a formula (a username `=HYPERLINK(...)`, a prompt in a log's
 * content) gets a leading single quote, as OWASP advises for CSV injection; numbers are written as they
 * are, so a negative number stays a number.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, ended by CRLF as RFC 4180 writes it. */
export const csvRecord = (values: readonly (string | number | boolean | null | undefined)[]): string => `${values.map(csvField).join(',')}\r\n`;

/**
 * Sends a CSV download whose chunks (a page of records each) come from `chunks` only as fast as the client
 * reads them: the stream is pulled, so a slow client holds the next page back instead of the server buffering
 * the whole result, and a client that leaves ends the paging.
 */
export function sendCsv(reply: FastifyReply, filename: string, header: readonly string[], chunks: AsyncIterable<string>): FastifyReply {
  async function* withHeader() {
    yield csvRecord(header);
    yield* chunks;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(withHeader(), { objectMode: false, highWaterMark: 64 * 1024 }));
}

/** A file name stamp: the UTC time of the export, to the second, without characters file systems dislike. */
export const fileStamp = (date = new Date()): string => date.toISOString().slice(0, 19).replaceAll(':', '-');
