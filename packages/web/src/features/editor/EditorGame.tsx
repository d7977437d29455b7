import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseTiles, printTiles, RACK_SIZE, type GameEvent as EngineEvent } from '@tessera/engine';
import {
  eventFromWire,
  GameEndReason,
  GameEvent_Type,
  PlayState,
  type GameEvent,
  type GameHistory,
} from '@tessera/protocol';
import { useEffect, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { Board } from '../../board/Board.tsx';
import { PlayOverlays } from '../../board/play/PlayOverlays.tsx';
import { usePlay } from '../../board/play/use-play.ts';
import { useTileDrag } from '../../board/play/use-drag.ts';
import { useGameKeys } from '../../board/play/use-keys.ts';
import { Rack } from '../../board/Rack.tsx';
import { eventText } from '../../board/state/event-text.ts';
import { GameStore } from '../../board/state/game-store.ts';
import { setupOfHistory } from '../../board/state/history-view.ts';
import { replayView } from '../../board/state/model.ts';
import { usePreferences } from '../../preferences/use-preferences.ts';
import { boardStyleVars, tileStyleVars } from '../../preferences/styles.ts';
import { errorText } from '../../rpc/errors.ts';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { AddToCollectionModal, GameCollections } from '../collections/index.ts';
import { byEvent, CommentsDrawer, useDrawerParam, useGameComments } from '../comments/index.ts';
import { AddGameMenu } from './AddGameMenu.tsx';
import { DownloadGcgButton } from './DownloadGcgButton.tsx';
import { annotatedKeys, PASS_OR_CHALLENGE, rackInput } from './editor-data.ts';
import { GameInfoForm } from './GameInfoForm.tsx';
import '../../board/game.css';

type EventInit = Partial<Omit<GameEvent, '$typeName'>>;

/**
 * One annotated game in the editor (docs/product/community.md §2.8): the game
 * room's board and rack for the player on turn, the rack editor, the turn
 * controls, notes and the comments drawer per event, the game information,
 * Add to Collection and deletion. Every
 * change goes to the server, whose referee is the engine's; the page then
 * shows the game the server kept.
 */
export function EditorGame({ gameId }: { gameId: string }) {
  const { api, notifications } = useServices();
  const session = useSession();
  const queryClient = useQueryClient();
  const prefs = usePreferences();
  const q = useQuery({
    queryKey: annotatedKeys.history(gameId),
    queryFn: () => api.annotated.getGameHistory({ gameId }),
  });
  const loadError = useErrorText(q.error);
  const store = useMemo(() => new GameStore(gameId), [gameId]);
  // Amending turn N: the board shows the game before it, with that turn's rack.
  const [amending, setAmending] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  // The comments of each turn, in a drawer opened by ?comments=N as on the game page (§2.8).
  const [drawerIndex, setDrawer] = useDrawerParam();
  const comments = useGameComments(gameId, q.isSuccess);
  const commentsByEvent = useMemo(() => byEvent(comments), [comments]);
  useEffect(() => {
    const h = q.data?.history;
    if (!h) return;
    // The editor sits in the seat of whoever is on turn.
    if (amending === null || amending > h.events.length) {
      store.load({ ...h, viewerIndex: h.playerOnTurn });
    } else {
      store.load(beforeEvent(h, amending));
    }
  }, [q.data, store, amending]);
  const view = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const info = q.data?.info;
  const creator = !!info && session.userId === info.creatorId;
  const live = view.playState === 'PLAYING' || view.playState === 'WAITING_FOR_FINAL_PASS';

  const refresh = () => queryClient.invalidateQueries({ queryKey: annotatedKeys.history(gameId) });
  const change = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      setAmending(null);
      return refresh();
    },
    onError: (e) => notifications.show('error', errorText(e)),
  });
  const rackText = printTiles(view.set, view.rack, 'rack');
  const amend = amending === null ? {} : { amendment: true, eventNumber: amending };
  const send = (event: EventInit) =>
    change.mutate(() => api.annotated.sendGameEvent({ gameId, event, ...amend }));

  const actions = useMemo(
    () => ({
      play(coords: string, tiles: string) {
        send({
          type: GameEvent_Type.TILE_PLACEMENT_MOVE,
          position: coords,
          playedTiles: tiles,
          rack: rackText,
        });
        return true;
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [gameId, rackText, amending],
  );
  const play = usePlay(view, actions, notifications, prefs, creator && live);
  const drag = useTileDrag(play.onDrop);
  useGameKeys(
    view.set,
    creator && live
      ? {
          letter: play.type,
          backspace: play.backspace,
          enter: play.submit,
          escape: play.recall,
          shuffle: play.shuffle,
          recall: play.recall,
        }
      : {},
  );

  if (!q.data) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">Board editor: game {gameId}</h1>
        <Loading error={loadError} />
        {loadError && <Link to="/editor">Back to the editor</Link>}
      </section>
    );
  }
  const style = { ...boardStyleVars(prefs.boardStyle), ...tileStyleVars(prefs.tileStyle) };
  const names = view.players.map((p) => p.nickname);
  const onTurn = view.playerOnTurn;
  const badge =
    prefs.showTentativeScore && play.move?.ok
      ? { ...play.move.last, score: play.move.score }
      : null;

  return (
    <section className="page editor-page" aria-labelledby="page-title">
      <h1 id="page-title">
        {names[0]} vs {names[1]}
      </h1>
      <p>
        <Link to={`/anno/${gameId}?turn=1`}>View the annotated game</Link>
        {info && info.private && <span className="muted"> · private</span>}{' '}
        <DownloadGcgButton gameId={gameId} />{' '}
        {session.loggedIn && (
          <button type="button" className="button-secondary" onClick={() => setAdding(true)}>
            Add to Collection
          </button>
        )}
      </p>
      {!creator && <Alert kind="info">Only the game’s creator may edit it.</Alert>}
      <div className="editor-columns">
        <div>
          <div className="board-wrap">
            <Board
              layout={view.layout}
              set={view.set}
              squares={view.squares}
              lastPlay={view.lastPlay}
              placed={play.tentative.placed}
              arrow={play.tentative.arrow}
              badge={badge}
              onSquareClick={creator && live ? play.clickSquare : undefined}
              onPlacedPointerDown={(slotId, e) => {
                const p = play.tentative.placed.find((x) => x.slotId === slotId);
                if (p) drag.start({ slotId, tile: p.tile }, e);
              }}
              style={style}
            />
          </div>
          <p className="editor-score" aria-live="polite">
            {names[0]} {view.scores[0]} – {view.scores[1]} {names[1]} · {view.bagCount} in the bag
            {live && ` · ${names[onTurn]} to play`}
            {!live && ' · game over'}
          </p>
          {view.playState === 'WAITING_FOR_FINAL_PASS' && (
            <Alert kind="warning">{PASS_OR_CHALLENGE}</Alert>
          )}
          {amending !== null && (
            <Alert kind="info">
              Amending turn {amending}: the next move replaces it and every later turn is replayed.{' '}
              <button type="button" onClick={() => setAmending(null)}>
                Stop amending
              </button>
            </Alert>
          )}
          {creator && live && (
            <>
              <Rack
                set={view.set}
                slots={play.slots}
                onTileClick={play.placeAtArrow}
                onTilePointerDown={(slot, e) => drag.start({ slotId: slot.id, tile: slot.tile }, e)}
                onShuffle={play.shuffle}
                onRecall={play.recall}
              />
              <RackEditor
                key={`${onTurn}-${view.eventCount}`}
                who={names[onTurn]}
                current={rackText}
                validate={(text) => {
                  const r = parseTiles(view.set, text, 'rack', { allowEmpty: true });
                  if (!r.ok) return r.message;
                  return r.value.length > RACK_SIZE ? `At most ${RACK_SIZE} tiles` : '';
                }}
                onSave={(text) =>
                  change.mutate(() =>
                    api.annotated.setRacks({
                      gameId,
                      racks: onTurn === 0 ? [text, ''] : ['', text],
                      ...amend,
                    }),
                  )
                }
              />
              <TurnControls
                names={names}
                onTurn={onTurn}
                busy={change.isPending}
                onPlay={play.submit}
                send={send}
              />
            </>
          )}
        </div>
        <div>
          {drawerIndex !== null && (
            <CommentsDrawer
              gameId={gameId}
              eventIndex={drawerIndex}
              comments={commentsByEvent.get(drawerIndex) ?? []}
              onClose={() => setDrawer(null)}
              page="anno"
            />
          )}
          <TurnList
            comments={{ counts: commentsByEvent, open: setDrawer }}
            events={view.events}
            names={names}
            editable={creator}
            onNote={(eventNumber, note) =>
              change.mutate(() =>
                api.annotated.patchGameDocument({
                  gameId,
                  document: JSON.stringify({ notes: [{ eventNumber, note }] }),
                }),
              )
            }
            onTruncate={(count) =>
              change.mutate(() => api.annotated.truncateGame({ gameId, eventCount: count }))
            }
            onAmend={setAmending}
          />
          <GameCollections gameId={gameId} />
          {creator && info && (
            <>
              <GameInfoForm gameId={gameId} info={info} onSaved={refresh} />
              <DangerZone gameId={gameId} isPrivate={info.private} onChanged={refresh} />
              <AddGameMenu />
            </>
          )}
        </div>
      </div>
      {adding && <AddToCollectionModal gameId={gameId} onClose={() => setAdding(false)} />}
      <PlayOverlays set={view.set} play={play} drag={drag} palette={style} />
    </section>
  );
}

