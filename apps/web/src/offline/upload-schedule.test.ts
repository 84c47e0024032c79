import { describe, expect, it } from 'vitest';
import { retryDelay, RETRY_MAX_MS } from './upload-schedule';

describe('upload retry backoff', () => {
  it('doubles the pause after each failure, about 2 s, 4 s, 8 s…, never more than 5 minutes', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3].map((n) => retryDelay(n, middle))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelay(20, middle)).toBe(RETRY_MAX_MS);
    expect(retryDelay(0, () => 0)).toBe(1_800);
    expect(retryDelay(0, () => 1)).toBe(2_200);
  });
});
