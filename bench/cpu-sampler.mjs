// Loaded into a server with `--import` by bench/profile.ts: the first SIGUSR2 starts V8's CPU profiler, the
// second stops it and writes the profile to CPU_PROFILE, so the profile holds the load and not the startup
// (module loading, the root password's hash) or the shutdown that `--cpu-prof` would add to it.
import fs from 'node:fs';
import inspector from 'node:inspector';

const session = new inspector.Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  session.post('Profiler.stop', (error, result) => {
    fs.writeFileSync(process.env.CPU_PROFILE, JSON.stringify(error ? { error: String(error) } : result.profile));
  });
});
