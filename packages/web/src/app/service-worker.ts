/**
 * Registers /sw.js (public/sw.js, decision 0130) in a built app, so a
 * returning visitor's page paints from the cached shell without the network.
 * Not in development, where Vite serves changing files under other names.
 */
export function registerServiceWorker(nav: Navigator = navigator): void {
  if (!import.meta.env.PROD || !('serviceWorker' in nav)) return;
  nav.serviceWorker.register('/sw.js').catch((err: unknown) => {
    console.warn('service worker not registered', err);
  });
}
