/** The closed set of error codes a service may throw; one handler maps them to HTTP. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'not_configured'
  | 'internal'
  // Domain failures a caller must tell apart; each maps to a status like the generic codes.
  | 'invalid_domain';

export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  not_configured: 501,
  internal: 500,
  invalid_domain: 400,
};

/** Titles and messages per status (spec 2 §8). `{resource}` is filled in by the caller. */
export const STATUS_CATALOGUE = {
  400: {
    title: 'Bad Request',
    message:
      'There is a missing parameter in the request, please check if the request is being made correctly.',
  },
  401: {
    title: 'Session Expired',
    message:
      'It looks like you were idle for a long time or your session has expired. For your safety you will need to login again.',
  },
  403: {
    title: 'Not Allowed',
    message: "It looks like you don't have access to this resource. Please check with your administrator.",
  },
  404: { title: 'Not Found', message: 'It looks like there is no data for this {resource}.' },
  500: {
    title: 'Internal Server Error',
    message: 'It looks like our servers are not reachable at this moment. Please try again after sometime.',
  },
} as const;

export type CatalogueStatus = keyof typeof STATUS_CATALOGUE;

/** 500, 502, 503, 504 and anything unknown share the server-error entry. */
export function catalogueFor(status: number, resource = 'resource'): { title: string; message: string } {
  const key: CatalogueStatus =
    status === 400 || status === 401 || status === 403 || status === 404 ? status : 500;
  const entry = STATUS_CATALOGUE[key];
  return { title: entry.title, message: entry.message.replace('{resource}', resource) };
}

/** Requests the server refuses before reading them: what was wrong, never how the server noticed. */
export const INPUT_MESSAGES = {
  nulCharacter: 'Text may not contain NUL characters.',
  bodyTooLarge: 'The request is too large: send at most 1 MB.',
  fieldTooLarge: 'A form field is too long: send at most 16 KB per field.',
  tooManyParts: 'The form has too many fields or files.',
} as const;

export const UI_MESSAGES = {
  pageNotFound: "Sorry, we couldn't find the page you are looking for, maybe it doesn't exist.",
  cardError:
    'Something went wrong on our side, we are trying to fix the problem. Please try again after sometime.',
  unexpectedError:
    'An unexpected error occurred. Our team has been notified and is working to resolve the issue. Please try again later.',
} as const;

export { ErrorBodySchema, type ErrorBody } from './error-body';
