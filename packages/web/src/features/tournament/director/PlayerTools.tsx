import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { SwitchField } from '../../../ui/FormControls.tsx';
import { SUCCESS } from '../messages.ts';
import { stateKey } from '../queries.ts';
import { useAction } from '../use-action.ts';
import { Actions, DivisionField, pick, PlayerField, ToolForm } from './fields.tsx';
import { checkRows, type PlayerRow } from './player-rows.ts';
import { PastePlayers } from './PastePlayers.tsx';
import type { ToolProps } from './tool-props.ts';

const EMPTY_ROWS = 4;
const emptyRow = (): PlayerRow => ({ username: '', rating: '', name: '', className: '' });

export function AddPlayersTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [chosen, setChosen] = useState('');
  const [withRatings, setWithRatings] = useState(true);
  const [rows, setRows] = useState<PlayerRow[]>(() => Array.from({ length: EMPTY_ROWS }, emptyRow));
  const [errors, setErrors] = useState<string[]>([]);
  const [paste, setPaste] = useState(false);
  const division = pick(state.divisions, chosen);
  const set = (i: number, patch: Partial<PlayerRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const common = (
    <>
      <DivisionField divisions={state.divisions} value={division?.id ?? ''} onChange={setChosen} />
      <SwitchField label="Use ratings" checked={withRatings} onChange={setWithRatings} />
      <SwitchField label="Paste a list" checked={paste} onChange={setPaste} />
    </>
  );
  if (paste)
    return (
      <div className="form">
        {common}
        <PastePlayers
          meta={meta}
          divisions={state.divisions}
          division={division}
          withRatings={withRatings}
          done={done}
        />
      </div>
    );
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        const checked = checkRows(rows, withRatings);
        setErrors(checked.ok ? [] : checked.errors);
        if (!checked.ok || !division) return;
        const ok = await run(
          () =>
            api.tournament.addPlayers({
              id: meta.id,
              division: division.id,
              persons: checked.persons,
            }),
          SUCCESS.playersAdded,
        );
        if (ok) done();
      }}
    >
      {common}
      {errors.length > 0 && (
        <Alert kind="error">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Alert>
      )}
      {rows.map((r, i) => (
        <div className="field-row player-row" key={i}>
          <label className="field">
            Username {i + 1}
            <input value={r.username} onChange={(e) => set(i, { username: e.target.value })} />
          </label>
          {withRatings && (
            <label className="field">
              Rating {i + 1}
              <input
                inputMode="numeric"
                value={r.rating}
                onChange={(e) => set(i, { rating: e.target.value })}
              />
            </label>
          )}
          <label className="field">
            Name (as printed) {i + 1}
            <input
              value={r.name}
              placeholder="Last, First"
              onChange={(e) => set(i, { name: e.target.value })}
            />
          </label>
          <label className="field">
            Class {i + 1}
            <input value={r.className} onChange={(e) => set(i, { className: e.target.value })} />
          </label>
        </div>
      ))}
      <button type="button" className="link-button" onClick={() => setRows([...rows, emptyRow()])}>
        Add a row
      </button>
      <Actions busy={busy} label="Add players" />
    </ToolForm>
  );
}

export function RemovePlayerTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [chosen, setChosen] = useState('');
  const [player, setPlayer] = useState('');
  const [error, setError] = useState<string>();
  const division = pick(state.divisions, chosen);
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        setError(player ? undefined : 'You must select a player.');
        if (!player || !division) return;
        const ok = await run(
          () =>
            api.tournament.removePlayers({
              id: meta.id,
              division: division.id,
              persons: [{ id: player }],
            }),
          SUCCESS.playerRemoved,
        );
        if (ok) done();
      }}
    >
      <DivisionField divisions={state.divisions} value={division?.id ?? ''} onChange={setChosen} />
      <PlayerField
        division={division}
        value={player}
        onChange={setPlayer}
        label="Player"
        error={error}
      />
      <Actions busy={busy} label="Remove player" danger />
    </ToolForm>
  );
}

export function MovePlayerTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [player, setPlayer] = useState('');
  const [error, setError] = useState<string>();
  const source = pick(state.divisions, from);
  const target =
    state.divisions.find((d) => d.id === to) ?? state.divisions.find((d) => d !== source);
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        setError(
          !target
            ? 'Add another division first.'
            : player
              ? undefined
              : 'You must select a player.',
        );
        if (!player || !source || !target) return;
        const ok = await run(
          () =>
            api.tournament.movePlayer({
              id: meta.id,
              sourceDivision: source.id,
              targetDivision: target.id,
              playerId: player,
            }),
          SUCCESS.playerMoved,
        );
        if (ok) done();
      }}
    >
      <DivisionField
        label="From division"
        divisions={state.divisions}
        value={source?.id ?? ''}
        onChange={setFrom}
      />
      <PlayerField
        division={source}
        value={player}
        onChange={setPlayer}
        label="Player"
        error={error}
      />
      <DivisionField
        label="To division"
        divisions={state.divisions}
        value={target?.id ?? ''}
        onChange={setTo}
      />
      <Actions busy={busy} label="Move player" />
    </ToolForm>
  );
}
