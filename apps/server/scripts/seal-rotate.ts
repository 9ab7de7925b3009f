// `npm run seal:rotate -w apps/server`: a new sealing key for the quotes still sealed (docs/portal.md).
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { initSealKey, SEAL_KEY_FILE, sealKey } from '../src/modules/sealing/key';
import { rotateSealKey } from '../src/modules/sealing/rotate';

const config = loadConfig();
const given = process.env.NEW_SEAL_KEY;
if (given !== undefined && !/^[0-9a-fA-F]{64}$/.test(given)) throw new Error('NEW_SEAL_KEY 须为64位十六进制字符');
if (config.SEAL_KEY && !given) throw new Error('使用 SEAL_KEY 时请以 NEW_SEAL_KEY 给出新密钥 (set NEW_SEAL_KEY)');
initSealKey(config);
const oldKey = sealKey();
const newKey = given ? Buffer.from(given, 'hex') : randomBytes(32);

const file = join(config.DATA_DIR, SEAL_KEY_FILE);
const pending = `${file}.new`;
// The new key is on disk before any row depends on it.
if (!config.SEAL_KEY) writeFileSync(pending, `${newKey.toString('hex')}\n`, { mode: 0o600 });
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const count = await rotateSealKey(database.db, oldKey, newKey);
  if (!config.SEAL_KEY) {
    if (existsSync(file)) renameSync(file, `${file}.old-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`);
    renameSync(pending, file);
    console.log(`已用新密钥重新加密 ${count} 个密封报价版本；新密钥已写入 ${file}，请重新备份该文件`);
  } else {
    console.log(`已用新密钥重新加密 ${count} 个密封报价版本；请将 SEAL_KEY 设为 NEW_SEAL_KEY 的值后再启动`);
  }
} finally {
  await database.close();
}
