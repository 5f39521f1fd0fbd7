#!/usr/bin/env node
// The whole test suite, as `npm test` runs it: build, type-check, lint, unit and API tests (Vitest, on
// SQLite and on PostgreSQL/MySQL/Redis when TEST_* are set), then browser tests (Playwright in Chromium).
// Ends with one plain summary line, "N passed, N failed", and a non-zero exit when anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const results = 'test-results';
fs.mkdirSync(results, { recursive: true });

function run(label, command, args) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', shell: false });
  return status === 0;
}

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';

/** One line per failed test (file, name, the first line of its error), from both runners' JSON reports. */
function failureLines(vitest, playwright) {
  const lines = [];
  for (const file of vitest?.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    if (file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed')) lines.push(`FAILED ${where}: ${firstLine(file.message)}`);
    for (const test of file.assertionResults) {
      if (test.status === 'failed') lines.push(`FAILED ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') lines.push(`FAILED ${spec.file ?? file}:${spec.line} > ${spec.title}: ${firstLine(test.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of playwright?.suites ?? []) walk(suite, suite.file);
  return lines.length > 0 ? ['', 'failures:', ...lines] : [];
}

const steps = [
  ['build', 'npm', ['run', 'build']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['eslint', '.']],
];
for (const [label, command, args] of steps) {
  if (!run(label, command, args)) {
    console.log(`\n${label} failed`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

fs.rmSync(`${results}/vitest.json`, { force: true });
fs.rmSync(`${results}/playwright.json`, { force: true });
const vitestOk = run('unit and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`]);
const playwrightOk = run('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);

const vitest = readJson(`${results}/vitest.json`);
const playwright = readJson(`${results}/playwright.json`);
const counts = {
  passed: (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0),
  failed: (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0),
  skipped: (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0),
};
// A runner that crashed before reporting still counts as a failure.
if (!vitestOk && (vitest?.numFailedTests ?? 0) === 0) counts.failed += 1;
if (!playwrightOk && (playwright?.stats?.unexpected ?? 0) === 0) counts.failed += 1;

// CI keeps only the tail of the output: name every failure here, where it is read.
for (const line of failureLines(vitest, playwright)) console.log(line);

console.log(`\nvitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? 0} failed`);
console.log(`playwright: ${playwright?.stats?.expected ?? 0} passed, ${playwright?.stats?.unexpected ?? 0} failed`);
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(counts.failed > 0 ? 1 : 0);
