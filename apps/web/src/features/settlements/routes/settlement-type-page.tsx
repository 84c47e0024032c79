import { Button, List, Paper, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/lib/route-paths';
import { pendingChange } from '../lib/pending-change';

const COPY = {
  business: {
    title: 'Pay as one business',
    points: [
      'Every store’s money goes in one payout a day.',
      'It is paid to the business’s settlement account.',
    ],
  },
  store: {
    title: 'Pay store by store',
    points: [
      'Each store gets its own payout a day.',
      'A store with its own settlement account is paid there; the others to the business account.',
    ],
  },
} as const;

/** /settlement-preference/business-settlement and /store-settlement: how payouts are grouped. */
const SettlementTypePage = ({ type }: { type: 'business' | 'store' }) => {
  const navigate = useNavigate();
  const copy = COPY[type];
  return (
    <Stack maw={560} mx="auto" gap="md">
      <PageHeader title={copy.title} back={{ to: paths.SettlementAccount, label: 'Settlement preference' }} />
      <Paper withBorder radius="md" p="md">
        <List spacing="xs" size="sm">
          {copy.points.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed" mt="sm">
          Your password and PIN come next; the owner is e-mailed.
        </Text>
        <Button
          mt="md"
          onClick={() => {
            pendingChange.start({ kind: 'type', settlement_type: type, label: copy.title });
            navigate(paths.SettlementConfirmPassword);
          }}
        >
          Continue
        </Button>
      </Paper>
    </Stack>
  );
};

export const BusinessSettlementPage = () => <SettlementTypePage type="business" />;
export const StoreSettlementPage = () => <SettlementTypePage type="store" />;
