import { useState } from 'react';
import { Button, Overlay, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';

/** Spec 000 §2.4 forced-update overlay: covers everything; the one way on is to update. */
export const UpdatePrompt = ({ onUpdate }: { onUpdate: () => Promise<void> }) => {
  const [updating, setUpdating] = useState(false);
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.75} blur={2} center>
      <Paper
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="update-title"
        p="xl"
        radius="md"
        shadow="xl"
        maw={400}
        mx="md"
      >
        <Stack align="center" ta="center" gap="md">
          <IconDownload size={44} color="var(--mantine-color-teal-6)" aria-hidden />
          <Title order={2} id="update-title">
            {TEXT.criticalUpdate}
          </Title>
          <Text c="dimmed">
            A new version of the app is ready. Update now to keep working; it takes a moment.
          </Text>
          <Button
            size="md"
            fullWidth
            disabled={updating}
            onClick={() => {
              setUpdating(true);
              void onUpdate();
            }}
          >
            {updating ? TEXT.updating : TEXT.clickToUpdate}
          </Button>
        </Stack>
      </Paper>
    </Overlay>
  );
};
