/** Every /api answer: business failures are HTTP 200 with success=false (one-api's console relies on it). */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}
