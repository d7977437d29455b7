import {
  ChallengeRule,
  GameMode,
  RatingMode,
  refusalText,
  TournamentGameResult,
  type DivisionControls,
} from '@tessera/protocol';
import type { ProblemKey } from '@tessera/pairing';
import { divisionControlsRefusals } from '@tessera/tournament';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { DivisionControlsSchema } from '@tessera/protocol';

/**
 * The Set tournament controls form (docs/product/tournaments.md §5
 * "Division controls", §9 defaults): game settings, the suspended result,
 * spread cap and Gibson settings. Placements are shown 1-based and sent
 * minus one.
 */
export interface ControlsValues {
  lexicon: string;
  variant: string;
  challengeRule: ChallengeRule;
  initialTimeSeconds: number;
  extraKind: 'overtime' | 'increment';
  extra: string;
  rated: boolean;
  suspendedResult: TournamentGameResult;
  suspendedSpread: string;
  autoStart: boolean;
  spreadCap: string;
  gibsonize: boolean;
  gibsonSpread: string;
  minimumPlacement: string;
  maximumByePlacement: string;
}

export const MAX_OVERTIME = 10;
export const MAX_INCREMENT = 60;
export const DEFAULT_GIBSON_SPREAD = 500;
export const SUSPENDED_SPREAD: Partial<Record<TournamentGameResult, number>> = {
  [TournamentGameResult.BYE]: 50,
  [TournamentGameResult.FORFEIT_LOSS]: -50,
};

export function controlsValues(c: DivisionControls | undefined, lexicon: string): ControlsValues {
  const g = c?.gameRequest;
  return {
    lexicon: g?.lexicon || lexicon,
    variant: g?.rules?.variantName || 'classic',
    challengeRule: g?.challengeRule ?? ChallengeRule.DOUBLE,
    initialTimeSeconds: g?.initialTimeSeconds || 20 * 60,
    extraKind: g?.incrementSeconds ? 'increment' : 'overtime',
    extra: String(g ? g.incrementSeconds || g.maxOvertimeMinutes : 1),
    rated: g ? g.ratingMode === RatingMode.RATED : true,
    // The default suspended result is a forfeit loss (§9).
    suspendedResult: c ? c.suspendedResult : TournamentGameResult.FORFEIT_LOSS,
    suspendedSpread: String(c ? c.suspendedSpread : -50),
    autoStart: c?.autoStart ?? false,
    spreadCap: String(c?.spreadCap ?? 0),
    gibsonize: c?.gibsonize ?? false,
    gibsonSpread: String(c ? c.gibsonSpread || DEFAULT_GIBSON_SPREAD : DEFAULT_GIBSON_SPREAD),
    minimumPlacement: String((c?.minimumPlacement ?? 0) + 1),
    maximumByePlacement: String((c?.maximumByePlacement ?? 0) + 1),
  };
}

export type ControlsErrors = Partial<Record<keyof ControlsValues, string>>;
export const REQUIRED = 'This field is required.';

const int = (s: string) => (/^-?\d+$/.test(s.trim()) ? Number(s.trim()) : NaN);

/** The form field each problem of the division controls is about. */
const FIELD_OF: Partial<Record<ProblemKey, keyof ControlsValues>> = {
  spreadCap: 'spreadCap',
  gibsonSpread: 'gibsonSpread',
  minPlacement: 'minimumPlacement',
  maxByePlacement: 'maximumByePlacement',
};

export function validateControls(v: ControlsValues): ControlsErrors {
  const e: ControlsErrors = {};
  if (!v.lexicon) e.lexicon = REQUIRED;
  if (v.suspendedResult === TournamentGameResult.NO_RESULT) e.suspendedResult = REQUIRED;
  const extra = int(v.extra);
  const max = v.extraKind === 'overtime' ? MAX_OVERTIME : MAX_INCREMENT;
  if (!(extra >= 0 && extra <= max))
    e.extra =
      v.extraKind === 'overtime'
        ? `Overtime is 0 to ${MAX_OVERTIME} minutes.`
        : `The increment is 0 to ${MAX_INCREMENT} seconds.`;
  // The spread cap, Gibson spread and placements: the server's check and words (§5).
  const checked = {
    spreadCap: int(v.spreadCap),
    gibsonSpread: int(v.gibsonSpread),
    minimumPlacement: int(v.minimumPlacement) - 1,
    maximumByePlacement: int(v.maximumByePlacement) - 1,
  };
  for (const { problem, refusal } of divisionControlsRefusals(checked)) {
    const field = FIELD_OF[problem.key];
    if (field) e[field] = refusalText(refusal);
  }
  if (Number.isNaN(int(v.suspendedSpread))) e.suspendedSpread = REQUIRED;
  return e;
}

export function toControls(
  id: string,
  division: string,
  v: ControlsValues,
): MessageInitShape<typeof DivisionControlsSchema> {
  const extra = int(v.extra);
  return {
    id,
    division,
    gameRequest: {
      lexicon: v.lexicon,
      rules: { variantName: v.variant, boardLayoutName: 'CrosswordGame' },
      initialTimeSeconds: v.initialTimeSeconds,
      maxOvertimeMinutes: v.extraKind === 'overtime' ? extra : 0,
      incrementSeconds: v.extraKind === 'increment' ? extra : 0,
      challengeRule: v.challengeRule,
      gameMode: GameMode.REAL_TIME,
      ratingMode: v.rated ? RatingMode.RATED : RatingMode.CASUAL,
    },
    suspendedResult: v.suspendedResult,
    suspendedSpread: int(v.suspendedSpread),
    autoStart: v.autoStart,
    spreadCap: int(v.spreadCap),
    gibsonize: v.gibsonize,
    gibsonSpread: int(v.gibsonSpread),
    minimumPlacement: int(v.minimumPlacement) - 1,
    maximumByePlacement: int(v.maximumByePlacement) - 1,
  };
}
