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
  return (
    <fieldset className="cop-fields">
      <legend>COP settings</legend>
      <div className="field-row">
        <TextField
          label="Gibson spreads"
          hint="From the last round backwards, comma separated"
          value={cop.gibsonSpreads}
          onChange={(e) => change({ gibsonSpreads: e.target.value })}
        />
        <TextField
          label="Hopefulness thresholds"
          hint="From the last round backwards, each above 0 and at most 1"
          value={cop.hopefulnessThresholds}
          onChange={(e) => change({ hopefulnessThresholds: e.target.value })}
        />
      </div>
      <div className="field-row">
        <TextField
          label="Control loss threshold"
          hint="0.01 to 1"
          value={cop.controlLossThreshold}
          onChange={(e) => change({ controlLossThreshold: e.target.value })}
        />
        <TextField
          label="Control loss activation round"
          hint={`Default: round ${Math.max(1, total - 3)}`}
          value={cop.activationRound}
          onChange={(e) => change({ activationRound: e.target.value })}
        />
        <TextField
          label="Place prizes"
          value={cop.placePrizes}
          onChange={(e) => change({ placePrizes: e.target.value })}
        />
      </div>
      <div className="field-row">
        <TextField
          label="Division simulations"
          hint="At least 1000, in steps of 1000"
          value={cop.divisionSims}
          onChange={(e) => change({ divisionSims: e.target.value })}
        />
        <TextField
          label="Control loss simulations"
          hint="At least 1000, in steps of 1000"
          value={cop.controlLossSims}
          onChange={(e) => change({ controlLossSims: e.target.value })}
        />
      </div>
    </fieldset>
  );
}
