import { PairingMethod } from '@tessera/protocol';
import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { SelectField, SwitchField } from '../../../ui/FormControls.tsx';
import { roundControlsSet, SUCCESS } from '../messages.ts';
import { stateKey } from '../queries.ts';
import { useAction } from '../use-action.ts';
import { CopFields } from './CopFields.tsx';
import { Actions, DivisionField, pick, RoundField, ToolForm } from './fields.tsx';
import {
  controlFor,
  expandRanges,
  FIRST_METHODS,
  newRange,
  PAIRING_METHODS,
  rangeForRound,
  rangesError,
  rangesFromControls,
  settingsError,
  type RoundRange,
} from './round-controls.ts';
import type { ToolProps } from './tool-props.ts';

function RangeFields({
  r,
  change,
  rounds = true,
  n,
  total,
}: {
  r: RoundRange;
  change: (patch: Partial<RoundRange>) => void;
  rounds?: boolean;
  n: number;
  /** The division's rounds (COP's defaults depend on it). */
  total: number;
}) {
  const swissLike = r.method === PairingMethod.SWISS || r.method === PairingMethod.FACTOR;
  return (
    <fieldset className="round-range">
      <legend>{rounds ? `Rounds ${r.begin}–${r.end}` : 'Settings'}</legend>
      <div className="field-row">
        {rounds && (
          <>
            <TextField
              label={`Begin round ${n}`}
              value={r.begin}
              onChange={(e) => change({ begin: e.target.value })}
            />
            <TextField
              label={`End round ${n}`}
              value={r.end}
              onChange={(e) => change({ end: e.target.value })}
            />
          </>
        )}
        <SelectField
          label={`Pairing method ${n}`}
          value={r.method}
          onChange={(e) => change({ method: Number(e.target.value) })}
        >
          {PAIRING_METHODS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={`First method ${n}`}
          value={r.first}
          onChange={(e) => change({ first: Number(e.target.value) })}
        >
          {FIRST_METHODS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectField>
      </div>
      {r.method === PairingMethod.FACTOR && (
        <TextField
          label="Factor"
          value={r.factor}
          onChange={(e) => change({ factor: e.target.value })}
        />
      )}
      {r.method === PairingMethod.INITIAL_FONTES && (
        <TextField
          label="Initial fontes rounds"
          value={r.initialFontes}
          onChange={(e) => change({ initialFontes: e.target.value })}
        />
      )}
      {r.method === PairingMethod.TEAM_ROUND_ROBIN && (
        <TextField
          label="Games per round"
          value={r.gamesPerRound}
          onChange={(e) => change({ gamesPerRound: e.target.value })}
        />
      )}
      {r.method === PairingMethod.COP && (
        <CopFields cop={r.cop} total={total} change={(p) => change({ cop: { ...r.cop, ...p } })} />
      )}
      {swissLike && (
        <div className="field-row">
          <TextField
            label="Max repeats"
            value={r.maxRepeats}
            onChange={(e) => change({ maxRepeats: e.target.value })}
          />
          <TextField
            label="Repeat relative weight"
            value={r.repeatWeight}
            onChange={(e) => change({ repeatWeight: e.target.value })}
          />
          <TextField
            label="Win difference relative weight"
            value={r.winDifferenceWeight}
            onChange={(e) => change({ winDifferenceWeight: e.target.value })}
          />
          <SwitchField
            label="Allow over max repeats"
            checked={r.allowOverMaxRepeats}
            onChange={(allowOverMaxRepeats) => change({ allowOverMaxRepeats })}
          />
        </div>
      )}
    </fieldset>
  );
}

/** Set round controls: the pairing method of every round of a division. */
export function RoundControlsTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [chosen, setChosen] = useState('');
  const division = pick(state.divisions, chosen);
  // The form starts from the division's current controls; edits are kept per division.
  const [edits, setEdits] = useState<{ for: string; ranges: RoundRange[] } | null>(null);
  const ranges = edits && edits.for === division?.id ? edits.ranges : rangesFromControls(division);
  const setRanges = (next: RoundRange[]) => setEdits({ for: division?.id ?? '', ranges: next });
  const [error, setError] = useState('');
  const set = (i: number, patch: Partial<RoundRange>) =>
    setRanges(ranges.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        const err = division ? rangesError(ranges) : 'Division is missing';
        setError(err);
        if (err || !division) return;
        const ok = await run(
          () =>
            api.tournament.setRoundControls({
              id: meta.id,
              division: division.id,
              roundControls: expandRanges(ranges),
            }),
          SUCCESS.controlsSet,
        );
        if (ok) done();
      }}
    >
      <DivisionField divisions={state.divisions} value={division?.id ?? ''} onChange={setChosen} />
      {error && <Alert kind="error">{error}</Alert>}
      {ranges.map((r, i) => (
        <RangeFields
          key={i}
          n={i + 1}
          r={r}
          total={Number(ranges[ranges.length - 1]?.end) || 0}
          change={(p) => set(i, p)}
        />
      ))}
      <div className="tool-buttons">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            const last = Number(ranges[ranges.length - 1]?.end) || 0;
            setRanges([...ranges, newRange(last + 1, last + 1)]);
          }}
        >
          Add rounds
        </button>
        {ranges.length > 1 && (
          <button
            type="button"
            className="link-button"
            onClick={() => setRanges(ranges.slice(0, -1))}
          >
            Remove the last rounds
          </button>
        )}
      </div>
      <Actions busy={busy} label="Set round controls" />
    </ToolForm>
  );
}

/** Set single round controls: one round's pairing method. */
export function SingleRoundControlsTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [chosen, setChosen] = useState('');
  const division = pick(state.divisions, chosen);
  const [round, setRound] = useState(String(Math.max(1, (division?.currentRound ?? 0) + 2)));
  // The form shows the chosen round's current controls; edits are kept per division and round.
  const key = `${division?.id ?? ''}#${round}`;
  const [edits, setEdits] = useState<{ for: string; range: RoundRange } | null>(null);
  const range = edits && edits.for === key ? edits.range : rangeForRound(division, Number(round));
  const setRange = (next: RoundRange) => setEdits({ for: key, range: next });
  const [error, setError] = useState('');
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        const n = Number(round);
        const total = division?.numRounds ?? 0;
        const err = !division
          ? 'Division is missing'
          : !(Number.isInteger(n) && n >= 1 && n <= total)
            ? `The round number must be between 1 and ${total}.`
            : settingsError(range, n, total, n === 1);
        setError(err);
        if (err || !division) return;
        const ok = await run(
          () =>
            api.tournament.setSingleRoundControls({
              id: meta.id,
              division: division.id,
              roundControls: controlFor(range, n - 1, total),
            }),
          roundControlsSet(n),
        );
        if (ok) done();
      }}
    >
      <DivisionField divisions={state.divisions} value={division?.id ?? ''} onChange={setChosen} />
      <RoundField value={round} onChange={setRound} />
      {error && <Alert kind="error">{error}</Alert>}
      <RangeFields
        n={1}
        r={range}
        rounds={false}
        total={division?.numRounds ?? 0}
        change={(p) => setRange({ ...range, ...p })}
      />
      <Actions busy={busy} label="Set controls" />
    </ToolForm>
  );
}
