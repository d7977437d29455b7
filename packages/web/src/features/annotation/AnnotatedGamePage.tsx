import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { Board } from '../../board/Board.tsx';
import { useGameKeys } from '../../board/play/use-keys.ts';
import { eventText } from '../../board/state/event-text.ts';
import { GameStore } from '../../board/state/game-store.ts';
import { replayView } from '../../board/state/model.ts';
import { lastPlaySquares } from '../../board/state/turns.ts';
import { boardStyleVars, tileStyleVars } from '../../preferences/styles.ts';
import { usePreferences } from '../../preferences/use-preferences.ts';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Loading } from '../../ui/Loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { DownloadGcgButton } from '../editor/index.ts';
import '../../board/game.css';

/**
 * /anno/{id}?turn=T (docs/product/community.md §2.8): an annotated game on
 * the game room's board, turn by turn with the annotator's notes. Turn T
 * shows the position after T − 1 events (turn 1 is the empty board), as the
 * game room's examine mode counts. The creator sees an Edit button.
 */
export function AnnotatedGamePage() {
  const { id = '' } = useParams();
  const { api } = useServices();
  const session = useSession();
  const prefs = usePreferences();
  const [params, setParams] = useSearchParams();
  const q = useQuery({
    queryKey: ['annotated', 'history', id],
    queryFn: () => api.annotated.getGameHistory({ gameId: id }),
  });
  const error = useErrorText(q.error);
  const store = useMemo(() => new GameStore(id), [id]);
  useEffect(() => {
    const h = q.data?.history;
    if (h) store.load({ ...h, viewerIndex: -1 });
  }, [q.data, store]);
  const view = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const total = view.events.length;
  const asked = Number(params.get('turn') ?? total + 1);
  const count = Math.min(total, Math.max(0, (Number.isFinite(asked) ? asked : total + 1) - 1));
  const go = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('turn', String(Math.min(total, Math.max(0, n)) + 1));
    setParams(next, { replace: true });
  };
  useGameKeys(view.set, { previous: () => go(count - 1), next: () => go(count + 1) });
  const position = useMemo(() => {
    if (!view.setup) return null;
    const events = view.events.slice(0, count);
    const { g } = replayView(view.setup, events);
    return { g, lastPlay: lastPlaySquares(events, g) };
  }, [view.setup, view.events, count]);
  const names = view.players.map((p) => p.nickname);
  usePageTitle(names.length ? `${names[0]} vs ${names[1]}` : 'Annotated game');

  if (!q.data || !position) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">Annotated game {id}</h1>
        <Loading error={error} />
      </section>
    );
  }
  const info = q.data.info;
  const style = { ...boardStyleVars(prefs.boardStyle), ...tileStyleVars(prefs.tileStyle) };
  const shown = count > 0 ? view.events[count - 1] : null;
  return (
    <section className="page editor-page" aria-labelledby="page-title">
      <h1 id="page-title">
        {names[0]} vs {names[1]}
      </h1>
      <p className="muted">
        Annotated by {info?.creatorUsername} · {info?.lexicon}
        {info?.description && ` · ${info.description}`}
      </p>
      <p>
        {info && session.userId === info.creatorId && (
          <Link className="button" to={`/editor/${id}`}>
            Edit
          </Link>
        )}{' '}
        <DownloadGcgButton gameId={id} />
      </p>
      <div className="editor-columns">
        <div>
          <div className="board-wrap">
            <Board
              layout={view.layout}
              set={view.set}
              squares={position.g.board.squares}
              lastPlay={position.lastPlay}
              style={style}
            />
          </div>
          <p aria-live="polite">
            {names[0]} {position.g.scores[0]} – {position.g.scores[1]} {names[1]}
            {shown && ` · ${names[shown.playerIndex]}: ${eventText(shown)}`}
          </p>
          {shown?.note && <p className="editor-note">{shown.note}</p>}
          <div className="pager" role="group" aria-label="Turns">
            <button type="button" disabled={count === 0} onClick={() => go(0)}>
              First
            </button>
            <button type="button" disabled={count === 0} onClick={() => go(count - 1)}>
              Previous
            </button>
            <span>
              Turn {count + 1} of {total + 1}
            </span>
            <button type="button" disabled={count >= total} onClick={() => go(count + 1)}>
              Next
            </button>
            <button type="button" disabled={count >= total} onClick={() => go(total)}>
              Last
            </button>
          </div>
        </div>
        <ol className="editor-turns card" aria-label="Turns and notes">
          {view.events.map((e, i) => (
            <li key={i} aria-current={i + 1 === count ? 'step' : undefined}>
              <button type="button" className="link-button" onClick={() => go(i + 1)}>
                {names[e.playerIndex]}: {eventText(e)} ({e.cumulative})
              </button>
              {e.note && <div className="editor-note">{e.note}</div>}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
