import { describe, expect, it } from 'vitest';
import { SAME_CODE_MS, isNewRead, stillInView, type LastRead } from './camera-scan';

/** The camera reads a code many times a second: replay reads every 120 ms, as the dialog does. */
const replay = (first: LastRead, code: string, from: number, to: number, handled: boolean[]) => {
  let last = first;
  for (let now = from; now <= to; now += 120) {
    if (isNewRead(last, code, now)) {
      handled.push(true);
      last = { code, at: now, ok: last.ok };
    } else last = stillInView(last, code, now);
  }
  return last;
};

describe('camera scan: when a code read is a new scan', () => {
  it('a code that went into the cart is added once while it stays in view, however long', () => {
    const handled: boolean[] = [];
    replay({ code: '5901234123457', at: 0, ok: true }, '5901234123457', 120, 20_000, handled);
    expect(handled).toHaveLength(0);
  });

  it('the same code counts again after it was out of view for a while', () => {
    const last: LastRead = { code: '5901234123457', at: 1000, ok: true };
    expect(isNewRead(last, '5901234123457', 1000 + SAME_CODE_MS - 1)).toBe(false);
    expect(isNewRead(last, '5901234123457', 1000 + SAME_CODE_MS + 1)).toBe(true);
  });

  it('another code is a new scan at once', () => {
    expect(isNewRead({ code: '5901234123457', at: 1000, ok: true }, '4006381333931', 1001)).toBe(true);
  });

  it('a code not found or whose lookup failed is tried again while it is held in view', () => {
    const handled: boolean[] = [];
    replay({ code: '5901234123457', at: 0, ok: false }, '5901234123457', 120, 10_000, handled);
    // Every SAME_CODE_MS, not on every frame.
    expect(handled.length).toBe(3);
  });
});
