import { Badge } from '@mantine/core';
import type { PayoutStatus } from '@ms/contracts';

const LOOK: Record<PayoutStatus, { label: string; color: string }> = {
  pending: { label: 'On its way', color: 'blue' },
  paid: { label: 'Paid', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  reversed: { label: 'Returned', color: 'orange' },
};

/** A payout's state in a shop owner's words. */
export const PayoutStatusBadge = ({ status }: { status: PayoutStatus }) => (
  <Badge color={LOOK[status].color} variant="light" data-testid="payout-status">
    {LOOK[status].label}
  </Badge>
);
