import { useEffect } from 'react';
import { useAppLocation } from '@/lib/app-location';
import { applyUpdate, startUpdateWatch, UPDATE_CHECK_EXCLUDED, useUpdateWaiting } from './sw-update';
import { UpdatePrompt } from './update-prompt';

/** Spec 000 §2.4 forced-update overlay: a waiting version must be installed before going on. */
export const UpdateOverlay = () => {
  const waiting = useUpdateWaiting();
  const { pathname } = useAppLocation();
  useEffect(() => startUpdateWatch(), []);
  if (!waiting || UPDATE_CHECK_EXCLUDED.includes(pathname)) return null;
  return <UpdatePrompt onUpdate={applyUpdate} />;
};
