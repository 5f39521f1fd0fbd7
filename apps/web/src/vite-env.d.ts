/** The product version, injected by vite.config.ts from the workspace root package.json. */
declare const __APP_VERSION__: string;
/** The product's source repository (root package.json `repository`), '' when it names none. */
declare const __APP_REPOSITORY__: string;
