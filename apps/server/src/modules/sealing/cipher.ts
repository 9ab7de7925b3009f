import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sealKey } from './key';

const VERSION = 'v1';

/**
 * AES-256-GCM with a random 96-bit nonce; `context` (the revision it belongs to) is the associated
 * data, so a sealed text copied onto another revision does not open.
 */
export function seal(plain: string, context: string, key: Buffer = sealKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function unseal(sealed: string, context: string, key: Buffer = sealKey()): string {
  const [version, payload] = sealed.split(':');
  if (version !== VERSION || !payload) throw new Error('unknown sealed format');
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** JSON with object keys sorted at every level: one text for one content, whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A random salt in the digested content, so a receipt digest cannot be searched for a guessed price. */
export const newSalt = () => randomBytes(16).toString('hex');
