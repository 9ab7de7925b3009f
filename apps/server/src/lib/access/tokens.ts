import { createHash, randomBytes } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');
/** Only the hash is stored: a leaked sessions table does not leak usable tokens. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
