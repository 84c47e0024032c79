import type { ReactNode } from 'react';
import { Anchor, Divider, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '@ms/contracts';
import { LoadError } from '@/components/ui/query-states';
import { formatDateTime } from '@/lib/date-time';
import { payoutDetailsPath, saleDetailsPath } from '@/lib/route-paths';
import { usePaymentDetails } from '../api/bank-transactions';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" ta="right" component="div">
      {children}
    </Text>
  </Group>
);

const PAYOUT_STATES: Record<string, string> = {
  pending: 'On its way to your bank',
  paid: 'Paid out',
  failed: 'Payout failed; it goes in the next one',
  reversed: 'Payout reversed; it goes in the next one',
};

/** One payment's details: what, when, where, the sale it paid; for a transfer its payer and payout. */
export const PaymentDetailsDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const details = usePaymentDetails(id);
  const d = details.data;
  const sale = d?.sale ? saleDetailsPath(d.sale._id) : null;
  return (
    <Drawer opened={!!id} onClose={onClose} position="right" title="Payment details" size="md">
      {details.isPending && <Skeleton h={200} />}
      {details.isError && <LoadError what="the payment" error={details.error} />}
      {d && (
        <Stack gap={8} data-testid="payment-details">
          <Text fw={800} fz={28}>
            {formatMoney(d.payment.amount)}
          </Text>
          <Row label="Method">{d.payment.method_label}</Row>
          <Row label="Received">{formatDateTime(d.payment.received_at)}</Row>
          <Row label="Store">{d.store_name}</Row>
          {d.sale && (
            <Row label="Sale">
              {sale ? (
                <Anchor component={Link} to={sale} size="sm">
                  {d.sale.receipt_number} · {formatMoney(d.sale.total)}
                </Anchor>
              ) : (
                `${d.sale.receipt_number} · ${formatMoney(d.sale.total)}`
              )}
            </Row>
          )}
          {d.transfer && (
            <>
              <Divider my={4} />
              <Row label="From">
                {[d.payment.payer_name, d.transfer.payer_bank_name].filter(Boolean).join(' · ') ||
                  'Unknown payer'}
              </Row>
              {d.transfer.payer_account_number && (
                <Row label="Account">{d.transfer.payer_account_number}</Row>
              )}
              {d.transfer.narration && <Row label="Narration">{d.transfer.narration}</Row>}
              <Row label="Reference">{d.payment.reference}</Row>
              <Row label="Fee">{formatMoney(d.payment.fee)}</Row>
              <Row label="You get">{formatMoney(d.transfer.net)}</Row>
              <Row label="Payout">
                {d.transfer.payout_id ? (
                  <Anchor component={Link} to={payoutDetailsPath(d.transfer.payout_id)} size="sm">
                    {PAYOUT_STATES[d.transfer.payout_status ?? ''] ?? d.transfer.payout_status}
                  </Anchor>
                ) : (
                  'In the next payout'
                )}
              </Row>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
};
