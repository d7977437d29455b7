import { useSyncExternalStore } from 'react';
import { useServices } from '../app/services.tsx';
import type { SocialState } from './social-store.ts';

export function useSocial(): SocialState {
  const { social } = useServices();
  return useSyncExternalStore(social.subscribe, social.getSnapshot);
}
