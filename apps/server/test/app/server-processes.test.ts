import { describe, expect, it } from 'vitest';
import { parseServerProcesses } from '../../src/config/env.js';

describe('SERVER_PROCESSES', () => {
  it('is one process on the embedded database, whatever is asked (one process owns its folder)', () => {
    expect(parseServerProcesses({ SERVER_PROCESSES: '4' }, false, 8)).toBe(1);
  });

  it('on PostgreSQL is what SERVER_PROCESSES (or WEB_CONCURRENCY) says, by default one; "auto" is one per core up to 4', () => {
    expect(parseServerProcesses({ SERVER_PROCESSES: '3' }, true, 2)).toBe(3);
    expect(parseServerProcesses({ WEB_CONCURRENCY: '1' }, true, 2)).toBe(1);
    expect(parseServerProcesses({}, true, 2)).toBe(1);
    expect(parseServerProcesses({ SERVER_PROCESSES: 'auto' }, true, 2)).toBe(2);
    expect(parseServerProcesses({ SERVER_PROCESSES: 'auto' }, true, 16)).toBe(4);
  });

  it('refuses a value that is not a whole number from 1, naming the variable', () => {
    expect(() => parseServerProcesses({ SERVER_PROCESSES: '0' }, true, 2)).toThrow(/SERVER_PROCESSES/);
    expect(() => parseServerProcesses({ SERVER_PROCESSES: 'two' }, true, 2)).toThrow(/SERVER_PROCESSES/);
  });
});
