import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockIn } from './business-clock';

describe('business wall clock', () => {
  it('reads and writes the time of the business, whatever the device zone', () => {
    const at = new Date('2026-11-20T13:05:00.000Z');
    expect(wallClockIn('Africa/Lagos', at)).toBe('2026-11-20T14:05');
    expect(instantOfWallClock('Africa/Lagos', '2026-11-20T14:05')?.toISOString()).toBe(at.toISOString());
    expect(instantOfWallClock('America/New_York', '2026-07-01T09:30')?.toISOString()).toBe(
      '2026-07-01T13:30:00.000Z',
    );
    expect(instantOfWallClock('Africa/Lagos', 'yesterday')).toBeNull();
  });
});
