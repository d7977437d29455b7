import { Navigate, Route, Routes } from 'react-router';
import { lazyPage } from './lazy-page.tsx';
import { AboutPage } from '../features/about/AboutPage.tsx';
import { HandoverSignedCookiePage } from '../features/auth/HandoverSignedCookiePage.tsx';
import { PasswordNewPage } from '../features/auth/PasswordNewPage.tsx';
import { PasswordResetPage } from '../features/auth/PasswordResetPage.tsx';
import { ClubsPage } from '../features/clubs/ClubsPage.tsx';
import { CollectionPage } from '../features/collections/CollectionPage.tsx';
import { DonateSuccessPage } from '../features/donate/DonateSuccessPage.tsx';
import { EventsPage } from '../features/events/EventsPage.tsx';
import { IntegrationCallbackPage } from '../features/integrations/IntegrationCallbackPage.tsx';
import { LobbyPage } from '../features/lobby/LobbyPage.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import { ScannerCallbackPage } from '../features/scrabblecam/ScannerCallbackPage.tsx';
import { Layout } from '../features/shell/Layout.tsx';
import { NotFoundPage } from '../features/shell/NotFoundPage.tsx';
import { TermsPage } from '../features/terms/TermsPage.tsx';
import { TileImagesPage } from '../features/tile-images/TileImagesPage.tsx';

// Pages with a heavy bundle (the game room and its engine, the editor, the
// analyzer) or seldom visited load on demand, keeping the lobby's initial
// JavaScript small (issue 6's budget).
const AdminPage = lazyPage(() => import('../features/admin/AdminPage.tsx'), 'AdminPage');
const AnagramPage = lazyPage(() => import('../features/study/AnagramPage.tsx'), 'AnagramPage');
const AnnotatedGamePage = lazyPage(
  () => import('../features/annotation/AnnotatedGamePage.tsx'),
  'AnnotatedGamePage',
);
const EditorPage = lazyPage(() => import('../features/editor/EditorPage.tsx'), 'EditorPage');
const EmbedGamePage = lazyPage(() => import('../features/game/EmbedGamePage.tsx'), 'EmbedGamePage');
const GamePage = lazyPage(() => import('../features/game/GamePage.tsx'), 'GamePage');
const PuzzlePage = lazyPage(() => import('../features/puzzle/PuzzlePage.tsx'), 'PuzzlePage');
const PuzzleHistoryPage = lazyPage(
  () => import('../features/puzzle/PuzzleHistoryPage.tsx'),
  'PuzzleHistoryPage',
);
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage.tsx'), 'RegisterPage');
const TournamentPage = lazyPage(
  () => import('../features/tournament/TournamentPage.tsx'),
  'TournamentRoutePage',
);
const ClubPage = lazyPage(
  () => import('../features/tournament/TournamentPage.tsx'),
  'ClubRoutePage',
);
const SpellingPage = lazyPage(() => import('../features/study/SpellingPage.tsx'), 'SpellingPage');
const SettingsPage = lazyPage(
  () => import('../features/settings/SettingsPage.tsx'),
  'SettingsPage',
);

/**
 * The whole route table of docs/product/community.md §2.1. Every page but the
 * embedded board sits inside the site chrome (header, footer, socket).
 * The server answers every one of these paths with index.html.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="embed/game/:id" element={<EmbedGamePage />} />
      <Route element={<Layout />}>
        <Route index element={<LobbyPage />} />
        <Route path="tournament/:slug/*" element={<TournamentPage />} />
        <Route path="club/:slug/*" element={<ClubPage />} />
        <Route path="clubs" element={<ClubsPage />} />
        <Route path="game/:id" element={<GamePage />} />
        <Route path="puzzle" element={<PuzzlePage />} />
        <Route path="puzzle/history" element={<PuzzleHistoryPage />} />
        <Route path="puzzle/:id" element={<PuzzlePage />} />
        <Route path="anagrams" element={<AnagramPage />} />
        <Route path="spelling" element={<SpellingPage />} />
        <Route path="anno/:id" element={<AnnotatedGamePage />} />
        <Route path="editor" element={<EditorPage />} />
        <Route path="editor/:id" element={<EditorPage />} />
        <Route path="collections/:uuid" element={<CollectionPage />} />
        <Route path="collections/:uuid/chapter/:chapter" element={<CollectionPage />} />
        <Route path="scrabblecam/callback" element={<ScannerCallbackPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="team" element={<AboutPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="password/reset" element={<PasswordResetPage />} />
        <Route path="password/new" element={<PasswordNewPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="profile/:username" element={<ProfilePage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="settings/:section" element={<SettingsPage />} />
        <Route path="tile_images" element={<TileImagesPage />} />
        <Route path="tile_images/:dist" element={<TileImagesPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="donate" element={<Navigate to="/settings/donate" replace />} />
        <Route path="donate_success" element={<DonateSuccessPage />} />
        <Route path="handover-signed-cookie" element={<HandoverSignedCookiePage />} />
        <Route path="integrations/:provider/callback" element={<IntegrationCallbackPage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
