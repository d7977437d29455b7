import { Navigate, Route, Routes } from 'react-router';
import { AboutPage } from '../features/about/index.ts';
import { AdminPage } from '../features/admin/index.ts';
import { AnnotatedGamePage } from '../features/annotation/index.ts';
import {
  HandoverSignedCookiePage,
  PasswordNewPage,
  PasswordResetPage,
  RegisterPage,
} from '../features/auth/index.ts';
import { ClubsPage } from '../features/clubs/index.ts';
import { CollectionPage } from '../features/collections/index.ts';
import { DonateSuccessPage } from '../features/donate/index.ts';
import { EditorPage } from '../features/editor/index.ts';
import { EventsPage } from '../features/events/index.ts';
import { EmbedGamePage, GamePage } from '../features/game/index.ts';
import { IntegrationCallbackPage } from '../features/integrations/index.ts';
import { LobbyPage } from '../features/lobby/index.ts';
import { ProfilePage } from '../features/profile/index.ts';
import { PuzzleHistoryPage, PuzzlePage } from '../features/puzzle/index.ts';
import { ScannerCallbackPage } from '../features/scrabblecam/index.ts';
import { SettingsPage } from '../features/settings/index.ts';
import { Layout, NotFoundPage } from '../features/shell/index.ts';
import { AnagramPage, SpellingPage } from '../features/study/index.ts';
import { TermsPage } from '../features/terms/index.ts';
import { TileImagesPage } from '../features/tile-images/index.ts';
import { ClubPage, TournamentPage } from '../features/tournament/index.ts';
import { MonitoringCameraPage } from '../features/monitoring/index.ts';

// Pages with a heavy bundle (the game room and its engine, the editor, the
// analyzer) or seldom visited load on demand, keeping the lobby's initial
// JavaScript small (issue 6's budget): their features' faces export them
// wrapped in lazyPage (app/lazy-page.tsx), so importing a face never pulls a
// lazy page into the importer's chunk.

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
        <Route path="monitoring/camera" element={<MonitoringCameraPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
