import { Modal } from '../../../ui/Modal.tsx';
import { DIRECTOR_DIALOG_WIDTH, type ToolId } from '../director-tools.ts';
import { CheckinsTool } from './CheckinsTool.tsx';
import { DirectorsTool } from './DirectorsTool.tsx';
import { DivisionControlsTool } from './DivisionControlsTool.tsx';
import { AddDivisionTool, RemoveDivisionTool, RenameDivisionTool } from './DivisionTools.tsx';
import { ExportTool, FinishTool, UnfinishTool, UnstartTool } from './LifecycleTools.tsx';
import { PairRoundTool, SinglePairingTool } from './PairingTools.tsx';
import { AddPlayersTool, MovePlayerTool, RemovePlayerTool } from './PlayerTools.tsx';
import { ResultTool } from './ResultTool.tsx';
import { RoundControlsTool, SingleRoundControlsTool } from './RoundControlsTool.tsx';
import { PrintoutsTool } from './PrintoutsTool.tsx';
import { ScorecardsTool } from './ScorecardsTool.tsx';
import { SettingsTool } from './SettingsTool.tsx';
import { TournamentLogTool } from './TournamentLogTool.tsx';
import { UndoTool } from './UndoTool.tsx';
import type { ToolProps } from './tool-props.ts';

/** One director tool in its dialog, 800 px wide (docs/product/tournaments.md §9). */
export function ToolDialog({
  tool,
  title,
  onClose,
  ...props
}: Omit<ToolProps, 'done'> & { tool: ToolId; title: string; onClose: () => void }) {
  const p: ToolProps = { ...props, done: onClose };
  return (
    <Modal
      title={title}
      onClose={onClose}
      className="tourney-dialog"
      style={{ ['--tourney-dialog-width' as string]: `${DIRECTOR_DIALOG_WIDTH}px` }}
    >
      <div className="dialog-body">{body(tool, p)}</div>
    </Modal>
  );
}

function body(tool: ToolId, p: ToolProps) {
  switch (tool) {
    case 'manage-directors':
      return <DirectorsTool {...p} />;
    case 'edit-settings':
      return <SettingsTool {...p} />;
    case 'tournament-log':
      return <TournamentLogTool {...p} />;
    case 'add-division':
      return <AddDivisionTool {...p} />;
    case 'rename-division':
      return <RenameDivisionTool {...p} />;
    case 'remove-division':
      return <RemoveDivisionTool {...p} />;
    case 'division-controls':
      return <DivisionControlsTool {...p} />;
    case 'round-controls':
      return <RoundControlsTool {...p} />;
    case 'single-round-controls':
      return <SingleRoundControlsTool {...p} />;
    case 'checkins':
      return <CheckinsTool {...p} />;
    case 'scorecards':
      return <ScorecardsTool {...p} />;
    case 'printouts':
      return <PrintoutsTool {...p} />;
    case 'add-players':
      return <AddPlayersTool {...p} />;
    case 'remove-player':
      return <RemovePlayerTool {...p} />;
    case 'move-player':
      return <MovePlayerTool {...p} />;
    case 'single-pairing':
      return <SinglePairingTool {...p} />;
    case 'pair-round':
      return <PairRoundTool {...p} unpair={false} />;
    case 'unpair-round':
      return <PairRoundTool {...p} unpair />;
    case 'set-result':
      return <ResultTool {...p} />;
    case 'export':
      return <ExportTool {...p} />;
    case 'finish':
      return <FinishTool {...p} />;
    case 'unfinish':
      return <UnfinishTool {...p} />;
    case 'unstart':
      return <UnstartTool {...p} />;
    case 'undo':
      return <UndoTool {...p} />;
  }
}
