import { RegisterStatus } from '@/features/registers';

/** The register (cash drawer) state of the store, with "Open register" when none is open. */
export const RegisterSlot = ({ storeId }: { storeId: string | null }) => <RegisterStatus storeId={storeId} />;
