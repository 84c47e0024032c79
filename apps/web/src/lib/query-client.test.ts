import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './query-client';

describe('the one rule for writes (issue 11)', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('runs a write at once while the browser says it is offline, instead of pausing it', async () => {
    onlineManager.setOnline(false);
    const saved: string[] = [];
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: async (id: string) => {
        saved.push(id); // what a device-first write does: the outbox, on this device
        return id;
      },
    });
    await expect(mutation.execute('sale-1')).resolves.toBe('sale-1');
    expect(saved).toEqual(['sale-1']);
    expect(mutation.state.isPaused).toBe(false);
  });
});
