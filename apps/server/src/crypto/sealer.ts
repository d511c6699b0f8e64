import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (connector passwords, access tokens): AES-256-GCM under a key kept outside the database,
 * so a copy of the database alone opens nothing. Layout: version (1) | iv (12) | tag (16) | ciphertext.
 */
export interface Sealer {
  seal(plaintext: string): Buffer;
  open(sealed: Buffer): string;
}

const VERSION = 1;

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32)
    throw new Error('ENCRYPTION_KEY must be 32 bytes (64 hex characters or 44 base64 characters)');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      if (sealed[0] !== VERSION) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
      decipher.setAuthTag(sealed.subarray(13, 29));
      return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
    },
  };
}

export function parseKey(value: string): Buffer {
  const trimmed = value.trim();
  return /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
}

/**
 * ENCRYPTION_KEY when set. Otherwise, on the embedded database, a key made once in DATA_DIR beside (not
 * inside) the database files; a deployment on DATABASE_URL must set one, or nothing secret can be stored.
 */
export function resolveSealer(input: {
  encryptionKey: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
}): Sealer | null {
  if (input.encryptionKey) return createSealer(parseKey(input.encryptionKey));
  if (input.databaseUrl) return null;
  return createSealer(parseKey(embeddedKey(input.dataDir)));
}

/** The key kept in DATA_DIR for the embedded database, made on first use. */
export function embeddedKey(dataDir: string): string {
  const file = path.join(dataDir, 'encryption.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}
