import type { SourceCatalog } from './source-catalog.js';

/**
 * The price source data in force on this node: the bundled data, or a refresh an operator applied. Pricing
 * reads `current` for every price it works out and starts over when `revision` moves.
 */
export class PriceSources {
  revision = 0;

  constructor(private catalog: SourceCatalog) {}

  get current(): SourceCatalog {
    return this.catalog;
  }

  replace(catalog: SourceCatalog): void {
    this.catalog = catalog;
    this.revision += 1;
  }
}
