import { ERROR_STATUS, type ErrorCode } from '@tidemark/contract';

/** The one error type services throw; the error handler maps its code to HTTP and the spec's message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
