import { lazy, Suspense } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { isAdmin, useSession } from '@/lib/session-store';
import { dashboardAccess } from '../lib/access';
import { GettingStartedCard } from '../components/getting-started-card';
import { QuickCards } from '../components/quick-cards';
import { SalesFigures } from '../components/sales-figures';

// The invoice log loads after the first screen is drawn (decision 0002): it adds nothing to the first load.
const InvoiceLogCard = lazy(() => import('@/features/invoices').then((m) => ({ default: m.InvoiceLogCard })));

const greeting = (hour: number) =>
  hour < 12 ? 'Good morning' : hour < 17 ? 'Good afternoon' : 'Good evening';

/** Home: a greeting, the sales figures, shortcuts, and (for the owner) the getting-started checklist. */
const DashboardPage = () => {
  const session = useSession();
  const drawn = useAfterFirstPaint();
  if (!session) return null;
  const access = dashboardAccess(session);
  return (
    <Stack maw={1100} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          {greeting(new Date().getHours())}, {session.user.first_name || session.user.name}
        </Title>
        <Text c="dimmed" size="lg">
          Welcome to {session.business.name}.
        </Text>
      </div>
      <SalesFigures />
      <QuickCards />
      {drawn && access.invoiceLog && (
        <Suspense fallback={null}>
          <InvoiceLogCard />
        </Suspense>
      )}
      {isAdmin(session) && <GettingStartedCard />}
    </Stack>
  );
};

export default DashboardPage;
