import { Badge } from '@mantine/core';
import type { UploadBatch } from '@ms/contracts';
import { formatDateTime } from '@/lib/date-time';

const LOOKS: Record<UploadBatch['status'], { label: string; color: string }> = {
  queued: { label: 'Waiting to start', color: 'gray' },
  processing: { label: 'Creating products', color: 'blue' },
  completed: { label: 'Done', color: 'teal' },
  failed: { label: 'Nothing created', color: 'red' },
};

/** The batch's state in words a shop owner understands. */
export const BatchStatusBadge = ({ status }: { status: UploadBatch['status'] }) => (
  <Badge color={LOOKS[status].color} variant="light" style={{ flexShrink: 0 }}>
    {LOOKS[status].label}
  </Badge>
);

export const isRunning = (batch: Pick<UploadBatch, 'status'>) =>
  batch.status === 'queued' || batch.status === 'processing';

const whole = new Intl.NumberFormat('en-NG');
export const count = (n: number) => whole.format(n);

export const uploadedAt = (iso: string) => formatDateTime(iso);
