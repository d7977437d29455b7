import { GameMonitoring } from '../../monitoring/index.ts';
import { printTiles, sortTiles, gcg } from '@tessera/engine';
import { useMemo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useServices, useSession } from '../../../app/services.tsx';
import { boardStyleVars, tileStyleVars } from '../../../preferences/styles.ts';
import { usePreferences } from '../../../preferences/use-preferences.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { workerAnalyzer, type AnalyzerEngine } from '../analysis/analyzer-client.ts';
import { Analyzer } from '../analysis/Analyzer.tsx';
import { GameEvaluationCard } from '../analysis/GameEvaluationCard.tsx';
import { analyzerPosition, positionAt } from '../analysis/examine.ts';
import { ExamineBar } from '../analysis/ExamineBar.tsx';
import { useExamine } from '../analysis/use-examine.ts';
import { BlindfoldPanel } from '../blindfold/BlindfoldPanel.tsx';
import { BackToTournament } from '../../tournament/index.ts';
import { AddToCollectionModal, CollectionTab, collectionFromUrl } from '../../collections/index.ts';
import { byEvent, CommentsDrawer, useDrawerParam, useGameComments } from '../../comments/index.ts';
import { useEndingSpeech } from '../blindfold/use-ending-speech.ts';
import { Board } from '../../../board/Board.tsx';
import { CONFIRM_TEXTS, ConfirmModal } from '../controls/ConfirmModal.tsx';
import { ExchangeModal } from '../controls/ExchangeModal.tsx';
import { GameControls } from '../controls/GameControls.tsx';
import { useRoomPage } from '../page/use-room-page.ts';
import { useTimeoutReport } from '../page/use-timeout-report.ts';
import { EndGameCard } from '../panels/EndGameCard.tsx';
import { GameInfoCard } from '../panels/GameInfoCard.tsx';
import { MetaBanner } from '../panels/MetaBanner.tsx';
import { Notepad } from '../panels/Notepad.tsx';
import { PlayerCards } from '../panels/PlayerCards.tsx';
import { PoolPanel } from '../panels/PoolPanel.tsx';
import { Rack } from '../../../board/Rack.tsx';
import { RematchOffer } from '../panels/RematchOffer.tsx';
import { RematchStarted } from '../panels/RematchStarted.tsx';
import { ScoreCard } from '../panels/ScoreCard.tsx';
import { StreakPanel } from '../panels/StreakPanel.tsx';
import { WatchedRacks } from '../panels/WatchedRacks.tsx';
import { PlayOverlays } from '../../../board/play/PlayOverlays.tsx';
import { usePlay } from '../../../board/play/use-play.ts';
import { useTileDrag } from '../../../board/play/use-drag.ts';
import { GameActions } from '../state/game-actions.ts';
import { GameStore } from '../../../board/state/game-store.ts';
import { replayView } from '../../../board/state/model.ts';
import { tileOwners } from '../../../board/state/turns.ts';
import { useGameConnection } from '../state/use-game-connection.ts';
import { Telestrator } from '../telestrator/Telestrator.tsx';
import { useRoomKeys } from './use-room-keys.ts';
import { useRoomCommands } from './use-room-commands.ts';
import { PanelTabs, type PanelTab } from './PanelTabs.tsx';
import { RoomSidePanel } from './RoomSidePanel.tsx';
import '../../../board/game.css';

export const FINAL_PASS_NOTICE = 'The bag is now empty; please Pass or Challenge to end the game.';

/**
 * The game room (/game/{id}): the live game from the socket in one store,
 * the player's tentative tiles over it, examine mode and the analyzer once
 * the game may be analyzed.
 */
