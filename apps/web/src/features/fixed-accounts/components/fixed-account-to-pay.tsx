import { Alert, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useFixedAccounts } from '../api/fixed-accounts';
import { spacedAccountNumber } from '../lib/account-number';

/**
 * The till's "bank transfer (fixed)": the store's account for the cashier to read to the customer.
 * Nothing when the store has none, or when it cannot be fetched (offline): the sale goes on either way.
 */
export const FixedAccountToPay = ({ storeId }: { storeId: string | null | undefined }) => {
  const accounts = useFixedAccounts({ enabled: !!storeId, quiet: true });
  const mine = (accounts.data ?? []).filter((a) => a.store_id === storeId);
  if (mine.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="teal"
      mt="xs"
      icon={<IconBuildingBank size={18} />}
      title="Customer transfers to"
      data-testid="fixed-account-to-pay"
    >
      <Stack gap={6}>
        {mine.map((a) => (
          <div key={a._id}>
            <Text fw={700} fz="xl" ff="monospace">
              {spacedAccountNumber(a.account_number)}
            </Text>
            <Text size="sm">
              {a.bank_name} · {a.account_name}
            </Text>
          </div>
        ))}
      </Stack>
    </Alert>
  );
};
