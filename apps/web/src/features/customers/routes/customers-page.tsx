import { useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Center,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconGift, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { hasPermission, useSession } from '@/lib/session-store';
import { useCustomersPage } from '../api/customers';
import { customerName, initialsOf } from '../components/customer-name';
import { LoadError } from '@/components/ui/query-states';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 20;

/** /customers: every customer of the business, found as you type by name, phone or e-mail. */
const CustomersPage = () => {
  const session = useSession();
  const navigate = useNavigate();
  const canManage = hasPermission(session, 'customers.manage');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const query = useCustomersPage({ page, limit: PAGE_SIZE, search: debounced });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);
  const needle = debounced.trim();

  if (!hasPermission(session, 'customers.view'))
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Customers" />
        <Alert color="yellow" title="You cannot see customers">
          Your role does not include viewing customers. Ask your admin for the “View details” customer
          permission.
        </Alert>
      </Stack>
    );

  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader
        title="Customers"
        description="The people you sell to, their points and store credit."
        actions={
          <>
            <Button
              component={Link}
              to="/customer-loyalty"
              variant="default"
              leftSection={<IconGift size={18} />}
            >
              Loyalty
            </Button>
            {canManage && (
              <Button component={Link} to="/add-customer" leftSection={<IconPlus size={18} />}>
                Add customer
              </Button>
            )}
          </>
        }
      />
      <TextInput
        type="search"
        size="md"
        aria-label="Search customers"
        placeholder="Search by name, phone or e-mail"
        leftSection={<IconSearch size={18} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {query.isPending ? (
        <Stack gap="xs">
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={64} radius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <LoadError what="your customers" error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs" ta="center" maw={380}>
            <IconUsers size={44} color="var(--mantine-color-gray-5)" aria-hidden />
            {needle ? (
              <Text>No customer matches “{needle}”. Check the spelling or the phone number.</Text>
            ) : (
              <>
                <Text fw={600}>No customers yet</Text>
                <Text c="dimmed" size="sm">
                  Add the people who buy from you to reward them with points and see what they bought. You can
                  also add a customer while making a sale.
                </Text>
                {canManage && (
                  <Button component={Link} to="/add-customer" leftSection={<IconPlus size={18} />}>
                    Add customer
                  </Button>
                )}
              </>
            )}
          </Stack>
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {total} {total === 1 ? 'customer' : 'customers'}
          </Text>
          <Stack gap={6} data-testid="customer-list">
            {items.map((c) => (
              <Card key={c._id} withBorder radius="md" padding={0}>
                <UnstyledButton
                  p="sm"
                  w="100%"
                  onClick={() => void navigate(`/customer-details?id=${c._id}`)}
                  aria-label={`Open ${customerName(c)}`}
                >
                  <Group wrap="nowrap" gap="sm">
                    <Avatar color="teal" radius="xl">
                      {initialsOf(c)}
                    </Avatar>
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text fw={600} truncate>
                        {customerName(c)}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {[c.phone, c.email].filter(Boolean).join(' · ') || 'No phone or e-mail'}
                      </Text>
                    </div>
                  </Group>
                </UnstyledButton>
              </Card>
            ))}
          </Stack>
          <Pager pages={pages} page={page} onChange={setPage} size="md" />
        </>
      )}
    </Stack>
  );
};

export default CustomersPage;
