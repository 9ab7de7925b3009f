// `npm start`: build the web app when its sources changed, then migrate, seed and serve (one process).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// The back office's document and the supplier portal's, each from a build of its own (docs/web-guide.md "Portal").
const builtDocuments = ['index.html', 'portal.html'].map((name) => join(root, 'apps/web/dist', name));
const sources = ['apps/web/src', 'apps/web/public', 'packages/contract/src'].map((d) => join(root, d));
const stale =
  !builtDocuments.every((path) => existsSync(path)) ||
  Math.max(...sources.map(newestMtime)) > Math.min(...builtDocuments.map((path) => statSync(path).mtimeMs));
if (stale) {
  console.log('正在构建前端…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
