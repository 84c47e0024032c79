import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '@/lib/session-store';
import { CompanyInfoForm } from '../components/company-info-form';

/** "My account" (CompanyInfo, admin): the business's profile. */
const CompanyInfoPage = () => {
  const session = useSession();
  if (!session) return null;
  return (
    <Stack maw={720} mx="auto" gap="md">
      <div>
        <Title order={1} size="h2">
          My account
        </Title>
        <Text c="dimmed">Your business’s name, contact details and logo.</Text>
      </div>
      {/* Remount when the user switches business so the form starts from that business. */}
      <CompanyInfoForm key={session.business._id} business={session.business} />
    </Stack>
  );
};

export default CompanyInfoPage;
