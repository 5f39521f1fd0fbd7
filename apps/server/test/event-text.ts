import type { StreamEvent } from '../src/providers/adaptor.js';

/** All the text a stream event carries: what it gave at once and what it left to be read later. */
export const eventText = (event: StreamEvent | undefined): string => (event ? event.text + (event.laterText?.read() ?? '') : '');
