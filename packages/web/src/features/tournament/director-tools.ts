import { isPaired, type TournamentType } from './model.ts';

/**
 * The Director Tools panel's groups (docs/product/tournaments.md §2
 * "Director Tools panel"). General is there for every event; the other
 * groups only for paired ones (standard and child).
 */
export type ToolId =
  | 'manage-directors'
  | 'tournament-log'
  | 'edit-settings'
  | 'add-division'
  | 'rename-division'
  | 'remove-division'
  | 'division-controls'
  | 'round-controls'
  | 'checkins'
  | 'scorecards'
  | 'printouts'
  | 'add-players'
  | 'remove-player'
  | 'move-player'
  | 'single-round-controls'
  | 'single-pairing'
  | 'pair-round'
  | 'unpair-round'
  | 'set-result'
  | 'export'
  | 'finish'
  | 'unfinish'
  | 'unstart'
  | 'undo';

export interface Tool {
  id: ToolId;
  label: string;
  /** Read-only directors may open it too (it changes nothing). */
  readOnly?: boolean;
}

export interface ToolGroup {
  title: string;
  tools: Tool[];
}

const GENERAL: ToolGroup = {
  title: 'General',
  tools: [
    { id: 'manage-directors', label: 'Manage Directors' },
    { id: 'edit-settings', label: 'Edit description and other settings' },
    { id: 'tournament-log', label: 'Tournament log', readOnly: true },
  ],
};

const PAIRED: ToolGroup[] = [
  {
    title: 'Pre-Tournament Setup',
    tools: [
      { id: 'add-division', label: 'Add division' },
      { id: 'rename-division', label: 'Rename division' },
      { id: 'remove-division', label: 'Remove division' },
      { id: 'division-controls', label: 'Set tournament controls' },
      { id: 'round-controls', label: 'Set round controls' },
      { id: 'checkins', label: 'Manage check-ins and registrations' },
      { id: 'scorecards', label: 'Create printable scorecards' },
    ],
  },
  {
    title: 'Players',
    tools: [
      { id: 'add-players', label: 'Add players' },
      { id: 'remove-player', label: 'Remove player' },
      { id: 'move-player', label: 'Move player to division' },
    ],
  },
  {
    title: 'In-Tournament',
    tools: [
      { id: 'single-round-controls', label: 'Set single round controls' },
      { id: 'single-pairing', label: 'Set single pairing' },
      { id: 'pair-round', label: 'Pair entire round' },
      { id: 'unpair-round', label: 'Unpair entire round' },
      { id: 'set-result', label: 'Set game result' },
      { id: 'undo', label: 'Undo or restore' },
      {
        id: 'printouts',
        label: 'Print pairings, wall chart and kiosk links',
        readOnly: true,
      },
    ],
  },
  {
    title: 'Post-Tournament',
    tools: [
      { id: 'export', label: 'Export tournament' },
      { id: 'finish', label: 'Finish tournament' },
      { id: 'unfinish', label: 'Unfinish tournament' },
    ],
  },
  { title: 'Danger', tools: [{ id: 'unstart', label: 'Unstart tournament' }] },
];

/**
 * The groups a viewer sees: all tools for one who may change the event, only
 * the read-only ones (the log) for a read-only director. Finish shows while
 * the tournament is not finished, Unfinish once it is.
 */
export function toolGroups(
  type: TournamentType,
  o: { canDirect: boolean; finished: boolean } = { canDirect: true, finished: false },
): ToolGroup[] {
  const hidden: ToolId = o.finished ? 'finish' : 'unfinish';
  return (isPaired(type) ? [GENERAL, ...PAIRED] : [GENERAL])
    .map((g) => ({
      ...g,
      tools: g.tools.filter((t) => t.id !== hidden && (o.canDirect || t.readOnly)),
    }))
    .filter((g) => g.tools.length > 0);
}

export function toolLabel(id: ToolId): string {
  for (const g of [GENERAL, ...PAIRED]) for (const t of g.tools) if (t.id === id) return t.label;
  return id;
}

/** Director dialogs are 800 px wide (§9). */
export const DIRECTOR_DIALOG_WIDTH = 800;
