/** An error that becomes an envelope with this HTTP status and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'Your session has expired. Please log in again.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.', code?: string) =>
  new HttpError(403, message, code);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
