import type { ApiEnvelope } from '@tollgate/contract';

export const ok = <T>(data?: T, message = ''): ApiEnvelope<T> => (data === undefined ? { success: true, message } : { success: true, message, data });
