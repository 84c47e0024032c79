import { useSession } from '@/lib/session-store';

export const useBusinessId = (): string => useSession()?.business._id ?? '';
