import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { RadioGroup } from '../../../ui/FormControls.tsx';
import { METADATA_KEY, stateKey } from '../queries.ts';
import { isConfirmRefusal, refusalToast, tournamentErrorText } from '../tournament-errors.ts';
import { useAction } from '../use-action.ts';
import { Actions, RoundField, ToolForm } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';

/**
 * Undo the last director action, or restore the event as of a round
 * (issue 36, item 19; decision 0150). Both are entries of the log, which
 * keeps what they undo. When they would remove results the server asks for
 * confirmation: the dialog shows its words and a second button confirms.
 * The page reloads after, as the undone action may have changed anything.
 */
export function UndoTool({ meta }: ToolProps) {
  const { api, notifications } = useServices();
  const { run, busy } = useAction([METADATA_KEY, stateKey(meta.id)]);
  const [mode, setMode] = useState<'undo' | 'restore'>('undo');
  const [round, setRound] = useState('1');
  const [asking, setAsking] = useState<string | null>(null);
  const [trying, setTrying] = useState(false);
  const n = Number(round);
  const roundError = Number.isInteger(n) && n >= 1 ? undefined : 'Enter a round number.';
  const call = (confirm: boolean) =>
    mode === 'undo'
      ? api.tournament.undoLastAction({ id: meta.id, confirm })
      : api.tournament.restoreAsOfRound({ id: meta.id, round: n - 1, confirm });

  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        if (mode === 'restore' && roundError) return;
        if (asking !== null) {
          if (await run(() => call(true), null)) window.location.reload();
          return;
        }
        // First without confirming: the server says what would be lost, if anything.
        setTrying(true);
        try {
          await call(false);
          window.location.reload();
        } catch (err) {
          if (isConfirmRefusal(err)) setAsking(tournamentErrorText(err));
          else {
            const { text, ...options } = refusalToast(err);
            notifications.show('error', text, options);
          }
        } finally {
          setTrying(false);
        }
      }}
    >
      <RadioGroup
        legend="Action"
        name="undo-mode"
        value={mode}
        options={[
          { value: 'undo', label: 'Undo the last director action' },
          { value: 'restore', label: 'Restore the tournament as of a round' },
        ]}
        onChange={(v) => {
          setMode(v);
          setAsking(null);
        }}
      />
      {mode === 'restore' && (
        <RoundField
          label="As it was when this round was over"
          value={round}
          onChange={(v) => {
            setRound(v);
            setAsking(null);
          }}
          error={roundError}
        />
      )}
      <p>
        {mode === 'undo'
          ? 'Takes back the last change a director made (undo again to go further back).'
          : 'Puts back the pairings and results as they were before the next round opened.'}{' '}
        The tournament log keeps everything, with who undid what.
      </p>
      {asking !== null && (
        <p role="alert" className="confirm-text">
          <strong>{asking}</strong>
        </p>
      )}
      <Actions
        busy={busy || trying}
        label={
          asking !== null
            ? 'Confirm and remove these results'
            : mode === 'undo'
              ? 'Undo last action'
              : 'Restore'
        }
        danger={asking !== null}
      />
    </ToolForm>
  );
}
