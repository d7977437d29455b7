import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { SUCCESS } from '../messages.ts';
import { stateKey } from '../queries.ts';
import { useAction } from '../use-action.ts';
import { Actions, DivisionField, pick, ToolForm } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';

/** Division names: 1 to 24 characters (docs/product/tournaments.md §5 "Divisions"). */
export const DIVISION_NAME_MAX = 24;

export function divisionNameError(name: string): string | undefined {
  if (!name.trim()) return 'Please input division name';
  if (name.trim().length > DIVISION_NAME_MAX)
    return `Division names are at most ${DIVISION_NAME_MAX} characters.`;
  return undefined;
}

export function AddDivisionTool({ meta, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        const err = divisionNameError(name);
        setError(err);
        if (err) return;
        const ok = await run(
          () => api.tournament.addDivision({ id: meta.id, division: name.trim() }),
          SUCCESS.divisionAdded,
        );
        if (ok) done();
      }}
    >
      <TextField
        label="Division name"
        value={name}
        maxLength={DIVISION_NAME_MAX}
        error={error}
        onChange={(e) => setName(e.target.value)}
      />
      <Actions busy={busy} label="Add division" />
    </ToolForm>
  );
}

export function RenameDivisionTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const division = pick(state.divisions, chosen);
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        const err = divisionNameError(name);
        setError(err);
        if (err || !division) return;
        const ok = await run(
          () =>
            api.tournament.renameDivision({
              id: meta.id,
              division: division.id,
              newName: name.trim(),
            }),
          SUCCESS.divisionRenamed,
        );
        if (ok) done();
      }}
    >
      <DivisionField divisions={state.divisions} value={division?.id ?? ''} onChange={setChosen} />
      <TextField
        label="New name"
        value={name}
        maxLength={DIVISION_NAME_MAX}
        error={error}
        onChange={(e) => setName(e.target.value)}
      />
      <Actions busy={busy} label="Rename division" />
    </ToolForm>
  );
}

export function RemoveDivisionTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [chosen, setChosen] = useState('');
  const division = pick(state.divisions, chosen);
  return (
    <ToolForm
      onSubmit={async () => {
        if (!division) return;
        const ok = await run(
          () => api.tournament.removeDivision({ id: meta.id, division: division.id }),
          SUCCESS.divisionRemoved,
        );
        if (ok) done();
      }}
    >
      <DivisionField divisions={state.divisions} value={division?.id ?? ''} onChange={setChosen} />
      <Actions busy={busy} label="Remove division" danger />
    </ToolForm>
  );
}
