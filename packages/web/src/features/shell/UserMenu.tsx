import { useId } from 'react';
import { useSocketState } from '../../app/services.tsx';
import { Menu } from '../../ui/Menu.tsx';
import { useLogout } from '../auth/index.ts';

/**
 * The logged-in user's menu (docs/product/community.md §2.2). Its icon turns red
 * while the realtime connection is down; the state is also in the button's
 * description and its data-connected attribute.
 */
export function UserMenu({ username }: { username: string }) {
  const { connected } = useSocketState();
  const logout = useLogout();
  const statusId = useId();
  const status = connected ? 'Connected to server' : 'Not connected to server';
  return (
    <>
      <Menu
        align="end"
        buttonProps={{
          className: 'user-menu-button',
          'data-connected': String(connected),
          'aria-describedby': statusId,
        }}
        buttonContent={
          <>
            <UserIcon connected={connected} />
            <span className="user-menu-name">{username}</span>
          </>
        }
        items={[
          { kind: 'link', label: 'Profile', to: `/profile/${encodeURIComponent(username)}` },
          { kind: 'link', label: 'Settings', to: '/settings' },
          { kind: 'link', label: 'Clubs', to: '/clubs' },
          { kind: 'link', label: 'Donate', to: '/donate' },
          { kind: 'action', label: 'Log out', onSelect: () => void logout() },
        ]}
      />
      <span id={statusId} className="visually-hidden">
        {status}
      </span>
    </>
  );
}

function UserIcon({ connected }: { connected: boolean }) {
  return (
    <svg
      className={`user-icon ${connected ? 'user-icon-connected' : 'user-icon-disconnected'}`}
      data-connected={String(connected)}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
    </svg>
  );
}
