import { Badge, Loader } from '@mantine/core';
import { IconCloudCheck, IconRefresh } from '@tabler/icons-react';

export type TillReadinessState = 'ready' | 'preparing' | 'reload';

/**
 * "Ready offline" once the till can sell without the network; until then, that it is getting ready;
 * on a page loaded past the saved app (a hard reload), a tap to reload it.
 */
export const TillReadiness = ({ state }: { state: TillReadinessState }) => {
  const common = { 'data-testid': 'till-readiness', variant: 'light', size: 'lg' } as const;
  if (state === 'reload')
    return (
      <Badge
        {...common}
        component="button"
        type="button"
        color="yellow"
        style={{ textTransform: 'none', cursor: 'pointer' }}
        leftSection={<IconRefresh size={14} aria-hidden />}
        title="This page was loaded without the copy of the app saved on this device. Reload it once to sell without the network."
        onClick={() => window.location.reload()}
      >
        Reload to get ready offline
      </Badge>
    );
  const ready = state === 'ready';
  return (
    <Badge
      {...common}
      color={ready ? 'teal' : 'gray'}
      style={{ textTransform: 'none' }}
      leftSection={ready ? <IconCloudCheck size={14} aria-hidden /> : <Loader size={10} aria-hidden />}
      title={
        ready
          ? 'This till keeps selling if the network drops: sales are saved on this device and uploaded later.'
          : 'Saving the products, customers and screens this till needs to sell without the network.'
      }
    >
      {ready ? 'Ready offline' : 'Getting ready for offline…'}
    </Badge>
  );
};
