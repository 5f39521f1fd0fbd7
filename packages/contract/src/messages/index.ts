export * from './message.js';
export * from './catalog.js';
