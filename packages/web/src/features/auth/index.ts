import { lazyPage } from '../../app/lazy-page.tsx';

// The auth feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export { HandoverSignedCookiePage } from './HandoverSignedCookiePage.tsx';
export { LoginModalProvider, useLoginModal } from './LoginModalProvider.tsx';
export { PasswordNewPage, PasswordResetPage } from './PasswordResetPage.tsx';
export { handoverUrl, isAuthenticationNeeded } from './handover.ts';
export { useLogout } from './use-logout.ts';
export { passwordError } from './validation.ts';

// Loaded on demand, each in its own chunk (app/routes.tsx says why).
export const RegisterPage = lazyPage(() => import('./RegisterPage.tsx'), 'RegisterPage');
