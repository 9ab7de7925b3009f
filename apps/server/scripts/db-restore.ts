// `npm run db:restore FILE`: restores a backup into the configured database; stop the server first (docs/deploy.md).
import { loadConfig } from '../src/config';
import { restoreDatabase } from '../src/db/backup';

const file = process.argv[2];
if (!file) {
  console.error('用法 / usage: npm run db:restore <备份文件 / backup file>');
  process.exit(1);
}
const { movedAside } = await restoreDatabase(loadConfig(), file);
if (movedAside) console.log(`原数据目录已移到 / the previous data directory is now: ${movedAside}`);
console.log(`已恢复 / restored: ${file}`);
