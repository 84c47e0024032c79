import { describe, expect, it } from 'vitest';
import { afterFirstPaint, markScreenDrawn } from './after-first-paint';

describe('afterFirstPaint', () => {
  it('waits for the first screen to be drawn, then for the next frame and an idle moment', async () => {
    let resolved = false;
    void afterFirstPaint().then(() => {
      resolved = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(resolved).toBe(false);
    markScreenDrawn();
    await afterFirstPaint();
    expect(resolved).toBe(true);
  });
});
