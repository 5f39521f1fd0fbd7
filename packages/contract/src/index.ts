export * from './enums.js';
export * from './constants.js';
export * from './envelope.js';
export * from './status.js';
export * from './user.js';
export * from './catalog/index.js';
export * from './channel.js';
