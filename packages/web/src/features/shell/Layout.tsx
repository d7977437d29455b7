import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { applyWonkyTiles } from '../../site/wonky-tiles.ts';
import { BirthDateWarning } from './BirthDateWarning.tsx';
import { LoginModalProvider } from '../auth/index.ts';
import { Notifications } from '../../ui/Notifications.tsx';
import { ConnectingNotice } from './ConnectingNotice.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { useRealtime } from './use-realtime.ts';
import { useSeekEvents } from '../lobby/index.ts';
import { VersionWarning } from './VersionWarning.tsx';

/** The site chrome around every page except the embedded board. */
export function Layout() {
  useRealtime();
  useSeekEvents();
  useEffect(() => applyWonkyTiles(), []);
  return (
    <LoginModalProvider>
      <div className="site">
        <Header />
        <VersionWarning />
        <BirthDateWarning />
        <ConnectingNotice />
        <main id="main" className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <Notifications />
    </LoginModalProvider>
  );
}
