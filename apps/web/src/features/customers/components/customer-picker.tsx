import { useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { createCustomerBody, type Customer } from '@ms/contracts';
import { humanizeMessage } from '@/lib/form-resolver';
import { hasPermission, useSession } from '@/lib/session-store';
import { useCreateCustomer, useCustomersPage } from '../api/customers';
import { customerName, initialsOf } from './customer-name';

type Props = {
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  /** Results shown at most (default 6). */
  limit?: number;
};

const looksLikePhone = (text: string) => /^[+\d][\d\s-]*$/.test(text.trim());

/**
 * Attach a customer to a sale: search by name or phone as you type, pick one, or add a new one
 * with just a first name and phone without leaving the screen.
 */
export const CustomerPicker = ({ value, onChange, limit = 6 }: Props) => {
  const session = useSession();
  const canCreate = hasPermission(session, 'customers.manage');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [creating, setCreating] = useState(false);
  const [firstName, setFirstName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ first_name?: string; phone?: string }>({});
  const results = useCustomersPage({ page: 1, limit, search: debounced }, !!debounced && !value);
  const create = useCreateCustomer();

  if (value)
    return (
      <Paper withBorder radius="md" p="sm">
        <Group wrap="nowrap" gap="sm">
          <Avatar color="teal" radius="xl">
            {initialsOf(value)}
          </Avatar>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} truncate>
              {customerName(value)}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {value.phone ?? 'No phone'}
            </Text>
          </div>
          <CloseButton aria-label="Remove customer" onClick={() => onChange(null)} />
        </Group>
      </Paper>
    );

  const startCreate = () => {
    setCreating(true);
    setErrors({});
    create.reset();
    if (looksLikePhone(search)) setPhone(search.replace(/[\s-]/g, ''));
    else if (search.trim()) setFirstName(search.trim());
  };

  const submitNew = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const parsed = createCustomerBody.safeParse({
      first_name: firstName,
      phone: phone.replace(/[\s-]/g, ''),
    });
    const next: { first_name?: string; phone?: string } = {};
    if (!phone.trim()) next.phone = 'The phone field is required.';
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'first_name' | 'phone';
        next[key] ??= humanizeMessage(issue.message);
      }
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (c) => {
        setCreating(false);
        setFirstName('');
        setPhone('');
        setSearch('');
        onChange(c);
      },
    });
  };

  if (creating)
    return (
      <Paper withBorder radius="md" p="sm">
        <form onSubmit={submitNew} noValidate aria-label="New customer">
          <Stack gap="xs">
            <Text fw={600}>New customer</Text>
            <TextInput
              label="First name"
              withAsterisk
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={errors.first_name}
              autoFocus
            />
            <TextInput
              label="Phone number"
              withAsterisk
              type="tel"
              inputMode="tel"
              placeholder="08012345678"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={errors.phone}
            />
            {create.error && <Alert color="red">{create.error.message}</Alert>}
            <Group grow>
              <Button variant="default" onClick={() => setCreating(false)} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Add customer
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    );

  const items = results.data?.items ?? [];
  return (
    <Stack gap={6}>
      <TextInput
        type="search"
        aria-label="Find a customer"
        placeholder="Customer name or phone"
        leftSection={<IconSearch size={16} />}
        rightSection={results.isFetching ? <Loader size="xs" /> : undefined}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {debounced && results.isError && (
        <Text size="sm" c="red">
          {results.error.message}
        </Text>
      )}
      {debounced && results.isSuccess && (
        <Paper withBorder radius="md" p={4}>
          <Stack gap={2} role="listbox" aria-label="Customers found">
            {items.length === 0 && (
              <Text size="sm" c="dimmed" p="xs">
                No customer matches “{debounced}”.
              </Text>
            )}
            {items.map((c) => (
              <UnstyledButton
                key={c._id}
                role="option"
                aria-selected={false}
                p="xs"
                style={{ borderRadius: 6 }}
                onClick={() => {
                  setSearch('');
                  onChange(c);
                }}
              >
                <Text size="sm" fw={600}>
                  {customerName(c)}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.phone ?? c.email ?? ''}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>
      )}
      {canCreate && (
        <Button
          variant="subtle"
          leftSection={<IconUserPlus size={16} />}
          onClick={startCreate}
          justify="flex-start"
        >
          New customer
        </Button>
      )}
    </Stack>
  );
};
