import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Product, Ticket } from '@ms/contracts';
import { useNavigate } from 'react-router';
import { openConfirm } from '@/components/ui/confirm-dialog-host';
import { hasPermission, useSession } from '@/lib/session-store';
import { usePosCategories } from '../api/categories';
import { usePosModifierSets } from '../api/modifier-sets';
import { CategoryChips } from '../components/category-chips';
import { ItemDialog } from '../components/item-dialog';
import { MobileCart } from '../components/mobile-cart';
import { ParkDialog } from '../components/park-dialog';
import { TicketsDrawer } from '../components/tickets-drawer';
import { TillCart } from '../components/till-cart';
import { TillProducts } from '../components/till-products';
import { TillSearchBar } from '../components/till-search-bar';
import { TillToolbar } from '../components/till-toolbar';
import { canScanWithCamera } from '../lib/camera-scan';
import { addItem, cartTotals, emptyCart, itemCount, lineKey, type AddItem, type Cart } from '../lib/cart';
import { cartStore, useCart } from '../lib/cart-store';
import { posPaths } from '../lib/paths';
import { needsChoice } from '../lib/stock';
import { useFillWindow } from '../lib/use-fill-window';
import { useFlashMessage } from '../lib/use-flash-message';
import { useTillSearch } from '../lib/use-till-search';
import { useTillShortcuts } from '../lib/use-till-shortcuts';
import { useTillReadiness } from './till-readiness';

/** The camera dialog and its barcode reader load only when a cashier opens the camera. */
const CameraScanDialog = lazy(() => import('../components/camera-scan-dialog'));

/** /pos: the cashier's screen — find products fast, build the cart, park or charge. */
export default function PosPage() {
  const session = useSession();
  const userId = session?.user._id ?? '';
  const businessId = session?.business._id ?? '';
  const cart = useCart(userId);
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 62em)', true) ?? true;
  const canDiscount = hasPermission(session, 'pos.discounts');
  const canTickets = hasPermission(session, 'pos.manage_tickets');
  const readiness = useTillReadiness(businessId);
  const fill = useFillWindow<HTMLDivElement>(wide);
  const modifierSets = usePosModifierSets();
  const categories = usePosCategories();

  const storeId = cart.store_id;
  const [picking, setPicking] = useState<Product | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const [ticketsOpen, setTicketsOpen] = useState(false);
  const [parkOpen, setParkOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [withCamera] = useState(canScanWithCamera);
  const [message, setMessage] = useFlashMessage();
  const searchRef = useRef<HTMLInputElement>(null);

  const setStore = useCallback(
    (id: string) => cartStore.set((c) => (c.store_id === id ? c : { ...c, store_id: id })),
    [],
  );

  const add = (item: AddItem) => {
    cartStore.set((c) => addItem(c, item));
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

  const canCharge = cart.lines.length > 0 && !!storeId;
  const charge = () => {
    if (cart.lines.length === 0 || !storeId) return;
    navigate(posPaths.payment);
  };

  const finder = useTillSearch({ businessId, storeId, add, pick, choose: setPicking, say: setMessage });
  useTillShortcuts(searchRef, { charge, selectedKey, cart });

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

  const cartPanel = (
    <TillCart
      cart={cart}
      total={totals.total}
      withHeader={wide}
      selectedKey={selectedKey}
      onSelect={setSelectedKey}
      canDiscount={canDiscount}
      canCharge={canCharge}
      onCharge={charge}
      onPark={canTickets ? () => setParkOpen(true) : undefined}
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
      <TillToolbar
        readiness={readiness}
        storeId={storeId}
        onStore={setStore}
        onTickets={canTickets ? () => setTicketsOpen(true) : undefined}
      />

      <Group
        ref={fill.ref}
        align={wide ? 'stretch' : 'flex-start'}
        gap="md"
        wrap="nowrap"
        h={fill.height}
        data-testid="till-body"
      >
        <Stack gap="sm" style={{ flex: 1, minWidth: 0, overflowY: wide ? 'auto' : undefined }}>
          <TillSearchBar
            inputRef={searchRef}
            text={finder.text}
            onText={finder.setText}
            onEnter={() => void finder.enter()}
            onCamera={withCamera ? () => setCameraOpen(true) : undefined}
          />
          <div role="status" aria-live="polite" style={{ minHeight: 20 }}>
            {message && (
              <Text size="sm" c={message.error ? 'red.8' : 'green.9'} fw={500}>
                {message.text}
              </Text>
            )}
          </div>
          <CategoryChips
            categories={categories.data ?? []}
            value={finder.category}
            onChange={finder.setCategory}
          />
          <TillProducts
            products={finder.products}
            narrowed={!!finder.search || !!finder.category}
            storeId={storeId}
            onPick={pick}
          />
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
        <MobileCart
          count={count}
          total={totals.total}
          canCharge={canCharge}
          onCharge={charge}
          opened={cartOpen}
          onOpen={() => setCartOpen(true)}
          onClose={() => setCartOpen(false)}
        >
          {cartPanel}
        </MobileCart>
      )}

      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraScanDialog opened onClose={() => setCameraOpen(false)} onCode={finder.addByCode} />
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
