import net from 'node:net';
import { waitForUpdate } from '@pydantic/genai-prices';
import { FakeJsonServer, type FakeAnswer } from './fake-json-server.js';

/** The price data bundled with the installed genai-prices, as a JSON value a test may change. */
export type PriceData = { id: string; models: { id: string; match: unknown; prices: unknown }[] }[];

/** A fresh copy of the bundled data, each call its own. */
export const bundledPriceData = async (): Promise<PriceData> => JSON.parse(JSON.stringify(await waitForUpdate())) as PriceData;

/** Where a model sits in the data: the indexes a refused file's field path names (`[3].models[12]`). */
export function modelIndexes(data: PriceData, provider: string, model: string): [number, number] {
  const providerIndex = data.findIndex((candidate) => candidate.id === provider);
  const modelIndex = data[providerIndex]?.models.findIndex((candidate) => candidate.id === model) ?? -1;
  if (modelIndex < 0) throw new Error(`the bundled data has no ${provider}/${model}`);
  return [providerIndex, modelIndex];
}

/** Sets one price of a model whose prices are flat (not dated changes), in place. */
export function setPrice(data: PriceData, provider: string, model: string, kind: string, value: unknown): PriceData {
  const [p, m] = modelIndexes(data, provider, model);
  const prices = data[p]?.models[m]?.prices as Record<string, unknown>;
  prices[kind] = value;
  return data;
}

/** Adds a model priced per million tokens, matched by its exact name, in place. */
export function addModel(data: PriceData, provider: string, model: string, prices: Record<string, number>): PriceData {
  data.find((candidate) => candidate.id === provider)?.models.push({ id: model, match: { equals: model }, prices });
  return data;
}

/**
 * The price source's server, standing in for raw.githubusercontent.com: `serve` sets what GET /data.json answers
 * next (a data value, a text as it is, or another status).
 */
export class FakePriceSource {
  private readonly server = new FakeJsonServer();
  private answer: FakeAnswer = { status: 404, body: { message: 'Not Found' } };

  async start(): Promise<string> {
    this.server.on('GET', '/data.json', () => this.answer);
    return `${await this.server.start()}/data.json`;
  }

  serve(body: PriceData | string, status = 200): void {
    this.answer = { status, body };
  }

  /** Downloads so far. */
  get fetches(): number {
    return this.server.received('/data.json').length;
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/** A local address nothing listens on: a source that cannot be reached. */
export async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/data.json`;
}
