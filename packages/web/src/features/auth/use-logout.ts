import { useCallback } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';

export const LOGGED_OUT_MESSAGE = 'You have been logged out.';

/** Logs out and says so (docs/product/community.md §4.1); a failure is shown as an error. */
export function useLogout(): () => Promise<void> {
  const { session, notifications } = useServices();
  return useCallback(async () => {
    try {
      await session.logout();
      notifications.show('success', LOGGED_OUT_MESSAGE);
    } catch (err) {
      notifications.show('error', errorText(err), { title: 'Error' });
    }
  }, [session, notifications]);
}
