import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconShieldX } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';
import { SUPPORT_EMAIL } from './support';

/** Spec 000 §2.4: a user flagged IsFraud sees this instead of any page. */
export const FraudBlock = () => (
  <Center mih="60vh" p="md" data-testid="fraud-block">
    <Stack align="center" maw={440} ta="center" gap="sm">
      <IconShieldX size={48} color="var(--mantine-color-red-6)" aria-hidden />
      <Title order={2}>Account on hold</Title>
      <Text>{TEXT.fraud}</Text>
      <Button
        component="a"
        href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('My account is on hold')}`}
        leftSection={<IconMail size={18} />}
        size="md"
      >
        Contact Support
      </Button>
    </Stack>
  </Center>
);
