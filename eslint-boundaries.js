import fs from 'node:fs';

/**
 * Import boundaries: a lower layer never imports a higher one (DESIGN.md, "Dependency direction").
 *
 * Server, from the bottom: lib → db → options → observability, cluster, http → relay → modules → the composition
 * (app.ts, bootstrap.ts, main.ts, cli/); runtime-tuning/ (V8 and allocator settings) uses lib and observability only. providers/ are the wire protocols: pure functions that know nothing of
 * Fastify, the database or the app. Console: features use components/, lib/ and app/, never each other, and
 * components/ and lib/ never use a feature.
 *
 * Tests are left out: a test may set up what it needs from any layer.
 */
const SERVER = 'apps/server/src';

/** A folder's files may not import from these folders (matched anywhere in a relative import's path). */
const SERVER_LAYERS = {
  lib: ['db', 'http', 'cluster', 'observability', 'providers', 'relay', 'modules', 'cli'],
  db: ['options', 'http', 'cluster', 'observability', 'providers', 'relay', 'modules', 'cli'],
  options: ['http', 'cluster', 'observability', 'providers', 'relay', 'modules', 'cli'],
  observability: ['relay', 'modules', 'cli'],
  // V8 and allocator settings applied at start-up: they may log, and know nothing of the app.
  'runtime-tuning': ['db', 'options', 'http', 'cluster', 'providers', 'relay', 'modules', 'cli'],
  cluster: ['relay', 'modules', 'cli'],
  http: ['relay', 'modules', 'cli'],
  providers: ['db', 'options', 'http', 'cluster', 'relay', 'modules', 'cli'],
  relay: ['modules', 'cli'],
  modules: ['cli'],
};

/** Packages a layer must not use at all. */
const SERVER_PACKAGES = {
  providers: ['fastify', 'kysely', 'better-sqlite3', 'pg', 'mysql2', 'ioredis'],
};

const folderPattern = (folders) => ({
  regex: `^\\.{1,2}/(?:\\.\\./)*(?:${folders.join('|')})/`,
  message: 'A lower layer may not import a higher one (eslint-boundaries.js).',
});

function serverRules() {
  return Object.entries(SERVER_LAYERS).map(([layer, forbidden]) => ({
    files: [`${SERVER}/${layer}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [folderPattern(forbidden)],
          paths: (SERVER_PACKAGES[layer] ?? []).map((name) => ({ name, message: `${layer}/ does not use ${name} (eslint-boundaries.js).` })),
        },
      ],
    },
  }));
}

const WEB = 'apps/web/src';
const features = fs.readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

function webRules() {
  const ownOnly = (feature) => ({
    files: [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^@/features/(?!${feature}/)`, message: 'A feature does not import another feature: share it through components/, lib/ or app/ (eslint-boundaries.js).' },
            { regex: `^(?:\\.\\./){2,}(?:features/)?(?:${features.filter((other) => other !== feature).join('|')})/`, message: 'A feature does not import another feature (eslint-boundaries.js).' },
          ],
        },
      ],
    },
  });
  const shared = {
    files: [`${WEB}/components/**/*.{ts,tsx}`, `${WEB}/lib/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^@/features/|/features/', message: 'components/ and lib/ do not import a feature (eslint-boundaries.js).' }] }] },
  };
  return [...features.map(ownOnly), shared];
}

export const importBoundaries = [...serverRules(), ...webRules()];
