import { describe, expect, it } from 'vitest';
import { phaseOf, syncStatus } from './sync-status';

describe('sync status', () => {
  it('is none with no module, syncing while one has work left, done when all finished or failed', () => {
    expect(phaseOf([])).toBe('none');
    const a = { name: 'customers', done: 2, total: 5, type: 'fetch' as const, error: null };
    expect(phaseOf([a])).toBe('syncing');
    expect(phaseOf([{ ...a, done: 5 }])).toBe('done');
    expect(phaseOf([{ ...a, error: 'A sync error occured' }])).toBe('done');
  });

  it('replaces a module reported twice and clears', () => {
    syncStatus.report({ name: 'products', done: 1, total: 3, type: 'fetch', error: null });
    syncStatus.report({ name: 'products', done: 3, total: 3, type: 'fetch', error: null });
    expect(syncStatus.get()).toHaveLength(1);
    syncStatus.clear();
    expect(syncStatus.get()).toHaveLength(0);
  });
});
