import type { ReceiveTransferBody } from '@ms/contracts';

type Line = { item_id: string; outstanding_quantity: number };

/** A typed receive quantity is wrong when it is not whole, negative or above what is on the way. */
export const receiveError = (line: Line, typed: number | null): string | null => {
  if (typed === null) return null;
  if (!Number.isInteger(typed) || typed < 0) return 'Use a whole number';
  if (typed > line.outstanding_quantity) return `Only ${line.outstanding_quantity} on the way`;
  return null;
};

/**
 * The POST .../recieve body for what was typed: no `items` when everything on the way arrived
 * (the server receives all), else the lines with a quantity above zero. null when nothing arrives.
 */
export const receiveBody = (
  transferId: string,
  lines: readonly Line[],
  typed: ReadonlyMap<string, number | null>,
): ReceiveTransferBody | null => {
  const open = lines.filter((l) => l.outstanding_quantity > 0);
  const items = open
    .map((l) => ({ item_id: l.item_id, quantity: typed.get(l.item_id) ?? 0 }))
    .filter((i) => i.quantity > 0);
  if (items.length === 0) return null;
  const all = open.every((l) => (typed.get(l.item_id) ?? 0) === l.outstanding_quantity);
  return all ? { id: transferId } : { id: transferId, items };
};
