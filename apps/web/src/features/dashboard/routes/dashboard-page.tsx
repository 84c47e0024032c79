import { Stack, Text, Title } from '@mantine/core';
import { isAdmin, useSession } from '@/lib/session-store';
import { GettingStartedCard } from '../components/getting-started-card';
import { QuickCards } from '../components/quick-cards';
import { SalesFigures } from '../components/sales-figures';

const greeting = (hour: number) =>
  hour < 12 ? 'Good morning' : hour < 17 ? 'Good afternoon' : 'Good evening';

/** Home: a greeting, the sales figures, shortcuts, and (for the owner) the getting-started checklist. */
const DashboardPage = () => {
  const session = useSession();
  if (!session) return null;
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
      {isAdmin(session) && <GettingStartedCard />}
    </Stack>
  );
};

export default DashboardPage;
