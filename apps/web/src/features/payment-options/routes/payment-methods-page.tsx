import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { BuiltInMethods } from '../components/built-in-methods';
import { CustomOptions } from '../components/custom-options';

/** /payment-methods (admin): which ways of paying the POS offers. */
const PaymentMethodsPage = () => (
  <Stack maw={760} mx="auto" gap="md">
    <PageHeader title="Payment Methods" description="Choose how customers can pay at your counter." />
    <BuiltInMethods />
    <CustomOptions />
  </Stack>
);

export default PaymentMethodsPage;
