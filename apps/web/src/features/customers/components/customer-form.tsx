import { useState } from 'react';
import { Alert, Button, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  createCustomerBody,
  updateCustomerBody,
  type CreateCustomerBody,
  type Customer,
  type UpdateCustomerBody,
} from '@ms/contracts';
import { humanizeMessage } from '@/lib/form-resolver';

/** The customer fields of spec 001 §3 as the form holds them (text inputs: "" when empty). */
export type CustomerFormValues = {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  day_month: string;
  street: string;
  city: string;
  state: string;
  country: string;
};

type Field = keyof CustomerFormValues;

export const EMPTY_CUSTOMER: CustomerFormValues = {
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
  day_month: '',
  street: '',
  city: '',
  state: '',
  country: 'Nigeria',
};

export const valuesOf = (c: Customer): CustomerFormValues => ({
  first_name: c.first_name,
  last_name: c.last_name ?? '',
  phone: c.phone ?? '',
  email: c.email ?? '',
  day_month: c.day_month ?? '',
  street: c.address.street ?? '',
  city: c.address.city ?? '',
  state: c.address.state ?? '',
  country: c.address.country ?? '',
});

const toBody = (v: CustomerFormValues) => ({
  first_name: v.first_name,
  last_name: v.last_name,
  phone: v.phone.replace(/[\s-]/g, ''),
  email: v.email,
  day_month: v.day_month,
  address: { street: v.street, city: v.city, state: v.state, country: v.country },
});

export type CustomerFormResult =
  | { ok: true; body: CreateCustomerBody | UpdateCustomerBody }
  | { ok: false; errors: Partial<Record<Field, string>> };

/** Checks the form with the same rules as the server; errors are keyed by form field, in words. */
export const validateCustomer = (values: CustomerFormValues, mode: 'create' | 'edit'): CustomerFormResult => {
  const schema = mode === 'create' ? createCustomerBody : updateCustomerBody;
  const parsed = schema.safeParse(toBody(values));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = (issue.path[0] === 'address' ? issue.path[1] : issue.path[0]) as Field;
    if (key in EMPTY_CUSTOMER)
      errors[key] ??= humanizeMessage(issue.message).replace('The day month field', 'The birthday');
  }
  return { ok: false, errors };
};

type Props = {
  initial?: CustomerFormValues;
  mode: 'create' | 'edit';
  submitLabel: string;
  pending?: boolean;
  /** The server's refusal (e.g. the phone is already used), shown under the phone or at the bottom. */
  serverError?: { message: string; field?: Field } | null;
  onSubmit: (body: CreateCustomerBody | UpdateCustomerBody) => void;
};

/** Add and edit a customer: name, phone, e-mail, birthday (day and month) and address. */
export const CustomerForm = ({
  initial = EMPTY_CUSTOMER,
  mode,
  submitLabel,
  pending,
  serverError,
  onSubmit,
}: Props) => {
  const [values, setValues] = useState<CustomerFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };
  const errorOf = (field: Field) =>
    errors[field] ?? (serverError?.field === field ? serverError.message : undefined);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = validateCustomer(values, mode);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.body);
  };

  const input = (
    field: Field,
    label: string,
    extra: Partial<React.ComponentProps<typeof TextInput>> = {},
  ) => (
    <TextInput
      label={label}
      size="md"
      value={values[field]}
      onChange={set(field)}
      error={errorOf(field)}
      disabled={pending}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add customer' : 'Edit customer'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <div>
            {input('first_name', 'First name', {
              withAsterisk: true,
              autoComplete: 'given-name',
              placeholder: 'e.g. Ngozi',
            })}
          </div>
          <div>
            {input('last_name', 'Last name', { autoComplete: 'family-name', placeholder: 'e.g. Okafor' })}
          </div>
          <div>
            {input('phone', 'Phone number', {
              type: 'tel',
              inputMode: 'tel',
              autoComplete: 'tel',
              placeholder: '08012345678',
              description: '11 digits, e.g. 08012345678',
            })}
          </div>
          <div>
            {input('email', 'E-mail', {
              type: 'email',
              autoComplete: 'email',
              placeholder: 'name@example.com',
              description: 'For receipts by e-mail',
            })}
          </div>
          <div>
            {input('day_month', 'Birthday', {
              placeholder: 'DD-MM',
              description: 'Day and month, e.g. 25-12',
              inputMode: 'numeric',
              maxLength: 5,
            })}
          </div>
        </SimpleGrid>
        <Title order={2} size="h5">
          Address
        </Title>
        {input('street', 'Street', { autoComplete: 'street-address', placeholder: 'e.g. 3 Allen Avenue' })}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {input('city', 'City', { placeholder: 'e.g. Ikeja' })}
          {input('state', 'State', { placeholder: 'e.g. Lagos' })}
          {input('country', 'Country')}
        </SimpleGrid>
        {serverError && !serverError.field && (
          <Alert color="red" title="Could not save the customer">
            {serverError.message}
          </Alert>
        )}
        <Button type="submit" size="md" loading={pending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
};
