import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { INPUT_MESSAGES } from '@tidemark/contract';
import { AppError } from '../errors';
import { findNul, nulRefused } from './input-guard';

/** Spec and issue: files up to 2 GB, streamed straight into the import (never buffered whole, never on disk). */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

export default fp(
  async function uploads(app: FastifyInstance) {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 16_384, parts: 25 },
      throwFileSizeLimit: true,
    });
  },
  { name: 'uploads' },
);

export interface Upload<T> {
  fields: T;
  file: { filename: string; stream: Readable } | undefined;
}

/**
 * The text fields of a multipart request (they must come before the file) and the file's stream, left
 * unread for the caller; or a JSON body. Either way the fields pass the route's schema.
 */
export async function readUpload<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<Upload<z.output<S>>> {
  const parse = (raw: unknown): z.output<S> => {
    const result = schema.safeParse(raw);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new AppError(
        'bad_request',
        `Invalid body field ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      );
    }
    return result.data;
  };
  if (!request.isMultipart()) return { fields: parse(request.body ?? {}), file: undefined };
  const raw: Record<string, unknown> = {};
  const parts = request.parts();
  for (;;) {
    const next = await parts.next();
    if (next.done) return { fields: parse(raw), file: undefined };
    const part = next.value;
    // The JSON path refuses NUL in the input guard; a streamed body is checked here, name and value alike.
    if (findNul(part.fieldname)) throw nulRefused('body');
    if (part.type === 'file' && findNul(part.filename)) throw nulRefused('file name');
    if (part.type === 'field' && findNul(part.value)) throw nulRefused('body', [part.fieldname]);
    if (part.type === 'file') {
      return { fields: parse(raw), file: { filename: part.filename, stream: part.file } };
    }
    // Busboy cuts a field at its limit and carries on; a cut value must not be taken for what was sent.
    if (part.fieldnameTruncated || part.valueTruncated) {
      throw new AppError('payload_too_large', INPUT_MESSAGES.fieldTooLarge);
    }
    if (Object.hasOwn(raw, part.fieldname))
      throw new AppError('bad_request', `The field ${part.fieldname} is sent twice.`);
    raw[part.fieldname] = part.value;
  }
}
