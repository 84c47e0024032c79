import { flushUploads, UploadStopped } from './upload';

/**
 * When the outbox is uploaded: soon after each enqueue and on `online`, and after a failure again
 * with a growing pause (2 s, 4 s, 8 s … up to 5 min, with a little jitter so tabs and devices do not
 * retry in step). A 401 stops the retries: the person must log in again.
 */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 300_000;

export const retryDelay = (attempt: number, random: () => number = Math.random): number => {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt);
  return Math.round(base * (0.9 + random() * 0.2));
};

const timers = new Map<string, { at: number; timer: ReturnType<typeof setTimeout> }>();
const attempts = new Map<string, number>();

const flushNow = async (businessId: string) => {
  timers.delete(businessId);
  try {
    await flushUploads(businessId);
    attempts.delete(businessId);
  } catch (error) {
    if (error instanceof UploadStopped && error.kind === 'stop') return;
    const attempt = attempts.get(businessId) ?? 0;
    attempts.set(businessId, attempt + 1);
    flushSoon(businessId, retryDelay(attempt));
  }
};

/** Upload within `delayMs` (an earlier planned upload is kept). */
export const flushSoon = (businessId: string, delayMs = 1_000): void => {
  const at = Date.now() + delayMs;
  const planned = timers.get(businessId);
  if (planned && planned.at <= at) return;
  if (planned) clearTimeout(planned.timer);
  timers.set(businessId, { at, timer: setTimeout(() => void flushNow(businessId), delayMs) });
};

/** Forget planned uploads (logout, switch business); the outbox itself stays. */
export const cancelFlushes = (businessId?: string): void => {
  for (const [id, planned] of timers) {
    if (businessId !== undefined && id !== businessId) continue;
    clearTimeout(planned.timer);
    timers.delete(id);
    attempts.delete(id);
  }
};
