import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { LOBBY_CHANNEL } from '../../stores/channels.ts';
import { SidePanel } from '../chat/index.ts';
import { GameLists } from './GameLists.tsx';
import { OwnActionsNotice } from '../moderation/index.ts';
import { LobbyExtras } from './LobbyExtras.tsx';
import type { SeekFormKind } from './seek-form/model.ts';
import { SeekFormModal } from './seek-form/SeekFormModal.tsx';
import { TournamentsWidget } from './TournamentsWidget.tsx';
import './lobby.css';

/** Navigation state that opens "Match a friend" for a player (the context menu's Match user). */
export interface LobbyLocationState {
  matchUser?: string;
}

/**
 * Home and lobby (docs/product/gameplay.md §2 "Lobby"): chat and players on the
 * left, the game lists in the centre, announcements and a puzzle on the
 * right; one column on phones, game lists first.
 */
export function LobbyPage() {
  usePageTitle('Lobby');
  const [form, setForm] = useState<{ kind: SeekFormKind; friend?: string } | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const matchUser = (location.state as LobbyLocationState | null)?.matchUser;

  // Opened once per navigation that asks for it (location.key tells them apart).
  const [matchedFor, setMatchedFor] = useState('');
  if (matchUser && matchedFor !== location.key) {
    setMatchedFor(location.key);
    setForm({ kind: 'match', friend: matchUser });
  }
  useEffect(() => {
    // Consumed: a reload or Back should not open it again.
    if (matchUser) navigate('.', { replace: true, state: null });
  }, [matchUser, navigate]);

  const openForm = (kind: SeekFormKind, friend?: string) => setForm({ kind, friend });
  return (
    <div className="lobby">
      <h1 className="visually-hidden">Lobby</h1>
      <div className="lobby-centre">
        <OwnActionsNotice />
        <GameLists openForm={openForm} />
      </div>
      <div className="lobby-side">
        <SidePanel
          context="lobby"
          channel={LOBBY_CHANNEL}
          onMatchUser={(name) => openForm('match', name)}
        />
        <TournamentsWidget />
      </div>
      <div className="lobby-extras">
        <LobbyExtras />
      </div>
      {form && (
        <SeekFormModal kind={form.kind} friend={form.friend} onClose={() => setForm(null)} />
      )}
    </div>
  );
}
