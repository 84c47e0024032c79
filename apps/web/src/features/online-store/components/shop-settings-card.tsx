import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandWhatsapp, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { SHOP_SLUG, type OnlineStore, type UpdateOnlineStoreBody } from '@ms/contracts';
import { useMyStores } from '@/features/stores';
import { useOnlineStoreRights, useToggleShop, useUpdateOnlineStore } from '../api/online-store';

/** The shop's full address, from its `/shop/<slug>` link. */
export const shopUrl = (link: string): string =>
  /^https?:\/\//.test(link) ? link : `${window.location.origin}${link.startsWith('/') ? '' : '/'}${link}`;

/** On/off, the link to share, and (for the catalogue permission) the shop's details. */
export const ShopSettingsCard = ({ shop }: { shop: OnlineStore }) => {
  const rights = useOnlineStoreRights();
  const toggle = useToggleShop();
  const url = shopUrl(shop.link);
  const share = `https://wa.me/?text=${encodeURIComponent(`Shop from ${shop.name} online: ${url}`)}`;

  return (
    <Card withBorder radius="md" padding="md" data-testid="shop-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="lg">
              Your online shop
            </Text>
            <Text size="sm" c="dimmed">
              {shop.enabled
                ? `Open: customers can see your ${shop.published_count} published product${shop.published_count === 1 ? '' : 's'} and order.`
                : 'Closed: nobody can see your shop or order from it.'}
            </Text>
          </div>
          {rights.admin ? (
            <Switch
              size="xl"
              onLabel="ON"
              offLabel="OFF"
              checked={shop.enabled}
              disabled={toggle.isPending}
              aria-label="Online shop open"
              onChange={() => toggle.mutate()}
            />
          ) : (
            <Badge color={shop.enabled ? 'teal' : 'gray'} variant="light" size="lg">
              {shop.enabled ? 'Open' : 'Closed'}
            </Badge>
          )}
        </Group>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Your shop link
          </Text>
          <Text
            size="sm"
            p="xs"
            bg="var(--mantine-color-gray-0)"
            style={{ borderRadius: 'var(--mantine-radius-sm)', wordBreak: 'break-all' }}
            data-testid="shop-link"
          >
            {url}
          </Text>
          <Group gap="xs">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<IconExternalLink size={16} />}
            >
              Open shop
            </Button>
            <Button
              component="a"
              href={share}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color="green"
              leftSection={<IconBrandWhatsapp size={16} />}
            >
              Share on WhatsApp
            </Button>
          </Group>
          {!shop.enabled && (
            <Text size="xs" c="orange.8">
              The link shows nothing while the shop is closed.
            </Text>
          )}
        </Stack>
        {rights.catalogue && <ShopDetailsForm shop={shop} />}
      </Stack>
    </Card>
  );
};

type Draft = {
  name: string;
  slug: string;
  about: string;
  store_id: string;
  pickup: boolean;
  pay_on_delivery: boolean;
};

const draftOf = (s: OnlineStore): Draft => ({
  name: s.name,
  slug: s.slug,
  about: s.about ?? '',
  store_id: s.store_id,
  pickup: s.pickup,
  pay_on_delivery: s.pay_on_delivery,
});

/** The shop's name, address, description, the store it sells from, and how shoppers get and pay. */
const ShopDetailsForm = ({ shop }: { shop: OnlineStore }) => {
  const stores = useMyStores();
  const update = useUpdateOnlineStore();
  const saved = draftOf(shop);
  const [draft, setDraft] = useState<Draft>(saved);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const slug = draft.slug.trim().toLowerCase();
  const slugError = slug && !SHOP_SLUG.test(slug) ? '3 to 40 small letters, digits or dashes' : undefined;
  const nameError = draft.name.trim() ? undefined : 'Give your shop a name';
  const changes: UpdateOnlineStoreBody = {
    ...(draft.name.trim() !== saved.name ? { name: draft.name.trim() } : {}),
    ...(slug !== saved.slug ? { slug } : {}),
    ...(draft.about.trim() !== saved.about.trim() ? { about: draft.about.trim() || null } : {}),
    ...(draft.store_id !== saved.store_id ? { store_id: draft.store_id } : {}),
    ...(draft.pickup !== saved.pickup ? { pickup: draft.pickup } : {}),
    ...(draft.pay_on_delivery !== saved.pay_on_delivery ? { pay_on_delivery: draft.pay_on_delivery } : {}),
  };
  const dirty = Object.keys(changes).length > 0;
  const storeChoices = (stores.data ?? []).map((s) => ({ value: s._id, label: s.name }));
  if (!storeChoices.some((c) => c.value === shop.store_id))
    storeChoices.unshift({ value: shop.store_id, label: shop.store_name });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!dirty || slugError || nameError) return;
        update.mutate(changes, {
          onSuccess: (next) => {
            setDraft(draftOf(next));
            notifications.show({ color: 'teal', message: 'Shop details saved' });
          },
        });
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Shop name"
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={nameError}
            maxLength={80}
            size="md"
          />
          <TextInput
            label="Shop address"
            description={`${window.location.host}/shop/…`}
            value={draft.slug}
            onChange={(e) => set('slug', e.currentTarget.value)}
            error={slugError}
            maxLength={40}
            size="md"
          />
        </SimpleGrid>
        <Textarea
          label="About your shop"
          description="Shoppers see this at the top of your shop."
          value={draft.about}
          onChange={(e) => set('about', e.currentTarget.value)}
          maxLength={1000}
          rows={3}
          size="md"
        />
        <Select
          label="Sell the stock of"
          description="Orders take their items from this store; pickups are collected there."
          data={storeChoices}
          value={draft.store_id}
          onChange={(v) => v && set('store_id', v)}
          allowDeselect={false}
          size="md"
        />
        <Switch
          size="md"
          label="Shoppers can pick up at the store"
          checked={draft.pickup}
          onChange={(e) => set('pickup', e.currentTarget.checked)}
        />
        <Switch
          size="md"
          label="Shoppers can pay on delivery"
          description="Otherwise they pay by bank transfer before you deliver."
          checked={draft.pay_on_delivery}
          onChange={(e) => set('pay_on_delivery', e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          {dirty && (
            <Button variant="default" size="md" onClick={() => setDraft(saved)} disabled={update.isPending}>
              Undo changes
            </Button>
          )}
          <Button
            type="submit"
            size="md"
            loading={update.isPending}
            disabled={!dirty || !!slugError || !!nameError}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
