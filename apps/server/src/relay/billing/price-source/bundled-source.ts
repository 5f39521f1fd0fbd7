import { waitForUpdate } from '@pydantic/genai-prices';
import bundled from './bundled-source.json' with { type: 'json' };
import { checkSourceData } from './parse-source.js';
import { SourceCatalog } from './source-catalog.js';

/**
 * The price data `@pydantic/genai-prices` ships with (its library resolves to that data until told to
 * update, and this server never tells it to). Checked as a downloaded file is; a package whose data does not
 * fit fails the build's tests, not a request. Named by the package's version and the day it was published
 * (`bundled-source.json`, which a test keeps in step with the installed package).
 */
export async function loadBundledSource(): Promise<SourceCatalog> {
  const providers = checkSourceData(await waitForUpdate());
  return new SourceCatalog(providers, { name: `genai-prices ${bundled.version}`, date: bundled.published });
}

export const BUNDLED_SOURCE_VERSION: string = bundled.version;
