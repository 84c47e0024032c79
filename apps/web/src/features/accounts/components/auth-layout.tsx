import type { ReactNode } from 'react';
import { Badge, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff, IconDeviceMobileCheck, IconShieldLock } from '@tabler/icons-react';
import classes from './auth-layout.module.css';

/** The frame of every public account page: brand, a short reassurance, and the form in a card. */
export type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. "New here? Create an account". */
  footer?: ReactNode;
  /** Partner-bank pages carry the partner badge. */
  partner?: boolean;
  wide?: boolean;
};

const Logo = ({ size = 40, light = false }: { size?: number; light?: boolean }) => (
  <Group gap={10} wrap="nowrap">
    <img
      src="/favicon.svg"
      width={size}
      height={size}
      alt=""
      style={{ borderRadius: size / 4.5, boxShadow: light ? '0 0 0 2px rgba(255,255,255,0.5)' : undefined }}
    />
    <Text fw={800} fz={size > 36 ? 24 : 20} c={light ? 'white' : 'dark.8'} style={{ letterSpacing: -0.3 }}>
      Merchant
    </Text>
  </Group>
);

const POINTS = [
  { icon: IconCloudOff, text: 'Keep selling when the network drops. Sales sync when you are back online.' },
  { icon: IconShieldLock, text: 'Your password and your business data are protected.' },
  { icon: IconDeviceMobileCheck, text: 'Only devices you approve can open your business.' },
];

export const AuthLayout = ({
  title,
  subtitle,
  children,
  footer,
  partner = false,
  wide = false,
}: AuthLayoutProps) => (
  <div className={classes.root}>
    <aside className={classes.brand} aria-hidden>
      <Logo light size={44} />
      <Stack gap="xl" maw={420}>
        {partner ? (
          <Badge color="white" c="teal.9" variant="filled" size="lg" w="fit-content">
            Partner bank
          </Badge>
        ) : null}
        <Title order={2} c="white" fz={34} lh={1.15}>
          {partner
            ? 'Your bank account, now with a shop that runs itself.'
            : 'Run your shop from any phone or laptop.'}
        </Title>
        <List spacing="md" center>
          {POINTS.map(({ icon: Icon, text }) => (
            <List.Item
              key={text}
              icon={
                <ThemeIcon size={32} radius="xl" color="rgba(255,255,255,0.14)">
                  <Icon size={18} />
                </ThemeIcon>
              }
            >
              <Text c="rgba(255,255,255,0.9)">{text}</Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Text size="sm" c="rgba(255,255,255,0.7)">
        Point of sale, stock and back office in one place.
      </Text>
    </aside>
    <main className={classes.main}>
      <div className={classes.mobileHeader}>
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          {partner ? (
            <Badge variant="light" size="md">
              Partner bank
            </Badge>
          ) : null}
        </Group>
      </div>
      <div className={`${classes.card} ${wide ? classes.wide : ''}`}>
        <Stack gap={4} mb="lg">
          <Title order={1} fz={{ base: 23, sm: 26 }} lh={1.2}>
            {title}
          </Title>
          {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        </Stack>
        {children}
      </div>
      {footer ? (
        <Text ta="center" mt="lg" size="md">
          {footer}
        </Text>
      ) : null}
    </main>
  </div>
);
