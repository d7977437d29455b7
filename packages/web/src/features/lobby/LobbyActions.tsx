import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/services.tsx';
import { useLoginModal } from '../auth/index.ts';
import type { SeekFormKind } from './seek-form/model.ts';
import { myGames, opponentOf } from './selectors.ts';
import { useLobby } from '../../stores/use-lobby.ts';

export type OpenForm = (kind: SeekFormKind, friend?: string) => void;

/**
 * The card's footer: Play a computer, Match a friend, Create a game; with
 * exactly one game in progress, "Resume your game with {opponent}" and an
 * Ignore link that brings the buttons back (docs/product/gameplay.md §2 "Lobby").
 */
export function LobbyActions({ openForm }: { openForm: OpenForm }) {
  const session = useSession();
  const { activeGames } = useLobby();
  const { openLogin } = useLoginModal();
  const [ignored, setIgnored] = useState('');

  if (!session.loggedIn) {
    return (
      <div className="lobby-actions lobby-actions-guest">
        <span>Seek games, play the computer and chat with a free account.</span>
        <button type="button" className="button-secondary" onClick={openLogin}>
          Log in to play
        </button>
        <Link to="/register" className="button-primary">
          Create an account
        </Link>
      </div>
    );
  }

  const mine = myGames(activeGames, session.userId);
  const resume = mine.length === 1 && mine[0].gameId !== ignored ? mine[0] : undefined;
  if (resume) {
    const opponent = opponentOf(resume, session.userId)?.nickname ?? '';
    return (
      <div className="lobby-actions lobby-actions-resume">
        <Link to={`/game/${resume.gameId}`} className="button-primary button-large">
          Resume your game with {opponent}
        </Link>
        <button type="button" className="link-button" onClick={() => setIgnored(resume.gameId)}>
          Ignore
        </button>
      </div>
    );
  }

  return (
    <div className="lobby-actions">
      <button type="button" className="button-secondary" onClick={() => openForm('bot')}>
        Play a computer
      </button>
      <button type="button" className="button-secondary" onClick={() => openForm('match')}>
        Match a friend
      </button>
      <button type="button" className="button-primary" onClick={() => openForm('seek')}>
        Create a game
      </button>
    </div>
  );
}
