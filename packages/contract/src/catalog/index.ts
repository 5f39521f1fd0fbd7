export * from './channel-types.js';
export * from './client-protocols.js';
export * from './data-schemas.js';
export * from './default-models.js';
export * from './default-ratios.js';
export * from './token-kind-ratios.js';
