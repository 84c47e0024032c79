import { lazy, Suspense } from 'react';
import { Box, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { AppLink } from '@/components/ui/app-link';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { useSession } from '@/lib/session-store';
import { MoreOptionsMenu } from './more-options-menu';
import { UserSwitcher } from './user-switcher';

// The sync icon reads the local database (Dexie, the offline engine): it loads after the first
// screen has drawn, in a space of its size kept free meanwhile so nothing moves.
const SyncIndicator = lazy(() => import('./sync-indicator').then((m) => ({ default: m.SyncIndicator })));
const syncSpace = <Box w={40} h={40} aria-hidden />;
const DeferredSyncIndicator = () =>
  useAfterFirstPaint() ? (
    <Suspense fallback={syncSpace}>
      <SyncIndicator />
    </Suspense>
  ) : (
    syncSpace
  );

type Props = { navOpened: boolean; narrow: boolean; onToggleNav: () => void; onLogout: () => void };

/** Spec 000 §2.4 top bar. */
export const TopBar = ({ navOpened, narrow, onToggleNav, onLogout }: Props) => {
  const session = useSession();
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          // The cross means "close the drawer" on a phone; beside a docked sidebar it stays three lines.
          opened={narrow && navOpened}
          onClick={onToggleNav}
          size="sm"
          aria-label={navOpened ? 'Close menu' : 'Open menu'}
          aria-expanded={navOpened}
        />
        <UnstyledButton component={AppLink} to="/" aria-label="Home" style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <img
              src="/favicon.svg"
              alt=""
              width={32}
              height={32}
              style={{ borderRadius: 8, flexShrink: 0 }}
            />
            <div style={{ minWidth: 0 }}>
              <Text fw={800} size="md" lh={1.1}>
                Merchant
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} truncate maw={180}>
                {session?.business.name}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
      </Group>
      <Group gap={2} wrap="nowrap">
        <DeferredSyncIndicator />
        <UserSwitcher />
        <MoreOptionsMenu onLogout={onLogout} />
      </Group>
    </Group>
  );
};
