/**
 * Resolves once the work an event started has run to its end, when that work is promise chains only (a
 * form's validation and submit, a mutation calling fetch): a macrotask turn comes after every microtask
 * queued before it or by it. It is what a test awaits before asserting that a click did nothing, instead
 * of a sleep; a positive result is still waited for with `waitFor`.
 */
export const afterPendingWork = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
