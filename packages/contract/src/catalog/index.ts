export * from './channel-types.js';
export * from './default-models.js';
export * from './default-ratios.js';
