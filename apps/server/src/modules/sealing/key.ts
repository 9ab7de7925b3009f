import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';

/** The file the first start writes when SEAL_KEY is not set (docs/portal.md, "The sealing key"). */
export const SEAL_KEY_FILE = 'seal.key';
const HEX_KEY = /^[0-9a-fA-F]{64}$/;

let current: Buffer | null = null;
let source: 'env' | 'file' | 'memory' | null = null;
let created = false;

/**
 * Loads the AES-256 key that seals quote prices: SEAL_KEY (64 hex characters), else `seal.key` in
 * DATA_DIR, created with a random key on the first start. An in-memory database (tests) gets a key
 * of the process, which lives exactly as long as its data. The key never enters the database.
 */
export function initSealKey(config: Config): void {
  if (config.SEAL_KEY) {
    if (!HEX_KEY.test(config.SEAL_KEY)) throw new Error('SEAL_KEY 须为64位十六进制字符 (SEAL_KEY must be 64 hex characters)');
    current = Buffer.from(config.SEAL_KEY, 'hex');
    source = 'env';
    return;
  }
  if (config.DATA_DIR.startsWith('memory://')) {
    if (source !== 'memory') {
      current = randomBytes(32);
      source = 'memory';
    }
    return;
  }
  const file = join(config.DATA_DIR, SEAL_KEY_FILE);
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8').trim();
    if (!HEX_KEY.test(text)) throw new Error(`${file} 不是有效的密封密钥 (not a valid seal key)`);
    current = Buffer.from(text, 'hex');
    source = 'file';
    return;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  // `wx`: two processes starting at once never overwrite each other's key.
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  source = 'file';
  current = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

/** Whether this start created the key file (the start banner says to back it up). */
export const sealKeyCreated = () => created;

export function sealKey(): Buffer {
  if (!current) throw new Error('seal key not loaded');
  return current;
}
