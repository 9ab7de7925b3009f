// `npm test`: typecheck, lint, unit, API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and e2e.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(title, command, args, options = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: options.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  if (result.status !== 0) failures.push(title);
  return result.status === 0;
}

function ensureChromium() {
  const hasChromium = existsSync('/usr/bin/chromium');
  let hasCjkFont = false;
  try {
    hasCjkFont = /CJK/i.test(execSync('fc-list', { encoding: 'utf8' }));
  } catch {}
  if (hasChromium && hasCjkFont) return;
  console.log('\n▶ Installing Debian chromium and fonts-noto-cjk');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync([...sudo, 'apt-get', 'update', '-q'].join(' '), { stdio: 'inherit', env });
  execSync([...sudo, 'apt-get', 'install', '-y', '-q', 'chromium', 'fonts-noto-cjk'].join(' '), { stdio: 'inherit', env });
}

/** Adds a vitest JSON report's counts to the totals. */
function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

/** bench/faults on node's test runner (TAP when piped): crash, database outage, two server processes. */
function faultTests() {
  console.log('\n▶ Fault tests: SIGKILL mid-write, database outage, two server processes');
  const result = spawnSync('npm', ['run', 'test:faults'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  if (result.status !== 0) failures.push('Fault tests');
  const key = { pass: 'passed', fail: 'failed', skipped: 'skipped' };
  for (const [, kind, n] of (result.stdout ?? '').matchAll(/^# (pass|fail|skipped) (\d+)$/gm)) totals[key[kind]] += Number(n);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

function vitest(title, workspace, reportName, env = {}) {
  const report = `${root}/.test-results/${reportName}.json`;
  rmSync(report, { force: true });
  run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: `${root}/${workspace}`,
    env,
  });
  countVitest(report);
}

for (const project of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  run(`Typecheck ${project}`, 'npx', ['tsc', '-p', `${project}/tsconfig.json`]);
}
run('Lint', 'npx', ['biome', 'check', '.']);
vitest('Unit tests: contract', 'packages/contract', 'contract');
vitest('Unit tests: web', 'apps/web', 'web');
vitest('API tests on PGlite', 'apps/server', 'server-pglite');
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', 'apps/server', 'server-postgres', { TEST_DB: 'pg' });
  faultTests();
}
if (run('Build web app', 'npm', ['run', 'build', '-w', 'apps/web'])) {
  ensureChromium();
  rmSync(`${root}/e2e/test-results/results.json`, { force: true });
  run('End-to-end tests in Chromium', 'npx', ['playwright', 'test'], { cwd: `${root}/e2e` });
  countPlaywright(`${root}/e2e/test-results/results.json`);
}

console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