/** The rack editor (docs/product/gameplay.md §5): letters, ?, brackets, middle dot; seven tiles at most. */
function RackEditor({
  who,
  current,
  validate,
  onSave,
}: {
  who: string;
  current: string;
  validate: (text: string) => string;
  onSave: (text: string) => void;
}) {
  const [text, setText] = useState(current);
  const problem = text ? validate(text) : '';
  return (
    <form
      className="editor-controls"
      aria-label="Rack editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem && text) onSave(text);
      }}
    >
      <div className="field">
        <label htmlFor="rack-editor">{who}’s rack</label>
        <input
          id="rack-editor"
          value={text}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setText(rackInput(e.target.value))}
        />
        {problem && <div className="field-error">{problem}</div>}
      </div>
      <button type="submit" disabled={!!problem || !text}>
        Set rack
      </button>
    </form>
  );
}

function TurnControls({
  names,
  onTurn,
  busy,
  onPlay,
  send,
}: {
  names: string[];
  onTurn: number;
  busy: boolean;
  onPlay: () => void;
  send: (e: EventInit) => void;
}) {
  const [swap, setSwap] = useState('');
  const [penalty, setPenalty] = useState({ player: 0, points: '' });
  return (
    <div className="editor-controls" role="group" aria-label="Turn">
      <button type="button" className="button-primary" disabled={busy} onClick={onPlay}>
        Play
      </button>
      <button type="button" disabled={busy} onClick={() => send({ type: GameEvent_Type.PASS })}>
        Pass
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => send({ type: GameEvent_Type.CHALLENGE })}
        title="The play was challenged and stands"
      >
        Challenge (valid)
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => send({ type: GameEvent_Type.PHONY_TILES_RETURNED })}
      >
        Phony taken off
      </button>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (swap) send({ type: GameEvent_Type.EXCHANGE, exchanged: swap });
        }}
      >
        <div className="field">
          <label htmlFor="exchange-tiles">Exchange tiles</label>
          <input
            id="exchange-tiles"
            value={swap}
            size={8}
            onChange={(e) => setSwap(rackInput(e.target.value))}
          />
        </div>
        <button type="submit" disabled={busy || !swap}>
          Exchange
        </button>
      </form>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          const points = Number(penalty.points);
          if (points > 0) {
            send({
              type: GameEvent_Type.TIME_PENALTY,
              playerIndex: penalty.player,
              lostScore: points,
            });
          }
        }}
      >
        <div className="field">
          <label htmlFor="penalty-player">Time penalty for</label>
          <select
            id="penalty-player"
            value={penalty.player}
            onChange={(e) => setPenalty({ ...penalty, player: Number(e.target.value) })}
          >
            {names.map((n, i) => (
              <option key={i} value={i}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="penalty-points">Points</label>
          <input
            id="penalty-points"
            type="number"
            min={1}
            max={1000}
            value={penalty.points}
            onChange={(e) => setPenalty({ ...penalty, points: e.target.value })}
          />
        </div>
        <button type="submit" disabled={busy || !(Number(penalty.points) > 0)}>
          Add penalty
        </button>
      </form>
      <button
        type="button"
        disabled={busy}
        onClick={() => send({ type: GameEvent_Type.RESIGNED, playerIndex: onTurn })}
      >
        {names[onTurn]} resigns
      </button>
    </div>
  );
}

function TurnList({
  events,
  names,
  editable,
  onNote,
  onTruncate,
  onAmend,
  comments,
}: {
  /** How many comments each event has, and opening its drawer. */
  comments: { counts: ReadonlyMap<number, readonly unknown[]>; open: (index: number) => void };
  events: readonly EngineEvent[];
  names: string[];
  editable: boolean;
  onNote: (eventNumber: number, note: string) => void;
  onTruncate: (count: number) => void;
  onAmend: (eventNumber: number) => void;
}) {
  const [editing, setEditing] = useState<{ n: number; text: string } | null>(null);
  return (
    <section className="card" aria-labelledby="turns-title">
      <h2 id="turns-title">Turns</h2>
      {events.length === 0 && <p className="muted">No turns yet: set a rack and play.</p>}
      <ol className="editor-turns">
        {events.map((e, i) => (
          <li key={i} data-event={i + 1}>
            <strong>{names[e.playerIndex]}</strong> {e.rack && <code>{e.rack}</code>} {eventText(e)}{' '}
            <span className="muted">({e.cumulative})</span>{' '}
            <button
              type="button"
              className="link-button"
              aria-label={`Comments for Turn ${i + 1}`}
              onClick={() => comments.open(i)}
            >
              💬 {comments.counts.get(i)?.length || ''}
            </button>
            {e.note && editing?.n !== i + 1 && <div className="editor-note">{e.note}</div>}
            {editable && editing?.n === i + 1 ? (
              <form
                onSubmit={(ev) => {
                  ev.preventDefault();
                  onNote(i + 1, editing.text.trim());
                  setEditing(null);
                }}
              >
                <label htmlFor={`note-${i + 1}`} className="visually-hidden">
                  Note on turn {i + 1}
                </label>
                <textarea
                  id={`note-${i + 1}`}
                  value={editing.text}
                  maxLength={2000}
                  onChange={(ev) => setEditing({ n: i + 1, text: ev.target.value })}
                />
                <button type="submit">Save note</button>
                <button type="button" onClick={() => setEditing(null)}>
                  Cancel
                </button>
              </form>
            ) : (
              editable && (
                <span className="editor-turn-actions">
                  <button type="button" onClick={() => setEditing({ n: i + 1, text: e.note })}>
                    {e.note ? 'Edit note' : 'Add note'}
                  </button>
                  <button type="button" onClick={() => onAmend(i + 1)}>
                    Amend
                  </button>
                  <button type="button" onClick={() => onTruncate(i)}>
                    Delete from here
                  </button>
                </span>
              )
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function DangerZone({
  gameId,
  isPrivate,
  onChanged,
}: {
  gameId: string;
  isPrivate: boolean;
  onChanged: () => void;
}) {
  const { api, notifications } = useServices();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const privacy = useMutation({
    mutationFn: (makePublic: boolean) =>
      api.annotated.setBroadcastGamePrivacy({ gameId, public: makePublic }),
    onSuccess: onChanged,
    onError: (e) => notifications.show('error', errorText(e)),
  });
  const remove = useMutation({
    mutationFn: () => api.annotated.deleteBroadcastGame({ gameId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['annotated'] });
      window.location.assign('/editor');
    },
    onError: (e) => notifications.show('error', errorText(e)),
  });
  return (
    <section className="card" aria-label="Sharing and deletion">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={!isPrivate}
          disabled={privacy.isPending}
          onChange={(e) => privacy.mutate(e.target.checked)}
        />{' '}
        Public (anyone may view it)
      </label>{' '}
      <button type="button" className="button-danger" onClick={() => setConfirming(true)}>
        Delete game
      </button>
      {confirming && (
        <Modal title="Delete game" onClose={() => setConfirming(false)}>
          <p>Are you sure you want to delete this game? This cannot be undone.</p>
          <div className="modal-actions">
            <button type="button" className="button-danger" onClick={() => remove.mutate()}>
              Yes
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              No
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}

/** The game as it was before event `n` (1-based), in the seat of whoever was on turn, with that event's rack. */
function beforeEvent(h: GameHistory, n: number): GameHistory {
  const kept = h.events.slice(0, n - 1);
  const { g } = replayView(setupOfHistory(h), kept.map(eventFromWire));
  const target = h.events[n - 1];
  const racks = ['', ''];
  racks[g.playerOnTurn] = target.playerIndex === g.playerOnTurn ? target.rack : '';
  return {
    ...h,
    events: kept,
    racks,
    scores: [g.scores[0], g.scores[1]],
    playerOnTurn: g.playerOnTurn,
    viewerIndex: g.playerOnTurn,
    bagCount: g.bag.size,
    playState:
      g.playState === 'WAITING_FOR_FINAL_PASS'
        ? PlayState.WAITING_FOR_FINAL_PASS
        : PlayState.PLAYING,
    endReason: GameEndReason.NONE,
    winner: -1,
  };
}
