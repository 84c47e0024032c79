import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/**
 * "Download CSV" above a list, at its right. `onDownload` makes and saves the file; while a file it
 * fetches is on its way (a promise), the button spins.
 */
export const DownloadCsvButton = ({ onDownload }: { onDownload: () => Promise<unknown> | void }) => {
  const [downloading, setDownloading] = useState(false);
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={16} />}
        loading={downloading}
        onClick={() => {
          const saving = onDownload();
          if (!saving) return;
          setDownloading(true);
          void saving.finally(() => setDownloading(false));
        }}
      >
        Download CSV
      </Button>
    </Group>
  );
};
