import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sealKey } from './key';

/** v1: the text as it is (rows sealed before padding, still read); v2: padded to a bucket. */
const VERSION = 'v2';
/**
 * The padded plaintext is a whole number of these: a quote of a few lines fits one bucket whatever
 * its prices, so the sealed text's length no longer ranks bids (docs/portal.md, "Sealing").
 */
export const SEAL_BUCKET_BYTES = 2048;
const LENGTH_BYTES = 4;

/** The text's length (4 bytes), the text, then zeros up to a whole number of buckets. */
function pad(plain: string): Buffer {
  const text = Buffer.from(plain, 'utf8');
  const size = Math.ceil((LENGTH_BYTES + text.length) / SEAL_BUCKET_BYTES) * SEAL_BUCKET_BYTES;
  const padded = Buffer.alloc(size);
  padded.writeUInt32BE(text.length, 0);
  text.copy(padded, LENGTH_BYTES);
  return padded;
}

function unpad(padded: Buffer): string {
  const length = padded.readUInt32BE(0);
  if (LENGTH_BYTES + length > padded.length) throw new Error('sealed text damaged');
  return padded.subarray(LENGTH_BYTES, LENGTH_BYTES + length).toString('utf8');
}

/**
 * AES-256-GCM with a random 96-bit nonce over the padded text; `context` (the revision it belongs
 * to) is the associated data, so a sealed text copied onto another revision does not open.
 */
export function seal(plain: string, context: string, key: Buffer = sealKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(pad(plain)), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function unseal(sealed: string, context: string, key: Buffer = sealKey()): string {
  const [version, payload] = sealed.split(':');
  if ((version !== 'v1' && version !== 'v2') || !payload) throw new Error('unknown sealed format');
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  return version === 'v1' ? plain.toString('utf8') : unpad(plain);
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
