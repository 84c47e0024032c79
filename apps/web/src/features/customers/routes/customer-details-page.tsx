import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit } from '@tabler/icons-react';
import { formatMoney, SALE_STATUS_LABELS, type UpdateCustomerBody, saleMadeAt } from '@ms/contracts';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { LoyaltyPanel } from '@/features/loyalty';
import { ApiError } from '@/lib/api-client';
import { hasPermission, useSession } from '@/lib/session-store';
import { useCustomer, useCustomerSales, useUpdateCustomer } from '../api/customers';
import { CustomerForm, valuesOf } from '../components/customer-form';
import { customerName } from '../components/customer-name';
import { formatDate } from '@/lib/date-time';
import { saleDetailsPath } from '@/lib/route-paths';
import { LoadError } from '@/components/ui/query-states';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const birthday = (dm: string | null) => {
  if (!dm) return null;
  const [d, m] = dm.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]}`;
};

const Detail = ({ label, value }: { label: string; value: string | null }) => (
  <div>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text>{value || '—'}</Text>
  </div>
);

/** The customer's latest sales: shown when the caller may see sales history. */
const CustomerSales = ({ id }: { id: string }) => {
  const sales = useCustomerSales(id);
  if (!sales.isSuccess) return null;
  const { items, total } = sales.data;
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Recent sales
        </Title>
        {total > 0 && (
          <Text size="sm" c="dimmed">
            {total} {total === 1 ? 'sale' : 'sales'} in all
          </Text>
        )}
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          No sales to this customer yet. Pick them at the till to see their purchases here.
        </Text>
      ) : (
        // No sideways scroll on a phone: the receipt column wraps, status and total stay whole.
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Tbody>
              {items.map((s) => (
                <Table.Tr key={s._id}>
                  <Table.Td>
                    {saleDetailsPath(s._id) ? (
                      <Anchor component={Link} to={saleDetailsPath(s._id)!} fw={600}>
                        {s.receipt_number}
                      </Anchor>
                    ) : (
                      <Text fw={600}>{s.receipt_number}</Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatDate(saleMadeAt(s))} · {s.store_name}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {s.status !== 'completed' && (
                      <Badge variant="light" size="sm" color="gray">
                        {SALE_STATUS_LABELS[s.status]}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(s.total)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
};

/** /customer-details?id= : who the customer is, their loyalty balances and history, and edit. */
const CustomerDetailsPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const session = useSession();
  const canManage = hasPermission(session, 'customers.manage');
  const query = useCustomer(id);
  const update = useUpdateCustomer(id);
  const [editing, setEditing] = useState(false);

  if (!id || (query.isError && query.error instanceof ApiError && query.error.status === 404))
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Customer" back={{ to: '/customers', label: 'Customers' }} />
        <Alert color="yellow" title="Customer not found">
          This customer does not exist or was removed. Go back to the list and pick another one.
        </Alert>
      </Stack>
    );
  if (query.isPending)
    return (
      <Stack maw={960} mx="auto">
        <Skeleton h={40} w={240} />
        <Skeleton h={180} radius="md" />
        <Skeleton h={180} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Customer" back={{ to: '/customers', label: 'Customers' }} />
        <LoadError what="the customer" error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );

  const c = query.data;
  const address = [c.address.street, c.address.city, c.address.state, c.address.country]
    .filter(Boolean)
    .join(', ');
  const error = update.error instanceof ApiError ? update.error : null;

  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader
        title={customerName(c)}
        description={c.is_offline_data ? <Badge variant="light">Added offline</Badge> : undefined}
        back={{ to: '/customers', label: 'Customers' }}
        actions={
          canManage && (
            <Button leftSection={<IconEdit size={18} />} variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )
        }
      />
      <Card withBorder radius="md" padding="md">
        <Group gap="xl" align="flex-start" wrap="wrap">
          <Detail label="Phone" value={c.phone} />
          <Detail label="E-mail" value={c.email} />
          <Detail label="Birthday" value={birthday(c.day_month)} />
          <Detail label="Address" value={address} />
        </Group>
      </Card>
      <LoyaltyPanel customerId={c._id} />
      <CustomerSales id={c._id} />
      <Drawer
        opened={editing}
        onClose={() => setEditing(false)}
        title="Edit customer"
        position="right"
        size="md"
      >
        {editing && (
          <CustomerForm
            mode="edit"
            initial={valuesOf(c)}
            submitLabel="Save changes"
            pending={update.isPending}
            serverError={
              error ? { message: error.message, field: error.status === 409 ? 'phone' : undefined } : null
            }
            onSubmit={(body) =>
              update.mutate(body as UpdateCustomerBody, {
                onSuccess: (saved) => {
                  notifications.show({
                    color: 'teal',
                    title: 'Customer updated',
                    message: `${customerName(saved)} was saved.`,
                  });
                  update.reset();
                  setEditing(false);
                },
              })
            }
          />
        )}
      </Drawer>
    </Stack>
  );
};

export default CustomerDetailsPage;
