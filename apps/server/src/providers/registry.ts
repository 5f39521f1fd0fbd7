import type { Protocol } from '@tollgate/contract';
import type { Adaptor } from './adaptor.js';
import { openAIAdaptor } from './openai/adaptor.js';

/**
 * The adaptor of each protocol of the catalog. Protocols not listed here are waiting for their native
 * adaptor (the native-adaptors issue); channels of those types answer a clear 501 instead of failing oddly.
 */
const ADAPTORS: Partial<Record<Protocol, Adaptor>> = {
  openai: openAIAdaptor,
};

export const adaptorFor = (protocol: Protocol): Adaptor | undefined => ADAPTORS[protocol];

export const supportedProtocols = (): Protocol[] => Object.keys(ADAPTORS) as Protocol[];
