import { describe, expect, it } from 'vitest';
import { allStoresLabel } from './all-stores-choice';

describe('allStoresLabel', () => {
  it('offers "All stores" to an admin only; others choose among their own stores', () => {
    expect(allStoresLabel(true, 1)).toBe('All stores');
    expect(allStoresLabel(false, 3)).toBe('All my stores');
    expect(allStoresLabel(false, 1)).toBeNull();
    expect(allStoresLabel(false, 0)).toBeNull();
  });
});
