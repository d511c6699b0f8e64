import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { INPUT_MESSAGES } from '@tidemark/contract';
import { AppError } from '../errors';

const NUL = '\u0000';

/**
 * Where a parsed value (string, array, object keys or values, at any depth) carries a NUL character: the
 * path to it (empty for the value itself, or a key's parent), or null when it carries none.
 */
export function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  // Raw bodies kept as bytes for a signature check are parsed by their handler; the error handler backstops them.
  if (value instanceof Uint8Array || !value || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return path;
    const found = findNul(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** The 400 for a NUL, naming the field as schema errors do when its name is plain enough to repeat. */
export function nulRefused(where: 'params' | 'query' | 'body' | 'file name', path: string[] = []): AppError {
  const field = path.join('.');
  const named = field !== '' && field.length <= 64 && /^[\w.-]+$/.test(field);
  return new AppError(
    'bad_request',
    `Invalid ${where}${named ? ` field ${field}` : ''}: ${INPUT_MESSAGES.nulCharacter}`,
  );
}

/**
 * PostgreSQL text cannot hold NUL (error 22021), so one check refuses it in every path parameter, query
 * field and parsed body before any route sees them. Multipart bodies are streamed: readUpload checks them.
 */
export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const parts = { params: request.params, query: request.query, body: request.body } as const;
      for (const where of ['params', 'query', 'body'] as const) {
        const path = findNul(parts[where]);
        if (path) throw nulRefused(where, path);
      }
    });
  },
  { name: 'input-guard' },
);
