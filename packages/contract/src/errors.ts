// The error shape every failed response carries (docs/api.md#errors): `{ success: false, message }`,
// with the status codes the conventions assign to each kind of failure.

import { z } from 'zod';

export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Kinds of failure and their HTTP status (docs/api.md#errors). */
export const ERROR_STATUS = {
  /** Invalid input; the message names the field. */
  BAD_REQUEST: 400,
  /** Only a missing, malformed, expired or revoked access token: clients refresh on 401 and retry once. */
  UNAUTHORIZED: 401,
  /** A valid token asking for someone else's resource: never 401, or the client loops refreshing. */
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** Stock, price changed, duplicate. */
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** An outside service (payment provider, fulfilment partner) failed or timed out. */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The status of an error code. */
export function statusForErrorCode(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** The error code of a status: exact match, else INTERNAL for 5xx and BAD_REQUEST for other 4xx. */
export function errorCodeForStatus(status: number): ErrorCode {
  const exact = ERROR_CODES.find((code) => ERROR_STATUS[code] === status);
  if (exact) return exact;
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

/** Builds the body of an error response. */
export function errorBody(message: string): ErrorResponse {
  return { success: false, message };
}

/** Whether a parsed JSON body is the contract's error shape (clients read `message` from it). */
export function isErrorResponse(body: unknown): body is ErrorResponse {
  return errorResponseSchema.safeParse(body).success;
}

/** The message a client shows for a failed response: the server's message, else the fallback. */
export function errorMessageOf(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
