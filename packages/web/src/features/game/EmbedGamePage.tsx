import { Code, ConnectError } from '@connectrpc/connect';
import { useQuery } from '@tanstack/react-query';
import type { GetGameHistoryResponse } from '@tessera/protocol';
import { useMemo, type CSSProperties } from 'react';
import { useParams } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { gameHistoryQuery } from '../../rpc/queries.ts';
import { boardStyleVars, tileStyleVars } from '../../preferences/styles.ts';
import { usePreferences } from '../../preferences/use-preferences.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { Board } from '../../board/Board.tsx';
import { GameStore } from '../../board/state/game-store.ts';
import { gameTitle } from './page/use-room-page.ts';
import '../../board/game.css';
import { Loading } from '../../ui/Loading.tsx';

export const INVALID_GAME_TEXT = 'Invalid game ID';
/** Any other failure to load the game (docs/product/gameplay.md §8). */
export const FETCH_FAILED_TEXT = 'Failed to fetch game information; please refresh.';

/** What the page shows instead of the board ('' while loading or once loaded). */
function failureText(answer: GetGameHistoryResponse | undefined, err: unknown): string {
  if (answer) return answer.history ? '' : INVALID_GAME_TEXT;
  if (!err) return '';
  const failure = ConnectError.from(err);
  return failure.code === Code.NotFound || failure.code === Code.InvalidArgument
    ? INVALID_GAME_TEXT
    : `${FETCH_FAILED_TEXT} (Error: ${failure.rawMessage})`;
}

/**
 * The read-only board for embedding elsewhere (/embed/game/{id}): no site
 * chrome, no socket, no sounds. The game comes from one GET of
 * GameMetadataService.GetGameHistory and goes through the same store and
 * engine model as the game room.
 */
export function EmbedGamePage() {
  const { id = '' } = useParams();
  const { api } = useServices();
  const prefs = usePreferences();
  const { data, error: loadError } = useQuery(gameHistoryQuery(api, id));
  const error = failureText(data, loadError);
  // Nothing else feeds this store, so the view is worked out once per answer.
  const view = useMemo(() => {
    const store = new GameStore(id);
    if (data?.history) store.load(data.history);
    return store.getSnapshot();
  }, [id, data]);
  usePageTitle(view.status === 'ready' ? gameTitle(view) : `Game ${id}`);

  const style = {
    ...boardStyleVars(prefs.boardStyle),
    ...tileStyleVars(prefs.tileStyle),
  } as CSSProperties;
  return (
    <main className="embed-game" style={style} aria-labelledby="page-title">
      <h1 id="page-title" className="visually-hidden">
        {view.status === 'ready' ? gameTitle(view) : `Game ${id}`}
      </h1>
      {error ? (
        <p role="alert" className="embed-error">
          {error}
        </p>
      ) : view.status !== 'ready' ? (
        <Loading className="page-loading" />
      ) : (
        <>
          <div className="embed-players">
            {view.players.map((p, i) => (
              <span key={p.userId || i}>
                {p.nickname} <span className="player-score">{view.scores[i]}</span>
              </span>
            ))}
          </div>
          <div className="board-wrap">
            <Board
              layout={view.layout}
              set={view.set}
              squares={view.squares}
              lastPlay={view.lastPlay}
            />
          </div>
        </>
      )}
    </main>
  );
}
