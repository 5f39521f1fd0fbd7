// Loaded into the server with `--import` by bench/alloc-profile.ts: samples every allocation (also those
// that die young, which a heap snapshot never shows) until SIGUSR2, then writes the profile to ALLOC_PROFILE.
// With ALLOC_SURVIVORS set, only objects no young collection took: what was promoted (or is still alive).
import fs from 'node:fs';
import inspector from 'node:inspector';

const session = new inspector.Session();
session.connect();
session.post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !process.env.ALLOC_SURVIVORS });
process.on('SIGUSR2', () => {
  session.post('HeapProfiler.stopSampling', (error, result) => {
    fs.writeFileSync(process.env.ALLOC_PROFILE, JSON.stringify(error ? { error: String(error) } : result.profile));
  });
});
