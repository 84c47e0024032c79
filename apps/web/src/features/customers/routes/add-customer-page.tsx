import { Alert, Paper, Stack } from '@mantine/core';
import type { CreateCustomerBody } from '@ms/contracts';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ApiError } from '@/lib/api-client';
import { hasPermission, useSession } from '@/lib/session-store';
import { useCreateCustomer } from '../api/customers';
import { CustomerForm } from '../components/customer-form';

/** /add-customer: the customer fields of spec 001 §3. */
const AddCustomerPage = () => {
  const session = useSession();
  const navigate = useNavigate();
  const create = useCreateCustomer();

  if (!hasPermission(session, 'customers.manage'))
    return (
      <Stack maw={640} mx="auto">
        <PageHeader title="Add customer" back={{ to: '/customers', label: 'Customers' }} />
        <Alert color="yellow" title="You cannot add customers">
          Your role does not include managing customers. Ask your admin for the “Create and manage” customer
          permission.
        </Alert>
      </Stack>
    );

  const error = create.error instanceof ApiError ? create.error : null;
  return (
    <Stack maw={640} mx="auto" gap="md">
      <PageHeader
        title="Add customer"
        description="Only the first name is required; a phone number lets you find them quickly at the till."
        back={{ to: '/customers', label: 'Customers' }}
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <CustomerForm
          mode="create"
          submitLabel="Add customer"
          pending={create.isPending}
          serverError={
            error ? { message: error.message, field: error.status === 409 ? 'phone' : undefined } : null
          }
          onSubmit={(body) =>
            create.mutate(body as CreateCustomerBody, {
              onSuccess: (c) => void navigate(`/customer-details?id=${c._id}`, { state: { created: true } }),
            })
          }
        />
      </Paper>
    </Stack>
  );
};

export default AddCustomerPage;
