/** The product version, injected by vite.config.ts from the workspace root package.json. */
declare const __APP_VERSION__: string;
