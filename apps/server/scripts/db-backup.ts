// `npm run db:backup [FILE]`: a backup of the configured database (docs/deploy.md).
import { loadConfig } from '../src/config';
import { backupDatabase } from '../src/db/backup';

const file = await backupDatabase(loadConfig(), process.argv[2]);
console.log(`备份已写入 / backup written: ${file}`);
