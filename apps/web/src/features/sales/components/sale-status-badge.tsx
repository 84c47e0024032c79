import { Badge } from '@mantine/core';
import { SALE_STATUS_LABELS, type SaleStatus } from '@ms/contracts';

const COLORS: Record<SaleStatus, string> = {
  completed: 'green',
  unpaid: 'red',
  partially_paid: 'orange',
  refunded: 'gray',
  partially_refunded: 'grape',
};

export const SaleStatusBadge = ({ status }: { status: SaleStatus }) => (
  <Badge color={COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
    {SALE_STATUS_LABELS[status]}
  </Badge>
);
