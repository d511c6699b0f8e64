import { ERROR_STATUS, type ErrorCode } from '@tidemark/contract';

/** The one error type services throw; the error handler maps its code to HTTP and the spec's message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** For a missing server setting: what a customer is told instead of `message`, which names it. */
  readonly customerMessage: string | undefined;
  constructor(code: ErrorCode, message: string, customerMessage?: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.customerMessage = customerMessage;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
