import { Badge } from '@mantine/core';
import {
  COUNT_STATUS_LABELS,
  TRANSFER_STATUS_LABELS,
  type CountStatus,
  type TransferStatus,
} from '@ms/contracts';
import { COUNT_STATUS_COLORS } from '../lib/count-math';
import { TRANSFER_STATUS_COLORS } from '../lib/transfer-actions';

export const TransferStatusBadge = ({ status }: { status: TransferStatus }) => (
  <Badge color={TRANSFER_STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
    {TRANSFER_STATUS_LABELS[status]}
  </Badge>
);

export const CountStatusBadge = ({ status }: { status: CountStatus }) => (
  <Badge color={COUNT_STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
    {COUNT_STATUS_LABELS[status]}
  </Badge>
);
