import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdLeadership, withLock } from './locks';
import { fakeLockManager } from './testing/fake-locks';

afterEach(() => vi.unstubAllGlobals());

const useLocks = () => vi.stubGlobal('navigator', { ...navigator, locks: fakeLockManager() });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('one tab syncs at a time (Web Locks)', () => {
  it('only the first tab leads; the second takes over when the first stops', async () => {
    useLocks();
    const led: string[] = [];
    const stopFirst = holdLeadership('ms-sync-b1', () => led.push('first'));
    const stopSecond = holdLeadership('ms-sync-b1', () => led.push('second'));
    await tick();
    expect(led).toEqual(['first']);
    stopFirst();
    await tick();
    expect(led).toEqual(['first', 'second']);
    stopSecond();
  });

  it('a tab that stops before it leads never leads', async () => {
    useLocks();
    const led: string[] = [];
    const stopFirst = holdLeadership('ms-sync-b2', () => led.push('first'));
    const stopSecond = holdLeadership('ms-sync-b2', () => led.push('second'));
    stopSecond();
    stopFirst();
    await tick();
    expect(led).toEqual(['first']);
  });

  it('uploads from two tabs run one after the other', async () => {
    useLocks();
    const log: string[] = [];
    const upload = (tab: string) =>
      withLock('ms-upload-b3', async () => {
        log.push(`${tab} start`);
        await tick();
        log.push(`${tab} end`);
      });
    await Promise.all([upload('a'), upload('b')]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });

  it('runs alone where the browser has no Web Locks', async () => {
    let led = false;
    holdLeadership('ms-sync-b4', () => (led = true))();
    expect(led).toBe(true);
    expect(await withLock('x', async () => 42)).toBe(42);
  });
});
