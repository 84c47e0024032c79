import { useState } from 'react';
import { Alert, Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { ADJUSTMENT_REASON_LABELS, formatMoney } from '@ms/contracts';
import { Link, useLocation, useNavigate } from 'react-router';
import { Stepper } from '@/components/ui/stepper';
import { SuccessModal } from '@/components/ui/success-modal';
import { useBusinessId, useSession } from '@/lib/session-store';
import { useAdjustStock } from '../api/stock';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, NotAllowed } from '@/components/ui/query-states';
import { useStoreName } from '../components/store-select';
import { clearDraft, loadDraft } from '../lib/adjustment-draft';
import { ADJUSTMENT_FLOW, ADJUSTMENT_STEPS, adjustmentTypeOf } from '../lib/adjustment-type';
import { formatChange, plural } from '../lib/format';
import { lineError, linesCostValue, stockAfter, totalUnits } from '../lib/items';
import { inventoryPaths } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';

/** Add stock / remove stock, step 2: check what will change, then confirm. */
const AdjustStockReviewPage = () => {
  const type = adjustmentTypeOf(useLocation().pathname);
  const flow = ADJUSTMENT_FLOW[type];
  const leaving = type === 'remove';
  const rights = inventoryRights(useSession());
  const businessId = useBusinessId();
  const navigate = useNavigate();
  const storeName = useStoreName();
  const wide = useMediaQuery('(min-width: 48em)', true);
  const [draft] = useState(() => loadDraft(businessId, type));
  const adjust = useAdjustStock();
  const [done, setDone] = useState<string | null>(null);

  const header = (
    <PageHeader
      title={flow.title}
      back={{ to: flow.pick, label: 'Back to items' }}
      description={flow.description}
    />
  );
  if (!rights.adjust) {
    return (
      <Stack maw={900} mx="auto">
        {header}
        <NotAllowed what="adjust stock" />
      </Stack>
    );
  }
  const ready =
    !!draft.storeId &&
    !!draft.reason &&
    draft.lines.length > 0 &&
    !draft.lines.some((l) => lineError(l, leaving));
  if (!ready && !done) {
    return (
      <Stack maw={900} mx="auto" gap="md">
        {header}
        <Empty title="Nothing to review yet">
          <Text c="dimmed" size="sm">
            Choose the store, the reason and the items first.
          </Text>
          <Button component={Link} to={flow.pick}>
            Choose items
          </Button>
        </Empty>
      </Stack>
    );
  }

  const units = totalUnits(draft.lines);
  const store = storeName(draft.storeId);
  const confirm = () =>
    adjust.mutate(
      {
        store_id: draft.storeId!,
        type,
        reason: draft.reason!,
        note: draft.note.trim() || undefined,
        items: draft.lines.map((l) => ({
          product_id: l.product_id,
          variety_id: l.variety_id,
          quantity: l.quantity!,
        })),
      },
      {
        onSuccess: () => {
          clearDraft(businessId, type);
          setDone(
            `${plural(units, 'unit')} of ${plural(draft.lines.length, 'item')} ${leaving ? 'removed from' : 'added to'} ${store || 'the store'}.`,
          );
        },
      },
    );

  return (
    <Stack maw={900} mx="auto" gap="md" pb="xl">
      {header}
      <Stepper steps={ADJUSTMENT_STEPS} current={2} />

      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <div>
            <Text size="xs" c="dimmed">
              Store
            </Text>
            <Text fw={600}>{store || '—'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Reason
            </Text>
            <Text fw={600}>{draft.reason ? ADJUSTMENT_REASON_LABELS[draft.reason] : '—'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Units
            </Text>
            <Text fw={600}>
              {leaving ? '-' : '+'}
              {units}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Value at cost
            </Text>
            <Text fw={600}>{formatMoney(linesCostValue(draft.lines))}</Text>
          </div>
        </SimpleGrid>
        {draft.note.trim() && (
          <Text size="sm" mt="sm">
            <Text span c="dimmed" size="sm">
              Note:{' '}
            </Text>
            {draft.note.trim()}
          </Text>
        )}
      </Paper>

      {wide ? (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" aria-label="Changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Now</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
                <Table.Th ta="right">After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.lines.map((l) => (
                <Table.Tr key={l.key} data-testid="review-line">
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td ta="right">{l.stock}</Table.Td>
                  <Table.Td ta="right" c={leaving ? 'red.9' : 'teal.9'} fw={600}>
                    {formatChange((leaving ? -1 : 1) * (l.quantity ?? 0))}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {stockAfter(l, leaving)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="xs">
          {draft.lines.map((l) => (
            <Card key={l.key} withBorder padding="sm" radius="md" data-testid="review-line">
              <Text fw={600}>{l.name}</Text>
              <Group justify="space-between" mt={4}>
                <Text size="sm" c="dimmed">
                  Now {l.stock}
                </Text>
                <Text size="sm" fw={600} c={leaving ? 'red.9' : 'teal.9'}>
                  {formatChange((leaving ? -1 : 1) * (l.quantity ?? 0))}
                </Text>
                <Text size="sm" fw={600}>
                  After {stockAfter(l, leaving)}
                </Text>
              </Group>
            </Card>
          ))}
        </Stack>
      )}

      {adjust.error && (
        <Alert color="red" title={`Could not ${flow.verb.toLowerCase()} stock`} role="alert">
          {adjust.error.message}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          size="md"
          leftSection={<IconArrowLeft size={18} />}
          onClick={() => navigate(flow.pick)}
          disabled={adjust.isPending}
        >
          Back
        </Button>
        <Button
          size="md"
          color={leaving ? 'red' : undefined}
          leftSection={<IconCheck size={18} />}
          loading={adjust.isPending}
          onClick={confirm}
          disabled={!!done}
        >
          {flow.verb} {plural(units, 'unit')}
        </Button>
      </Group>

      <SuccessModal
        opened={!!done}
        title={flow.done}
        message={done}
        onClose={() => navigate(inventoryPaths.adjustments, { replace: true })}
      />
    </Stack>
  );
};

export default AdjustStockReviewPage;
