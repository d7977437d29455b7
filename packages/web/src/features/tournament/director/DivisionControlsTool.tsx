import { TournamentGameResult } from '@tessera/protocol';
import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { RadioGroup, RangeField, SelectField, SwitchField } from '../../../ui/FormControls.tsx';
import {
  INITIAL_TIME_CHOICES,
  ChallengeRuleField,
  VariantField,
  initialTimeText,
} from '../../lobby/index.ts';
import { useLexicons } from '../../../rpc/use-lexicons.ts';
import { SUCCESS } from '../messages.ts';
import { stateKey } from '../queries.ts';
import { useAction } from '../use-action.ts';
import {
  controlsValues,
  SUSPENDED_SPREAD,
  toControls,
  validateControls,
  type ControlsErrors,
  type ControlsValues,
} from './division-controls.ts';
import { Actions, DivisionField, pick, ToolForm } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';

const SUSPENDED = [
  { value: TournamentGameResult.NO_RESULT, label: 'Please select an option' },
  { value: TournamentGameResult.FORFEIT_LOSS, label: 'Forfeit loss (-50)' },
  { value: TournamentGameResult.BYE, label: 'Bye (+50)' },
  { value: TournamentGameResult.VOID, label: 'Void' },
];

/** Set tournament controls: one division's game settings and scoring rules. */
export function DivisionControlsTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const lexicons = useLexicons();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [chosen, setChosen] = useState('');
  const division = pick(state.divisions, chosen);
  const [edits, setEdits] = useState<{ for: string; values: ControlsValues } | null>(null);
  const values =
    edits && edits.for === division?.id
      ? edits.values
      : controlsValues(division?.controls, lexicons.defaultLexicon);
  const [errors, setErrors] = useState<ControlsErrors>({});
  const change = (patch: Partial<ControlsValues>) =>
    setEdits({ for: division?.id ?? '', values: { ...values, ...patch } });
  const timeIndex = Math.max(0, INITIAL_TIME_CHOICES.indexOf(values.initialTimeSeconds));

  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        const found = validateControls(values);
        setErrors(found);
        if (Object.keys(found).length || !division) return;
        const ok = await run(
          () => api.tournament.setDivisionControls(toControls(meta.id, division.id, values)),
          SUCCESS.controlsSet,
        );
        if (ok) done();
      }}
    >
      <DivisionField divisions={state.divisions} value={division?.id ?? ''} onChange={setChosen} />
      <div className="field-row">
        <SelectField
          label="Dictionary"
          value={values.lexicon}
          error={errors.lexicon}
          onChange={(e) => change({ lexicon: e.target.value })}
        >
          {!values.lexicon && <option value="">Choose a dictionary</option>}
          {lexicons.lexicons.map((l) => (
            <option key={l.name}>{l.name}</option>
          ))}
        </SelectField>
        <VariantField value={values.variant} onChange={(variant) => change({ variant })} />
        <ChallengeRuleField
          value={values.challengeRule}
          onChange={(challengeRule) => change({ challengeRule })}
        />
      </div>
      <RangeField
        label="Initial time"
        display={initialTimeText(values.initialTimeSeconds)}
        index={timeIndex}
        count={INITIAL_TIME_CHOICES.length}
        onChange={(i) => change({ initialTimeSeconds: INITIAL_TIME_CHOICES[i] })}
      />
      <div className="field-row">
        <RadioGroup
          legend="Extra time"
          name="extra-kind"
          value={values.extraKind}
          options={[
            { value: 'overtime', label: 'Max overtime (minutes)' },
            { value: 'increment', label: 'Increment (seconds)' },
          ]}
          onChange={(extraKind) => change({ extraKind })}
          hint={values.extraKind === 'overtime' ? '10 points lost per extra minute' : undefined}
        />
        <TextField
          label={values.extraKind === 'overtime' ? 'Overtime minutes' : 'Increment seconds'}
          inputMode="numeric"
          value={values.extra}
          error={errors.extra}
          onChange={(e) => change({ extra: e.target.value })}
        />
      </div>
      <SwitchField label="Rated" checked={values.rated} onChange={(rated) => change({ rated })} />
      <div className="field-row">
        <SelectField
          label="Suspended game result"
          value={values.suspendedResult}
          error={errors.suspendedResult}
          onChange={(e) => {
            const r = Number(e.target.value) as TournamentGameResult;
            const spread = SUSPENDED_SPREAD[r];
            change({
              suspendedResult: r,
              ...(spread !== undefined && { suspendedSpread: String(spread) }),
            });
          }}
        >
          {SUSPENDED.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Suspended spread"
          value={values.suspendedSpread}
          error={errors.suspendedSpread}
          onChange={(e) => change({ suspendedSpread: e.target.value })}
        />
        <TextField
          label="Spread cap"
          hint="0 means no cap"
          value={values.spreadCap}
          error={errors.spreadCap}
          onChange={(e) => change({ spreadCap: e.target.value })}
        />
      </div>
      <SwitchField
        label="Start games automatically"
        checked={values.autoStart}
        onChange={(autoStart) => change({ autoStart })}
      />
      <SwitchField
        label="Gibsonize"
        checked={values.gibsonize}
        onChange={(gibsonize) => change({ gibsonize })}
      />
      <div className="field-row">
        <TextField
          label="Gibson spread"
          value={values.gibsonSpread}
          error={errors.gibsonSpread}
          onChange={(e) => change({ gibsonSpread: e.target.value })}
        />
        <TextField
          label="Min Gibson placement"
          value={values.minimumPlacement}
          error={errors.minimumPlacement}
          onChange={(e) => change({ minimumPlacement: e.target.value })}
        />
        <TextField
          label="Max bye placement"
          value={values.maximumByePlacement}
          error={errors.maximumByePlacement}
          onChange={(e) => change({ maximumByePlacement: e.target.value })}
        />
      </div>
      <Actions busy={busy} label="Set controls" />
    </ToolForm>
  );
}
