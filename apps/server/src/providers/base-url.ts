import type { UpstreamTarget } from './adaptor.js';

/**
 * Where a channel's requests go: its base URL, or its type's default when the channel leaves it empty (as
 * one-api does), without trailing slashes so that an adaptor appends its paths to it.
 */
export const baseUrlOf = (target: UpstreamTarget): string => (target.baseUrl || target.type.defaultBaseUrl).replace(/\/+$/, '');