export function GameRoom({
  gameId,
  analyzer = workerAnalyzer(),
}: {
  gameId: string;
  analyzer?: AnalyzerEngine;
}) {
  const { socket, notifications, api } = useServices();
  const store = useMemo(() => new GameStore(gameId), [gameId]);
  const actions = useMemo(
    () => new GameActions(socket, store, notifications),
    [socket, store, notifications],
  );
  useGameConnection(store, actions);
  const view = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const prefs = usePreferences();
  const session = useSession();
  const [panel, setPanel] = useState<PanelTab>('scorecard');
  const [params] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const collection = collectionFromUrl(params);
  const [drawerIndex, setDrawer] = useDrawerParam();

  const player = view.viewerIndex >= 0;
  const over = view.playState === 'GAME_OVER';
  // A game's comments: everyone's once it is over; while it is played, its
  // watchers' only (they must not coach the players, decision 0138).
  const commentable = view.status === 'ready' && (over || !player);
  const comments = useGameComments(gameId, commentable);
  const commentsByEvent = useMemo(() => byEvent(comments), [comments]);
  const live = view.playState === 'PLAYING' || view.playState === 'WAITING_FOR_FINAL_PASS';
  const canExamine =
    view.status === 'ready' && !view.tilesHidden && !view.analysisAfterEnd && (over || !player);
  const examine = useExamine(view.events.length, canExamine);
  const examining = examine.count !== null;
  const position = useMemo(
    () => (examine.count === null ? null : positionAt(view, examine.count)),
    [view, examine.count],
  );
  const analysis = useMemo(
    () => (position ? analyzerPosition(view, position) : null),
    [view, position],
  );
  const play = usePlay(view, actions, notifications, prefs, player && live && !examining);
  const drag = useTileDrag(play.onDrop);
  const squares = position?.squares ?? view.squares;
  const shownEvents = position ? position.count : view.events.length;
  const owners = useMemo(
    () =>
      prefs.bicolorMode
        ? tileOwners(view.events.slice(0, shownEvents), view.set, view.layout.dim)
        : null,
    [prefs.bicolorMode, view.events, shownEvents, view.set, view.layout.dim],
  );
  // Blindfold hides the board and rack of a player's own game; commands are typed instead.
  const blindfold = prefs.blindfold && player && !over;
  useEndingSpeech(view, prefs.blindfold && player);
  const noTiles = useMemo(() => new Uint8Array(view.squares.length), [view.squares.length]);
  const commands = useRoomCommands({
    view,
    play,
    actions,
    notifications,
    prefs,
    squares,
    examinedCount: examine.count,
    openExamine: () => examine.go(view.events.length),
    wakeBot: () => api.gameMetadata.unfreezeBot({ gameId }),
  });
  useRoomPage(view, prefs.turnNotifications);
  useTimeoutReport(view, actions);
  useRoomKeys({
    view,
    play,
    examine,
    commands,
    playing: player && live && !examining && !blindfold,
  });

  if (view.status === 'loading') {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="visually-hidden">
          Game {gameId}
        </h1>
        <p className="page-loading" role="status">
          Loading the game…
        </p>
      </section>
    );
  }
  if (view.status === 'not-found') {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">Game not found</h1>
        <p>These are not the games you are looking for.</p>
        <Link to="/">Back to the lobby</Link>
      </section>
    );
  }

  const opponent = view.players[1 - view.viewerIndex]?.nickname ?? '';
  const badge =
    !examining && prefs.showTentativeScore && play.move?.ok
      ? { ...play.move.last, score: play.move.score }
      : null;
  const style = {
    ...boardStyleVars(prefs.boardStyle),
    ...tileStyleVars(prefs.tileStyle),
  } as CSSProperties;
  const board = (
    <Board
      layout={view.layout}
      set={view.set}
      squares={blindfold ? noTiles : squares}
      lastPlay={blindfold ? [] : (position?.lastPlay ?? view.lastPlay)}
      owners={blindfold ? null : owners}
      placed={examining || blindfold ? [] : play.tentative.placed}
      arrow={examining || blindfold ? null : play.tentative.arrow}
      badge={blindfold ? null : badge}
      onSquareClick={player && live && !examining && !blindfold ? play.clickSquare : undefined}
      onPlacedPointerDown={(slotId, e) => {
        const p = play.tentative.placed.find((x) => x.slotId === slotId);
        if (p) drag.start({ slotId, tile: p.tile }, e);
      }}
    />
  );
  const mode = player ? (over ? 'over-player' : 'player') : over ? 'over-observer' : 'observer';

  return (
    <div className="game-room" data-event-count={view.eventCount} data-panel={panel} style={style}>
      <h1 className="visually-hidden">{view.players.map((p) => p.nickname).join(' vs ')}</h1>
      <aside className="room-left">
        {collection && <CollectionTab {...collection} />}
        <RoomSidePanel gameId={view.gameId} player={player} />
        {view.request?.tournamentId && (
          <BackToTournament tournamentId={view.request.tournamentId} />
        )}
        {view.request?.tournamentId && (
          <GameMonitoring tournamentId={view.request.tournamentId} player={player} />
        )}
        {view.request && <GameInfoCard request={view.request} />}
      </aside>

      <div className="room-centre">
        <PlayerCards
          view={view}
          examining={examining}
          scores={position?.scores ?? view.scores}
          onTurn={position?.playerOnTurn ?? view.playerOnTurn}
        />
        {view.meta && !over && (
          <MetaBanner meta={view.meta} opponent={opponent} actions={actions} />
        )}
        {over && player && !view.request?.tournamentId && (
          <RematchOffer gameId={view.gameId} actions={actions} />
        )}
        {view.rematchGameId && !player && <RematchStarted gameId={view.rematchGameId} />}
        {player && !examining && view.playState === 'WAITING_FOR_FINAL_PASS' && play.myTurn && (
          <Alert kind="warning">
            <strong>Pass or challenge:</strong> {FINAL_PASS_NOTICE}
          </Alert>
        )}
        <div className="board-wrap">
          {prefs.telestrator ? (
            <Telestrator resetKey={view.events.length}>{board}</Telestrator>
          ) : (
            board
          )}
        </div>
        {!examining && play.move && !play.move.ok && (
          <p className="placement-note" role="status">
            {play.move.reason}
          </p>
        )}
        {blindfold && (
          <BlindfoldPanel
            view={view}
            actions={actions}
            myTurn={play.myTurn}
            showChallenge={commands.showChallenge}
          />
        )}
        {player && live && !examining && !blindfold && (
          <Rack
            set={view.set}
            slots={play.slots}
            onTileClick={play.placeAtArrow}
            onTilePointerDown={(slot, e) => drag.start({ slotId: slot.id, tile: slot.tile }, e)}
            onShuffle={play.shuffle}
            onRecall={play.recall}
          />
        )}
        {!player && !examining && view.openRacks.length === 2 && (
          <WatchedRacks
            set={view.set}
            players={view.players}
            racks={view.openRacks}
            onTurn={live ? view.playerOnTurn : -1}
          />
        )}
        {examining && position ? (
          <ExamineBar
            count={position.count}
            total={view.events.length}
            onGo={examine.go}
            onDone={examine.exit}
            exportItems={commands.exportItems}
          />
        ) : (
          <GameControls
            mode={mode}
            showChallenge={commands.showChallenge}
            canCancel={commands.canCancel}
            canNudge={commands.canNudge}
            canWakeBot={commands.canWakeBot}
            rematchSent={commands.rematchSent}
            rematchOffered={commands.rematchOffered}
            exportItems={commands.exportItems}
            on={commands.on}
          />
        )}
      </div>

      <aside className="room-right">
        <PanelTabs value={panel} onChange={setPanel} analyzer={examining} />
        {commentable && drawerIndex !== null && (
          <CommentsDrawer
            gameId={view.gameId}
            eventIndex={drawerIndex}
            comments={commentsByEvent.get(drawerIndex) ?? []}
            onClose={() => setDrawer(null)}
          />
        )}
        {over && session.loggedIn && (
          <button type="button" className="button-secondary" onClick={() => setAdding(true)}>
            Add to Collection
          </button>
        )}
        {over && !examining && <EndGameCard view={view} />}
        {over && !examining && view.request?.raw && (
          <StreakPanel
            gameId={view.gameId}
            originalRequestId={view.request.raw.originalRequestId || view.request.raw.requestId}
            players={view.players}
          />
        )}
        {examining && position && analysis && view.request && (
          <Analyzer
            lexicon={view.request.lexicon}
            positionKey={`${view.gameId}:${position.count}:${view.events.length}`}
            position={analysis}
            engine={analyzer}
            board={{ squares: position.squares, set: view.set, dim: view.layout.dim }}
          />
        )}
        {examining && over && view.request && view.setup && (
          <GameEvaluationCard
            lexicon={view.request.lexicon}
            gcg={() => (view.setup ? gcg.writeGcg(replayView(view.setup, view.events).g) : null)}
            engine={analyzer}
          />
        )}
        <ScoreCard
          events={view.events}
          players={view.players}
          over={over}
          examinedCount={position?.count ?? null}
          onSelect={examining ? examine.go : undefined}
          lexicon={view.request?.lexicon}
          comments={commentable ? { counts: commentsByEvent, open: setDrawer } : undefined}
        />
        <PoolPanel
          set={view.set}
          unseen={view.unseen}
          bagCount={view.bagCount}
          hidden={
            !view.tilesHidden
              ? null
              : view.request?.tournamentId && !session.loggedIn
                ? 'loggedOut'
                : 'correspondence'
          }
        />
        <Notepad gameId={view.gameId} />
      </aside>

      {commands.dialog === 'pass' && (
        <ConfirmModal
          title="Pass"
          text={CONFIRM_TEXTS.pass}
          onConfirm={() => actions.pass()}
          onClose={commands.close}
        />
      )}
      {commands.dialog === 'challenge' && (
        <ConfirmModal
          title="Challenge"
          text={CONFIRM_TEXTS.challenge}
          onConfirm={() => actions.challenge()}
          onClose={commands.close}
        />
      )}
      {commands.dialog === 'resign' && (
        <ConfirmModal
          title="Resign"
          text={CONFIRM_TEXTS.resign}
          onConfirm={() => actions.resign()}
          onClose={commands.close}
        />
      )}
      {commands.dialog === 'exchange' && (
        <ExchangeModal
          set={view.set}
          slots={play.slots}
          onExchange={(tiles) => actions.exchange(printTiles(view.set, sortTiles(tiles), 'rack'))}
          onClose={commands.close}
          palette={style}
        />
      )}
      {adding && <AddToCollectionModal gameId={view.gameId} onClose={() => setAdding(false)} />}
      <PlayOverlays set={view.set} play={play} drag={drag} palette={style} />
    </div>
  );
}
