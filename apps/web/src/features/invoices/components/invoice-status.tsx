import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@ms/contracts';

export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  partially_paid: 'yellow',
  paid: 'green',
  overdue: 'red',
  cancelled: 'dark',
};

/** An invoice's status as a coloured badge; `pending` marks a draft still on this device. */
export const InvoiceStatusBadge = ({ status, pending }: { status: InvoiceStatus; pending?: boolean }) =>
  pending ? (
    <Badge color="orange" variant="light">
      Waiting to upload
    </Badge>
  ) : (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );

const dayFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day (YYYY-MM-DD, already the business's day) as "29 Nov 2026". */
export const formatDay = (day: string | null | undefined): string =>
  day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? dayFormat.format(new Date(`${day}T12:00:00Z`)) : '—';
