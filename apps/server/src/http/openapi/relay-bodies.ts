import { z } from 'zod';

/**
 * The relay's request bodies as the document shows them. The relay has no zod schema of its own: a body is
 * the vendor's (OpenAI's, Anthropic's, Google's), read by hand-written checks that refuse only what the
 * conversions dereference (providers/STAR/ingress/validate*.ts) and pass every other field on as sent. So these
 * name the fields a client must send and say whose reference has the rest (each operation links it); they
 * are loose objects, never a copy of the vendor's schema.
 */
const vendorBody = (vendor: string, fields: z.ZodRawShape) => z.looseObject(fields).meta({ description: `${vendor}. Fields not listed here are passed to the upstream as sent.` });

const model = z.string().min(1).meta({ description: 'A model the key may use (GET /v1/models).' });
const objects = z.array(z.looseObject({}));

export const RelayBodies = {
  chat: vendorBody("OpenAI's Chat Completions request", { model, messages: objects, stream: z.boolean().optional() }),
  completions: vendorBody("OpenAI's (legacy) Completions request", { model, prompt: z.union([z.string(), z.array(z.string())]), stream: z.boolean().optional() }),
  edits: vendorBody("OpenAI's (legacy) Edits request", { model, instruction: z.string(), input: z.string().optional() }),
  embeddings: vendorBody("OpenAI's Embeddings request", { model, input: z.union([z.string(), z.array(z.string()), z.array(z.number()), z.array(z.array(z.number()))]) }),
  moderations: vendorBody("OpenAI's Moderations request", { input: z.union([z.string(), z.array(z.string()), objects]), model: model.optional() }),
  images: vendorBody("OpenAI's Images request", { prompt: z.string(), model: model.optional(), n: z.int().optional(), size: z.string().optional() }),
  speech: vendorBody("OpenAI's Speech request", { model, input: z.string(), voice: z.string() }),
  transcription: vendorBody("OpenAI's Transcriptions or Translations request, a multipart form", { file: z.string().meta({ format: 'binary' }), model }),
  rerank: vendorBody("Cohere's and Jina's rerank request", {
    model,
    query: z.string().min(1),
    documents: z.array(z.union([z.string(), z.looseObject({ text: z.string() })])).min(1).max(1000),
    top_n: z.int().min(1).optional(),
    top_k: z.int().min(1).optional().meta({ description: "Voyage's name for top_n, read when top_n is absent." }),
    return_documents: z.boolean().optional(),
    max_tokens_per_doc: z.int().min(1).optional(),
  }),
  responses: vendorBody("OpenAI's Responses request", { model, input: z.union([z.string(), objects]), stream: z.boolean().optional() }),
  messages: vendorBody("Anthropic's Messages request", { model, max_tokens: z.int().min(1), messages: objects.min(1), stream: z.boolean().optional() }),
  countTokens: vendorBody("Anthropic's count_tokens request", { model, messages: objects.min(1) }),
  generateContent: vendorBody("Google's generateContent request", { contents: objects }),
  embedContent: vendorBody("Google's embedContent request", { content: z.looseObject({}) }),
  batchEmbedContents: vendorBody("Google's batchEmbedContents request", { requests: objects }),
};

export const VENDOR_DOCS = {
  openai: 'https://platform.openai.com/docs/api-reference',
  anthropic: 'https://docs.anthropic.com/en/api/messages',
  gemini: 'https://ai.google.dev/api',
  rerank: 'https://docs.cohere.com/reference/rerank',
};
