import { Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError, NotAllowed } from '@/components/ui/query-states';
import { useOnlineStore, useOnlineStoreRights } from '../api/online-store';
import { CatalogueProducts } from '../components/catalogue-products';
import { DeliveryZonesCard } from '../components/delivery-zones-card';
import { OnlineStoreTabs } from '../components/online-store-tabs';
import { ShopSettingsCard } from '../components/shop-settings-card';

const Header = () => (
  <PageHeader
    title="Online store"
    description="Sell online: share your shop link, choose the products shoppers see, and set delivery fees."
  />
);

/** /online-catalogue (tab-online-catalogue's Catalogue tab): the shop, its delivery fees, its products. */
const OnlineCataloguePage = () => {
  const rights = useOnlineStoreRights();
  const shop = useOnlineStore();
  if (!rights.any)
    return (
      <Stack maw={1100} mx="auto" gap="md">
        <Header />
        <NotAllowed what="manage the online store" />
      </Stack>
    );
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <Header />
      <OnlineStoreTabs>
        <Stack gap="md">
          {shop.isError && !shop.data ? (
            <LoadError what="your online shop" error={shop.error} onRetry={() => void shop.refetch()} />
          ) : !shop.data ? (
            <Skeleton h={220} radius="md" />
          ) : (
            <>
              <ShopSettingsCard shop={shop.data} />
              {rights.fees && <DeliveryZonesCard shop={shop.data} />}
            </>
          )}
          {rights.catalogue && shop.data && <CatalogueProducts />}
        </Stack>
      </OnlineStoreTabs>
    </Stack>
  );
};

export default OnlineCataloguePage;
