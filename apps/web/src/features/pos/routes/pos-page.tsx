import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Affix,
  Alert,
  Badge,
  Button,
  Chip,
  Drawer,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconBarcode, IconCamera, IconChartBar, IconSearch, IconTicket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney, type Product, type Ticket } from '@ms/contracts';
import { Link, useNavigate } from 'react-router';
import { openConfirm } from '@/components/ui/confirm-dialog-host';
import { ApiError } from '@/lib/api-client';
import { hasPermission, useSession } from '@/lib/session-store';
import { usePosCategories } from '../api/categories';
import { usePosModifierSets } from '../api/modifier-sets';
import { findByBarcode, posProductsQuery, usePosProducts } from '../api/products';
import { useTicketMutations } from '../api/sales';
import { CartPanel } from '../components/cart-panel';
import { CustomerSlot } from '../components/customer-slot';
import { ItemDialog } from '../components/item-dialog';
import { ProductGrid } from '../components/product-grid';
import { RegisterSlot } from '../components/register-slot';
import { ShortcutsHelp } from '../components/shortcuts-help';
import { StorePicker } from '../components/store-picker';
import { TicketsDrawer } from '../components/tickets-drawer';
import { TillReadiness } from '../components/till-readiness';
import {
  addItem,
  cartTotals,
  changeQuantity,
  emptyCart,
  itemCount,
  lineKey,
  removeLine,
  setLineDiscount,
  setLinePrice,
  setOrderDiscount,
  type AddItem,
  type Cart,
} from '../lib/cart';
import { canScanWithCamera, type ScanOutcome } from '../lib/camera-scan';
import { cartStore, useCart } from '../lib/cart-store';
import { newDeviceId } from '../lib/ids';
import { posPaths } from '../lib/paths';
import { needsChoice } from '../lib/stock';
import { useFillWindow } from '../lib/use-fill-window';
import { useTillReadiness } from './till-readiness';
import { formatTime } from '@/lib/date-time';

/** The camera dialog and its barcode reader load only when a cashier opens the camera. */
const CameraScanDialog = lazy(() => import('../components/camera-scan-dialog'));

/** Looks like something a scanner typed: one word of digits/letters, 4 or more characters. */
const looksLikeCode = (q: string) => /^[0-9A-Za-z-]{4,}$/.test(q) && /\d/.test(q);

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable);

