/**
 * Just enough multipart/form-data for the audio endpoints: read a text field (the model) and replace it
 * (when a channel maps the model), leaving the file parts as the client sent them.
 */
export function boundaryOf(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2]?.trim();
}

function fieldRange(body: Buffer, boundary: string, name: string): { start: number; end: number } | undefined {
  const header = Buffer.from(`name="${name}"`);
  const at = body.indexOf(header);
  if (at === -1) return undefined;
  const start = body.indexOf('\r\n\r\n', at);
  if (start === -1) return undefined;
  const end = body.indexOf(`\r\n--${boundary}`, start + 4);
  return end === -1 ? undefined : { start: start + 4, end };
}

export function multipartField(body: Buffer, boundary: string, name: string): string | undefined {
  const range = fieldRange(body, boundary, name);
  return range ? body.subarray(range.start, range.end).toString('utf8') : undefined;
}

export function replaceMultipartField(body: Buffer, boundary: string, name: string, value: string): Buffer {
  const range = fieldRange(body, boundary, name);
  if (!range) return body;
  return Buffer.concat([body.subarray(0, range.start), Buffer.from(value), body.subarray(range.end)]);
}
