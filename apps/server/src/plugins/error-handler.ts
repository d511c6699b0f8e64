import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  INPUT_MESSAGES,
  SETUP_NOTICES,
  STATUS_CATALOGUE,
  catalogueFor,
} from '@tidemark/contract';
import { isAppError } from '../errors';

/** Messages written for people (the spec's wording) pass through as they are; zod's defaults get their field name. */
const HUMAN_MESSAGES = new Set<unknown>(Object.values(AUTH_MESSAGES).filter((v) => typeof v === 'string'));

/** @fastify/multipart's limits on the number of parts, files and fields (its own messages name internals). */
const MULTIPART_LIMITS = new Set<unknown>(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
const PG_CHARACTER_NOT_IN_REPERTOIRE = '22021';

/** One place maps every failure to `{ success: false, message }` with the catalogue's status; 5xx details stay here. */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const send = (status: number, message: string) =>
        reply.status(status).send({ success: false, message });
      const report = () =>
        app.errorReporter?.capture(error, {
          tags: { method: request.method, route: request.routeOptions.url ?? 'unknown' },
          ...(request.user ? { user: { id: request.user.userUuid } } : {}),
        });

      if (isAppError(error)) {
        request.log.info({ code: error.code }, error.message);
        // A missing server setting is named to operators only; customers are told what they can do.
        if (error.code === 'not_configured' && !request.user?.isOperator) {
          return send(error.status, error.customerMessage ?? SETUP_NOTICES.other.customer);
        }
        return send(error.status, error.message);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0];
        const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
        const text = issue?.message ?? STATUS_CATALOGUE[400].message;
        const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
        const message = HUMAN_MESSAGES.has(text)
          ? text
          : `Invalid ${where}${field ? ` field ${field}` : ''}: ${text}`;
        return send(400, message);
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, INPUT_MESSAGES.bodyTooLarge);
      if (MULTIPART_LIMITS.has(error.code)) return send(413, INPUT_MESSAGES.tooManyParts);
      // A NUL (or invalid UTF-8) that got past the input guard, e.g. inside a raw body a handler parsed.
      if (error.code === PG_CHARACTER_NOT_IN_REPERTOIRE) {
        request.log.warn({ err: error }, 'text PostgreSQL cannot store');
        return send(400, INPUT_MESSAGES.nulCharacter);
      }
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        return send(
          413,
          'The file is larger than 2 GB, the most one upload can be. Split it and upload the parts.',
        );
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(400, 'Send the request body as JSON.');
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
        return send(400, 'The request body is empty; JSON was expected.');
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return send(400, 'The request body is not valid JSON.');
      }
      if (error.statusCode === 429) return send(429, AUTH_MESSAGES.tooManyRequests);
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema');
        report();
        return send(500, catalogueFor(500).message);
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return send(error.statusCode, error.message || catalogueFor(error.statusCode).message);
      }
      request.log.error({ err: error }, 'unhandled error');
      report();
      return send(500, catalogueFor(500).message);
    });
  },
  { name: 'error-handler', dependencies: ['error-reporting'] },
);
