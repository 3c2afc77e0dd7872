// Expected failures are thrown as AppError with their HTTP status; the error handler maps them once.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'APP_ERROR',
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message, 'BAD_REQUEST');
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found') => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
export const gone = (message: string) => new AppError(410, message, 'GONE');
export const unprocessable = (message: string) => new AppError(422, message, 'UNPROCESSABLE');
export const tooManyRequests = (message = 'Too many requests. Please try again later.') =>
  new AppError(429, message, 'RATE_LIMITED');
export const payloadTooLarge = (message: string) => new AppError(413, message, 'PAYLOAD_TOO_LARGE');
export const unsupportedMediaType = (message: string) => new AppError(415, message, 'UNSUPPORTED_MEDIA_TYPE');
