import { gcg } from '@tessera/engine';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useServices } from '../../../app/services.tsx';
import { Board } from '../../../board/Board.tsx';
import { useGameKeys } from '../../../board/play/use-keys.ts';
import { eventText } from '../../../board/state/event-text.ts';
import type { GameView } from '../../../board/state/game-store.ts';
import { replayView } from '../../../board/state/model.ts';
import { boardStyleVars, tileStyleVars } from '../../../preferences/styles.ts';
import { usePreferences } from '../../../preferences/use-preferences.ts';
import { CollectionTab, collectionFromUrl } from '../../collections/index.ts';
import { byEvent, CommentsDrawer, useDrawerParam, useGameComments } from '../../comments/index.ts';
import { workerAnalyzer, type AnalyzerEngine } from '../analysis/analyzer-client.ts';
import { Analyzer } from '../analysis/Analyzer.tsx';
import { analyzerPosition, positionAt } from '../analysis/examine.ts';
import { ExamineBar } from '../analysis/ExamineBar.tsx';
import { GameEvaluationCard } from '../analysis/GameEvaluationCard.tsx';
import { useExamine } from '../analysis/use-examine.ts';
import { ScoreCard } from '../panels/ScoreCard.tsx';
import { examineExports } from './examine-exports.ts';
import { PanelTabs, type PanelTab } from './PanelTabs.tsx';
import '../../../board/game.css';

/**
 * A game read from its record, not played here: the annotated game view
 * (/anno/{id}, docs/product/community.md §2.8). It is the game room in
 * examine mode and nothing else: the same board, the examiner's controls
 * with `?turn=`, the analyzer, the score card, the comments drawer on
 * `?comments=` and the Collection tab. Without `?turn=` the last position
 * shows. `children` is the page's own card (who annotated it, Edit).
 */
export function RecordRoom({
  view,
  children,
  analyzer = workerAnalyzer(),
}: {
  view: GameView;
  children?: ReactNode;
  analyzer?: AnalyzerEngine;
}) {
  const { notifications } = useServices();
  const prefs = usePreferences();
  const [params] = useSearchParams();
  const [panel, setPanel] = useState<PanelTab>('scorecard');
  const collection = collectionFromUrl(params);
  const [drawerIndex, setDrawer] = useDrawerParam();
  const comments = useGameComments(view.gameId, view.status === 'ready');
  const commentsByEvent = useMemo(() => byEvent(comments), [comments]);

  const total = view.events.length;
  const examine = useExamine(total, true);
  const count = examine.count ?? total;
  const position = useMemo(() => positionAt(view, count), [view, count]);
  const analysis = useMemo(
    () => (position ? analyzerPosition(view, position) : null),
    [view, position],
  );
  useGameKeys(view.set, {
    previous: () => examine.go(count - 1),
    next: () => examine.go(count + 1),
  });
  if (!position) return null;

  const over = view.playState === 'GAME_OVER';
  const names = view.players.map((p) => p.nickname);
  const shown = count > 0 ? view.events[count - 1] : undefined;
  const style = {
    ...boardStyleVars(prefs.boardStyle),
    ...tileStyleVars(prefs.tileStyle),
  } as CSSProperties;
  const exportItems = examineExports({
    view,
    prefs,
    notifications,
    squares: position.squares,
    examinedCount: count,
  });

  return (
    <div className="game-room record-room" data-panel={panel} style={style}>
      <h1 className="visually-hidden">{names.join(' vs ')}</h1>
      <aside className="room-left">
        {collection && <CollectionTab {...collection} />}
        {children}
      </aside>

      <div className="room-centre">
        <p className="record-score" aria-live="polite">
          {names[0]} {position.scores[0]} – {position.scores[1]} {names[1]}
          {shown && ` · ${names[shown.playerIndex]}: ${eventText(shown)}`}
        </p>
        <div className="board-wrap">
          <Board
            layout={view.layout}
            set={view.set}
            squares={position.squares}
            lastPlay={position.lastPlay}
          />
        </div>
        {shown?.note && <p className="record-note">{shown.note}</p>}
        <ExamineBar count={count} total={total} onGo={examine.go} exportItems={exportItems} />
      </div>

      <aside className="room-right">
        <PanelTabs value={panel} onChange={setPanel} analyzer />
        {drawerIndex !== null && (
          <CommentsDrawer
            gameId={view.gameId}
            eventIndex={drawerIndex}
            comments={commentsByEvent.get(drawerIndex) ?? []}
            onClose={() => setDrawer(null)}
            page="anno"
          />
        )}
        {analysis && view.request && (
          <Analyzer
            lexicon={view.request.lexicon}
            positionKey={`${view.gameId}:${count}:${total}`}
            position={analysis}
            engine={analyzer}
            board={{ squares: position.squares, set: view.set, dim: view.layout.dim }}
          />
        )}
        {over && view.request && view.setup && (
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
          examinedCount={count}
          onSelect={examine.go}
          lexicon={view.request?.lexicon}
          comments={{ counts: commentsByEvent, open: setDrawer }}
        />
      </aside>
    </div>
  );
}