/** /pos: the cashier's screen — find products fast, build the cart, park or charge. */
export default function PosPage() {
  const session = useSession();
  const userId = session?.user._id ?? '';
  const businessId = session?.business._id ?? '';
  const cart = useCart(userId);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const wide = useMediaQuery('(min-width: 62em)', true) ?? true;
  const canDiscount = hasPermission(session, 'pos.discounts');
  const canTickets = hasPermission(session, 'pos.manage_tickets');
  const offlineReady = useTillReadiness(businessId);
  const fill = useFillWindow<HTMLDivElement>(wide);

  const storeId = cart.store_id;
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 150);
  const [category, setCategory] = useState<string | null>(null);
  const products = usePosProducts({ search, category, store: storeId });
  const modifierSets = usePosModifierSets();
  const categories = usePosCategories();

  const [picking, setPicking] = useState<Product | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const [ticketsOpen, setTicketsOpen] = useState(false);
  const [parkOpen, setParkOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [withCamera] = useState(canScanWithCamera);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const update = (f: (c: Cart) => Cart) => cartStore.set(f);
  const setStore = useCallback(
    (id: string) => cartStore.set((c) => (c.store_id === id ? c : { ...c, store_id: id })),
    [],
  );

  const add = (item: AddItem) => {
    update((c) => addItem(c, item));
    const key = lineKey(
      item.product._id,
      item.variety_id ?? null,
      (item.modifiers ?? []).map((m) => m._id),
    );
    setSelectedKey(key);
    setMessage({ text: `Added ${item.product.name}` });
  };

  const pick = (p: Product) => {
    if (needsChoice(p)) setPicking(p);
    else add({ product: p });
  };

  const charge = () => {
    if (cart.lines.length === 0 || !storeId) return;
    navigate(posPaths.payment);
  };

  /** A scanned code (USB scanner or camera): its product goes in the cart, or its variety is asked. */
  const addByCode = async (code: string): Promise<ScanOutcome> => {
    try {
      const match = await findByBarcode(businessId, code);
      if (match.variety_id || match.product.varieties.length === 0) {
        add({ product: match.product, variety_id: match.variety_id });
        return { result: 'added', text: `Added ${match.product.name}` };
      }
      setPicking(match.product);
      return { result: 'picking', text: `Choose the variety of ${match.product.name}` };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        return { result: 'not-found', text: `No product has the barcode ${code}` };
      return { result: 'error', text: error instanceof Error ? error.message : 'Barcode lookup failed' };
    }
  };

  /** Enter in the search box: an exact barcode first (a scanner), else the top result. */
  const enter = async () => {
    const q = text.trim();
    if (!q) return;
    if (looksLikeCode(q)) {
      try {
        const match = await findByBarcode(businessId, q);
        setText('');
        if (match.variety_id || match.product.varieties.length === 0)
          add({ product: match.product, variety_id: match.variety_id });
        else setPicking(match.product);
        return;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) {
          setMessage({ text: error instanceof Error ? error.message : 'Barcode lookup failed', error: true });
          return;
        }
      }
    }
    let list = search === text ? products.data?.items : undefined;
    if (!list) {
      const page = await qc.fetchQuery(
        posProductsQuery(businessId, { search: text, category, store: storeId }),
      );
      list = page.items;
    }
    const top = list[0];
    if (!top) {
      setMessage({ text: `No product matches “${q}”`, error: true });
      return;
    }
    setText('');
    pick(top);
  };

  // Laptop shortcuts: / or F2 search, F4 charge, + / − the selected line's quantity.
  const keys = useRef({ charge, selectedKey, cart });
  keys.current = { charge, selectedKey, cart };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('[role="dialog"]')) return;
      if (e.key === 'F2' || (e.key === '/' && !isTyping(e.target))) {
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      } else if (e.key === 'F4') {
        e.preventDefault();
        keys.current.charge();
      } else if ((e.key === '+' || e.key === '-') && !isTyping(e.target)) {
        const { cart: c, selectedKey: sel } = keys.current;
        const key = sel && c.lines.some((l) => l.key === sel) ? sel : c.lines[c.lines.length - 1]?.key;
        if (!key) return;
        e.preventDefault();
        update((x) => changeQuantity(x, key, e.key === '+' ? 1 : -1));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => setMessage(null), message.error ? 4000 : 1500);
    return () => clearTimeout(t);
  }, [message]);

  const resume = async (t: Ticket) => {
    if (cart.lines.length > 0) {
      const ok = await openConfirm({
        title: 'Replace the current cart?',
        message: 'The items in the cart now will be lost. Park them first to keep them.',
        confirmLabel: 'Replace',
        cancelLabel: 'Cancel',
      });
      if (!ok) return;
    }
    const parked = t.cart as unknown as Cart;
    cartStore.set({ ...emptyCart(t.store_id), ...parked, store_id: t.store_id, ticket_id: t._id });
    setTicketsOpen(false);
  };

  const totals = cartTotals(cart);
  const count = itemCount(cart);
  const items = products.data?.items ?? [];

  const cartPanel = (
    <CartPanel
      withHeader={wide}
      cart={cart}
      selectedKey={selectedKey}
      onSelect={setSelectedKey}
      onQuantity={(key, d) => update((c) => changeQuantity(c, key, d))}
      onRemove={(key) => update((c) => removeLine(c, key))}
      onLineDiscount={(key, d) => update((c) => setLineDiscount(c, key, d))}
      onLinePrice={(key, price) => update((c) => setLinePrice(c, key, price))}
      onOrderDiscount={(d) => update((c) => setOrderDiscount(c, d))}
      onNote={(note) => update((c) => ({ ...c, note }))}
      canDiscount={canDiscount}
      customerSlot={<CustomerSlot cart={cart} onChange={(customer) => update((c) => ({ ...c, customer }))} />}
      actions={
        <Group gap="xs" wrap="nowrap">
          {canTickets && (
            <Button
              variant="default"
              size="lg"
              px="md"
              disabled={cart.lines.length === 0}
              onClick={() => setParkOpen(true)}
            >
              Park
            </Button>
          )}
          <Button
            size="lg"
            px="sm"
            style={{ flex: 1 }}
            disabled={cart.lines.length === 0 || !storeId}
            onClick={charge}
            data-testid="charge"
          >
            Charge {formatMoney(totals.total)}
          </Button>
        </Group>
      }
    />
  );

  if (!hasPermission(session, 'pos.make_sale'))
    return (
      <Stack maw={520} mx="auto" py="xl">
        <Title order={1} size="h2">
          Point of sale
        </Title>
        <Alert color="orange" title="You cannot make sales">
          Your role does not allow making sales. Ask the business owner to give your role “Make sale”.
        </Alert>
      </Stack>
    );

  return (
    <Stack gap="sm" pb={wide ? 0 : 90}>
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h2">
          Point of sale
        </Title>
        <Group gap="xs" wrap="wrap">
          <TillReadiness ready={offlineReady} />
          <StorePicker value={storeId} onChange={setStore} />
          <RegisterSlot storeId={storeId} />
          {canTickets && (
            <Button
              variant="default"
              size="md"
              leftSection={<IconTicket size={18} />}
              onClick={() => setTicketsOpen(true)}
            >
              Tickets
            </Button>
          )}
          <Button
            component={Link}
            to={posPaths.dashboard}
            variant="default"
            size="md"
            leftSection={<IconChartBar size={18} />}
          >
            Today
          </Button>
          <ShortcutsHelp />
        </Group>
      </Group>

      <Group
        ref={fill.ref}
        align={wide ? 'stretch' : 'flex-start'}
        gap="md"
        wrap="nowrap"
        h={fill.height}
        data-testid="till-body"
      >
        <Stack gap="sm" style={{ flex: 1, minWidth: 0, overflowY: wide ? 'auto' : undefined }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              ref={searchRef}
              type="search"
              size="lg"
              aria-label="Search products or scan a barcode"
              placeholder="Search or scan a barcode"
              leftSection={<IconSearch size={20} aria-hidden />}
              rightSection={<IconBarcode size={20} aria-hidden />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void enter();
                } else if (e.key === 'Escape' && text) {
                  setText('');
                }
              }}
              autoComplete="off"
              data-autofocus
            />
            {withCamera && (
              <ActionIcon
                variant="default"
                size={50}
                aria-label="Scan with camera"
                title="Scan with camera"
                onClick={() => setCameraOpen(true)}
              >
                <IconCamera size={24} aria-hidden />
              </ActionIcon>
            )}
          </Group>
          <div role="status" aria-live="polite" style={{ minHeight: 20 }}>
            {message && (
              <Text size="sm" c={message.error ? 'red.8' : 'green.9'} fw={500}>
                {message.text}
              </Text>
            )}
          </div>
          {(categories.data?.length ?? 0) > 0 && (
            <ScrollArea type="never" offsetScrollbars={false}>
              <Chip.Group multiple={false} value={category ?? ''} onChange={(v) => setCategory(v || null)}>
                <Group gap={6} wrap="nowrap">
                  <Chip value="" size="md">
                    All
                  </Chip>
                  {categories.data!.map((c) => (
                    <Chip key={c._id} value={c._id} size="md">
                      {c.name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </ScrollArea>
          )}
          {products.isError ? (
            <Alert color="red" title="Products could not be loaded">
              {products.error.message}
            </Alert>
          ) : !products.isPending && items.length === 0 ? (
            <Paper withBorder p="xl" radius="md">
              <Text ta="center" c="dimmed">
                {search || category
                  ? 'No product matches. Try another name or category.'
                  : 'No products yet. Add products in Products, then sell them here.'}
              </Text>
              {!search && !category && (
                <Group justify="center" mt="sm">
                  <Button component={Link} to="/add-product" variant="light">
                    Add a product
                  </Button>
                </Group>
              )}
            </Paper>
          ) : (
            <ProductGrid products={items} storeId={storeId} loading={products.isPending} onPick={pick} />
          )}
          {(products.data?.total ?? 0) > items.length && (
            <Text size="xs" c="dimmed" ta="center">
              Showing {items.length} of {products.data!.total}. Search to find the others.
            </Text>
          )}
        </Stack>
        {wide && (
          <Paper
            withBorder
            p="md"
            radius="md"
            w={380}
            // The cart fills the till's height: its lines scroll, the total and Charge never leave the screen.
            style={{ flexShrink: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}
            aria-label="Cart"
            component="section"
          >
            {cartPanel}
          </Paper>
        )}
      </Group>

      {!wide && (
        <>
          <Affix position={{ bottom: 0, left: 0, right: 0 }} zIndex={150}>
            <Paper shadow="md" p="sm" withBorder style={{ borderRadius: 0 }}>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  size="lg"
                  px="sm"
                  onClick={() => setCartOpen(true)}
                  rightSection={<Badge circle>{count}</Badge>}
                >
                  Cart
                </Button>
                <Button
                  size="lg"
                  px="sm"
                  style={{ flex: 1 }}
                  disabled={cart.lines.length === 0 || !storeId}
                  onClick={charge}
                >
                  Charge {formatMoney(totals.total)}
                </Button>
              </Group>
            </Paper>
          </Affix>
          <Drawer
            opened={cartOpen}
            onClose={() => setCartOpen(false)}
            position="bottom"
            size="92%"
            title={`Cart · ${count} ${count === 1 ? 'item' : 'items'}`}
            withCloseButton
            styles={{
              title: { fontWeight: 700 },
              content: { display: 'flex', flexDirection: 'column' },
              body: { flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column' },
            }}
          >
            {cartPanel}
          </Drawer>
        </>
      )}

      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraScanDialog opened onClose={() => setCameraOpen(false)} onCode={addByCode} />
        </Suspense>
      )}
      <ItemDialog
        product={picking}
        modifierSets={modifierSets.data ?? []}
        storeId={storeId}
        onClose={() => setPicking(null)}
        onAdd={add}
      />
      <TicketsDrawer
        opened={ticketsOpen}
        storeId={storeId}
        onClose={() => setTicketsOpen(false)}
        onResume={(t) => void resume(t)}
      />
      <ParkDialog
        opened={parkOpen}
        cart={cart}
        onClose={() => setParkOpen(false)}
        onParked={() => {
          cartStore.clear();
          setParkOpen(false);
          setCartOpen(false);
          setMessage({ text: 'Cart parked. Find it in Tickets.' });
        }}
      />
    </Stack>
  );
}

const defaultTicketName = (cart: Cart) => {
  const time = formatTime(new Date());
  return cart.customer ? `${cart.customer.name} ${time}` : `Ticket ${time}`;
};

const ParkDialog = ({
  opened,
  cart,
  onClose,
  onParked,
}: {
  opened: boolean;
  cart: Cart;
  onClose: () => void;
  onParked: () => void;
}) => {
  const { save } = useTicketMutations();
  const [name, setName] = useState('');
  useEffect(() => {
    if (opened) setName(defaultTicketName(cart));
    // Only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title="Park this cart" size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!cart.store_id || !name.trim()) return;
          const { ticket_id: _t, ...rest } = cart;
          save.mutate(
            {
              _id: cart.ticket_id ?? newDeviceId(),
              store_id: cart.store_id,
              name: name.trim(),
              cart: rest as unknown as Record<string, unknown>,
            },
            { onSuccess: onParked },
          );
        }}
      >
        <Stack>
          <TextInput
            label="Ticket name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={80}
            required
            data-autofocus
            size="md"
          />
          {save.isError && <Alert color="red">{save.error.message}</Alert>}
          <Button type="submit" size="md" loading={save.isPending}>
            Park
          </Button>
        </Stack>
      </form>
    </Modal>
  );
};
