import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
// Components translate with the real resources, so tests can assert on the Chinese texts.
import '../app/i18n/i18n';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Lazy pages load through dynamic imports, which a loaded CI machine can take more than the default
// second to resolve; waiting longer costs nothing when they are quick.
configure({ asyncUtilTimeout: 5000 });

// React finishes an unmount's work on a later tick; let it run while the test window still exists, or it
// throws "window is not defined" after the file's environment is torn down. Nothing signals that this
// work is done, so this is the one fixed wait kept in the console's tests.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
