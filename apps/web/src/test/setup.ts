import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components translate with the real resources, so tests can assert on the Chinese texts.
import '../app/i18n/i18n';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Lazy pages load through dynamic imports, which a loaded CI machine can take more than the default
// second to resolve; waiting longer costs nothing when they are quick.
configure({ asyncUtilTimeout: 5000 });
