import { RadioGroup, RangeField, SelectField, SwitchField } from '../../../ui/FormControls.tsx';
import { TextField } from '../../../ui/Field.tsx';
import {
  CORRESPONDENCE_TURN_CHOICES,
  INITIAL_TIME_CHOICES,
  RATING_RANGE_MAX,
  RATING_RANGE_MIN,
  RATING_RANGE_STEP,
  TIME_BANK_CHOICES,
} from '../constants.ts';
import { initialTimeText, timeClassLabel } from '../format.ts';
import {
  extraTimeLimit,
  type SeekFormErrors,
  type SeekFormKind,
  type SeekFormValues,
  type Visibility,
} from './model.ts';

interface Props {
  values: SeekFormValues;
  change: (patch: Partial<SeekFormValues>) => void;
}

function turnText(seconds: number): string {
  if (seconds < 86_400) return `${seconds / 3600} hours`;
  const days = seconds / 86_400;
  return days === 1 ? '1 day' : `${days} days`;
}

/** Game mode, then the real-time clock (initial time, overtime or increment) or the time per turn. */
export function TimeFields({ values, errors, change }: Props & { errors: SeekFormErrors }) {
  const realTime = values.gameMode === 'realtime';
  const extra = Number(values.extraTime);
  const cls = timeClassLabel({
    initialTimeSecs: realTime ? values.initialTimeSeconds : values.correspondenceTurnSeconds,
    incrementSecs: values.extraKind === 'increment' && Number.isFinite(extra) ? extra : 0,
    maxOvertimeMinutes: values.extraKind === 'overtime' && Number.isFinite(extra) ? extra : 0,
    correspondence: !realTime,
  });
  return (
    <>
      <RadioGroup
        legend="Game mode"
        name="gameMode"
        value={values.gameMode}
        options={[
          { value: 'realtime', label: 'Real time' },
          { value: 'correspondence', label: 'Correspondence' },
        ]}
        onChange={(gameMode) => change({ gameMode })}
      />
      {realTime ? (
        <>
          <RangeField
            label="Initial time"
            display={initialTimeText(values.initialTimeSeconds)}
            index={Math.max(0, INITIAL_TIME_CHOICES.indexOf(values.initialTimeSeconds))}
            count={INITIAL_TIME_CHOICES.length}
            onChange={(i) => change({ initialTimeSeconds: INITIAL_TIME_CHOICES[i] })}
            hint={`Time class: ${cls}`}
          />
          <div className="field-row extra-time-row">
            <RadioGroup
              legend="Extra time"
              name="extraKind"
              value={values.extraKind}
              options={[
                { value: 'overtime', label: 'Max overtime' },
                { value: 'increment', label: 'Increment' },
              ]}
              onChange={(extraKind) => {
                const limit = extraTimeLimit(extraKind);
                const n = Number(values.extraTime);
                change({ extraKind, extraTime: n > limit ? String(limit) : values.extraTime });
              }}
            />
            <TextField
              label={
                values.extraKind === 'overtime' ? 'Max overtime (minutes)' : 'Increment (seconds)'
              }
              name="extraTime"
              type="number"
              inputMode="numeric"
              min={0}
              max={extraTimeLimit(values.extraKind)}
              step={1}
              value={values.extraTime}
              error={errors.extraTime}
              hint={
                values.extraKind === 'overtime'
                  ? '10 points off per started minute of overtime.'
                  : 'Added to your clock after each move.'
              }
              onChange={(e) => change({ extraTime: e.target.value })}
            />
          </div>
        </>
      ) : (
        <div className="field-row">
          <SelectField
            label="Time per turn"
            value={values.correspondenceTurnSeconds}
            onChange={(e) => change({ correspondenceTurnSeconds: Number(e.target.value) })}
          >
            {CORRESPONDENCE_TURN_CHOICES.map((s) => (
              <option key={s} value={s}>
                {turnText(s)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Time bank"
            value={values.timeBankMinutes}
            error={errors.timeBankMinutes}
            hint="Extra time each player can draw on once a turn's time is up."
            onChange={(e) => change({ timeBankMinutes: Number(e.target.value) })}
          >
            {TIME_BANK_CHOICES.map((m) => (
              <option key={m} value={m}>
                {m === 0 ? 'None' : turnText(m * 60)}
              </option>
            ))}
          </SelectField>
        </div>
      )}
    </>
  );
}

const RANGE_STEPS = (RATING_RANGE_MAX - RATING_RANGE_MIN) / RATING_RANGE_STEP + 1;

/** Rated or casual; for an open seek also the rating range and who may see it. */
export function RatingFields({ kind, values, change }: Props & { kind: SeekFormKind }) {
  return (
    <>
      <SwitchField
        label="Rated"
        checked={values.rated}
        onChange={(rated) => change({ rated })}
        hint={
          values.rated
            ? 'The result changes both ratings.'
            : 'A casual game: ratings stay as they are.'
        }
      />
      {kind === 'seek' && (
        <>
          <RangeField
            label="Rating range"
            display={`± ${values.ratingRange}`}
            index={(values.ratingRange - RATING_RANGE_MIN) / RATING_RANGE_STEP}
            count={RANGE_STEPS}
            onChange={(i) => change({ ratingRange: RATING_RANGE_MIN + i * RATING_RANGE_STEP })}
            hint="Only players rated this close to you see your game."
          />
          <RadioGroup<Visibility>
            legend="Visibility"
            name="visibility"
            value={values.visibility}
            options={[
              { value: 'all', label: 'Everyone' },
              { value: 'established', label: 'Established ratings' },
              { value: 'followed', label: 'Players I follow' },
            ]}
            onChange={(visibility) => change({ visibility })}
          />
        </>
      )}
    </>
  );
}
