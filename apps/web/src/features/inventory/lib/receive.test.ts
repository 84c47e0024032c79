import { describe, expect, it } from 'vitest';
import { receiveBody, receiveError } from './receive';

const lines = [
  { item_id: 'a', outstanding_quantity: 5 },
  { item_id: 'b', outstanding_quantity: 2 },
  { item_id: 'c', outstanding_quantity: 0 },
];

describe('receiveBody', () => {
  it('receives everything (no items) when all that is on the way arrived', () => {
    expect(
      receiveBody(
        't',
        lines,
        new Map([
          ['a', 5],
          ['b', 2],
        ]),
      ),
    ).toEqual({ id: 't' });
  });

  it('sends only the lines that arrived for a partial receive', () => {
    expect(
      receiveBody(
        't',
        lines,
        new Map([
          ['a', 3],
          ['b', 0],
        ]),
      ),
    ).toEqual({ id: 't', items: [{ item_id: 'a', quantity: 3 }] });
  });

  it('is null when nothing arrived', () => {
    expect(receiveBody('t', lines, new Map([['a', null]]))).toBeNull();
  });
});

describe('receiveError', () => {
  it('refuses more than is on the way', () => {
    expect(receiveError(lines[0]!, 6)).toBe('Only 5 on the way');
    expect(receiveError(lines[0]!, 5)).toBeNull();
    expect(receiveError(lines[0]!, null)).toBeNull();
  });
});
