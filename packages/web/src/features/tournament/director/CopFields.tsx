import { TextField } from '../../../ui/Field.tsx';
import type { CopSettings } from './cop-controls.ts';

/**
 * COP's advanced settings in the round controls dialogs (§5 "Round
 * controls", §9 "COP defaults"): gibson spreads and hopefulness thresholds
 * per round from the last backwards, the control-loss threshold, the
 * simulation counts, the places that win prizes and the round control loss
 * is first checked after (empty: the default).
 */
export function CopFields({
  cop,
  change,
  total,
}: {
  cop: CopSettings;
  change: (patch: Partial<CopSettings>) => void;
  /** The division's rounds, for the activation round's default. */
  total: number;
}) {
  const sims = 'At least 1000, in steps of 1000';
  const rows: [keyof CopSettings, string, string?][][] = [
    [
      ['gibsonSpreads', 'Gibson spreads', 'From the last round backwards, comma separated'],
      [
        'hopefulnessThresholds',
        'Hopefulness thresholds',
        'From the last round backwards, each above 0 and at most 1',
      ],
    ],
    [
      ['controlLossThreshold', 'Control loss threshold', '0.01 to 1'],
      [
        'activationRound',
        'Control loss activation round',
        `Default: round ${Math.max(1, total - 3)}`,
      ],
      ['placePrizes', 'Place prizes'],
    ],
    [
      ['divisionSims', 'Division simulations', sims],
      ['controlLossSims', 'Control loss simulations', sims],
    ],
  ];
  return (
    <fieldset className="cop-fields">
      <legend>COP settings</legend>
      {rows.map((row) => (
        <div className="field-row" key={row[0][0]}>
          {row.map(([key, label, hint]) => (
            <TextField
              key={key}
              label={label}
              hint={hint}
              value={cop[key]}
              onChange={(e) => change({ [key]: e.target.value })}
            />
          ))}
        </div>
      ))}
    </fieldset>
  );
}
