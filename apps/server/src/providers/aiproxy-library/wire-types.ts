/**
 * AI Proxy's knowledge-base "ask" wire shapes (reference providers.md 19; the whole section comes from
 * one-api's adaptor and is unconfirmed against the vendor's docs, so every field is read loosely).
 */
export interface LibraryAskRequest {
  model: string;
  query: string;
  libraryId: string;
  stream: boolean;
}

export interface LibraryDocument {
  title?: string;
  url?: string;
}

export interface LibraryAnswer {
  success?: boolean;
  answer?: string;
  documents?: LibraryDocument[];
  errCode?: number | string;
  message?: string;
}

/** One `data:` frame of a stream. */
export interface LibraryStreamFrame {
  content?: string;
  finish?: boolean;
  model?: string;
  documents?: LibraryDocument[];
  success?: boolean;
  errCode?: number | string;
  message?: string;
}
