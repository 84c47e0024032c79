import { Stack, Text, Title } from '@mantine/core';
import { CatalogueTabs } from '@/components/catalogue-tabs';
import { useLocation, useNavigate } from 'react-router';
import { ModifierSetsPanel } from '../components/modifier-sets-panel';

/** /productsinventory/modifiers and /productsinventory/create-modifier (starts in create mode). */
const ModifiersPage = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const createRoute = location.pathname.endsWith('/create-modifier');
  return (
    <Stack maw={820} mx="auto" gap="md">
      <CatalogueTabs active="modifiers" />
      <div>
        <Title order={1} size="h2">
          Modifier sets
        </Title>
        <Text c="dimmed">Extras customers can add to a product, such as toppings, sides or gift wrap.</Text>
      </div>
      <ModifierSetsPanel
        key={location.pathname}
        initialMode={createRoute ? 'create' : 'list'}
        onLeaveCreate={createRoute ? () => navigate('/productsinventory/modifiers') : undefined}
      />
    </Stack>
  );
};

export default ModifiersPage;
