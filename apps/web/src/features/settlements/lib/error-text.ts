import { ApiError } from '@/lib/api-client';

/** The server's words for a refused change (wrong password, wrong PIN, blocked), else a plain sentence. */
export const errorText = (error: unknown): string =>
  error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.';
