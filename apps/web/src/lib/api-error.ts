/** A failed call: the server's message, HTTP status and envelope code (e.g. DEV001). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
