import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { frequencyOf, setSettingsBusiness, setSyncFrequency, useSyncSettings } from './sync-settings';
import { freshBusiness } from './testing/fake-server';

afterEach(() => setSettingsBusiness(null));

describe('sync settings (spec 000 §9)', () => {
  it('defaults: customers every 60 s, products every 80 s, every other module every 5 minutes', () => {
    const b = freshBusiness();
    expect(frequencyOf(b, 'customers')).toBe(60_000);
    expect(frequencyOf(b, 'products')).toBe(80_000);
    for (const name of ['categories', 'stores', 'payments', 'custom_payments', 'pos', 'tickets'])
      expect(frequencyOf(b, name)).toBe(300_000);
  });

  it('a changed frequency is kept for that business only and shown at once', () => {
    const b = freshBusiness();
    setSettingsBusiness(b);
    const { result } = renderHook(() => useSyncSettings());
    act(() => setSyncFrequency('products', 120_000));
    expect(result.current.find((s) => s.name === 'products')?.frequency).toBe(120_000);
    expect(frequencyOf(b, 'products')).toBe(120_000);
    expect(frequencyOf(freshBusiness(), 'products')).toBe(80_000);
    expect(() => setSyncFrequency('products', 500)).toThrow('frequency must be at least 10000 ms');
    expect(() => setSyncFrequency('nothing', 60_000)).toThrow('unknown module nothing');
  });
});
