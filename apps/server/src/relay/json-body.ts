import type { JsonObject } from '../providers/openai/request-body.js';
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP } from './json-depth.js';
import { RelayError } from './relay-error.js';
import type { RelayRequest } from './relay-exchange.js';

/** How a protocol words the refusal of a body that is not a JSON object. */
export interface BodyRefusals {
  notJson: string;
  notObject: string;
  code: string;
}

/**
 * A foreign protocol's request body as bytes (passed through as they are; a compressed body was decoded as it
 * arrived: http/body-encoding.ts) and parsed once; refused with a 400 in the protocol's words when it is not a
 * JSON object, and when it nests deeper than any request needs.
 */
export function readJsonBody(request: RelayRequest, refusals: BodyRefusals): { raw: Buffer; json: JsonObject } {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8') || '{}');
  } catch {
    throw new RelayError(400, refusals.notJson, refusals.code, 'invalid_request_error');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new RelayError(400, refusals.notObject, refusals.code, 'invalid_request_error');
  if (nestsDeeperThan(json, MAX_JSON_DEPTH, raw.length)) throw new RelayError(400, TOO_DEEP, refusals.code, 'invalid_request_error');
  return { raw, json: json as JsonObject };
}
