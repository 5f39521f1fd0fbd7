/** A random id for the payment page to recognise this purchase; works on plain-HTTP deployments too. */
export function randomTransactionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The external payment page with the buyer appended, as one-api does: username, user_id and a
 * transaction_id. A relative link is taken relative to this console.
 */
export function buildTopUpUrl(link: string, user: { id: number; username: string }, transactionId: string, origin: string): string {
  const url = new URL(link, origin);
  url.searchParams.append('username', user.username);
  url.searchParams.append('user_id', String(user.id));
  url.searchParams.append('transaction_id', transactionId);
  return url.toString();
}
