import { PairingMethod, TournamentGameResult, TournamentType } from '@tessera/protocol';
import { create } from '@bufbuild/protobuf';
import { TournamentListItemSchema } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { slugFromUrl, validateForm, EMPTY_FORM } from '../../src/features/admin/tournament-form.ts';
import { clubsOf, upcomingOf, whenText } from '../../src/features/events/event-list.ts';
import {
  controlsValues,
  toControls,
  validateControls,
} from '../../src/features/tournament/director/division-controls.ts';
import { ADD_SOME_PLAYERS, checkRows } from '../../src/features/tournament/director/player-rows.ts';
import {
  expandRanges,
  newRange,
  rangesError,
} from '../../src/features/tournament/director/round-controls.ts';
import { singlePairingErrors } from '../../src/features/tournament/director/PairingTools.tsx';
import { divisionNameError } from '../../src/features/tournament/director/DivisionTools.tsx';

describe('director forms', () => {
  it('add players: trims, skips blank rows, needs names and ratings, counts a bad rating as 0', () => {
    expect(checkRows([{ username: ' ', rating: '' }], true)).toEqual({
      ok: false,
      errors: [ADD_SOME_PLAYERS],
    });
    expect(checkRows([{ username: '', rating: '1500' }], true)).toEqual({
      ok: false,
      errors: ['Row 1: Missing username'],
    });
    expect(checkRows([{ username: 'ann', rating: '' }], true)).toEqual({
      ok: false,
      errors: ['Row 1: Missing rating'],
    });
    expect(
      checkRows(
        [
          { username: ' ann ', rating: 'x' },
          { username: '', rating: '' },
          { username: 'bob', rating: '1400' },
        ],
        true,
      ),
    ).toEqual({
      ok: true,
      persons: [
        { id: 'ann', rating: 0 },
        { id: 'bob', rating: 1400 },
      ],
    });
  });

  it('division names are 1 to 24 characters', () => {
    expect(divisionNameError('  ')).toBe('Please input division name');
    expect(divisionNameError('x'.repeat(25))).toBeDefined();
    expect(divisionNameError('Open')).toBeUndefined();
  });

  it('round controls: consecutive ranges, factor above 0, COP only in the second half', () => {
    expect(rangesError([])).toBe('Round controls are missing');
    expect(rangesError([newRange(2, 3)])).toBe(
      'Round numbers must be consecutive; you cannot skip rounds.',
    );
    expect(rangesError([newRange(1, 3), newRange(3, 4)])).toBe(
      'Round numbers must be consecutive and increasing',
    );
    expect(rangesError([newRange(3, 1)])).toBe('End round must not be smaller than begin round');
    const factor = { ...newRange(1, 2), method: PairingMethod.FACTOR, factor: '0' };
    expect(rangesError([factor])).toMatch(/^Factor 0 is equivalent to just Swiss/);
    const cop = { ...newRange(3, 6), method: PairingMethod.COP };
    expect(rangesError([newRange(1, 2), cop])).toBe(
      'COP can only be used for the second half of the tournament (round 4 and later)',
    );
    expect(rangesError([newRange(1, 3), { ...newRange(4, 6), method: PairingMethod.COP }])).toBe(
      '',
    );
    // Expanded: one control per round, 0-based.
    expect(expandRanges([newRange(1, 2), newRange(3, 3)]).map((c) => c.round)).toEqual([0, 1, 2]);
  });

  it('division controls: placements shown 1-based and sent minus one; a suspended result must be chosen', () => {
    const v = controlsValues(undefined, 'SCOWL-EN');
    expect(v.suspendedResult).toBe(TournamentGameResult.FORFEIT_LOSS);
    expect(v.gibsonSpread).toBe('500');
    expect(validateControls(v)).toEqual({});
    expect(
      validateControls({
        ...v,
        minimumPlacement: '0',
        maximumByePlacement: '0',
        suspendedResult: TournamentGameResult.NO_RESULT,
      }),
    ).toEqual({
      minimumPlacement: 'Min Gibson Placement cannot be less than 1',
      maximumByePlacement: 'Max Bye Placement cannot be less than 1',
      suspendedResult: 'This field is required.',
    });
    expect(validateControls({ ...v, extra: '11' }).extra).toBeDefined();
    const sent = toControls('t', 'Open', { ...v, minimumPlacement: '3' });
    expect(sent.minimumPlacement).toBe(2);
    expect(sent.maximumByePlacement).toBe(0);
  });

  it('single pairing: both players, or a result for a player alone', () => {
    const base = {
      round: '1',
      numRounds: 3,
      p1: 'a:ann',
      p2: '',
      noOpponent: false,
      selfResult: TournamentGameResult.NO_RESULT,
      played: () => false,
    };
    expect(singlePairingErrors(base)).toEqual(['Player 2 is required.']);
    expect(singlePairingErrors({ ...base, noOpponent: true })).toEqual([
      'Desired result for Player 1 is required.',
    ]);
    expect(singlePairingErrors({ ...base, p1: '', round: '4' })).toEqual([
      'The round number must be between 1 and 3.',
      'Player 1 is required.',
      'Player 2 is required.',
    ]);
    expect(singlePairingErrors({ ...base, p2: 'b:bob', played: () => true })).toEqual([
      'The selected players already played in this round; turn on Amendment to replace their game.',
    ]);
  });
});

describe('lists and the admin editor', () => {
  const item = (name: string, type: TournamentType, start: number, extra = {}) =>
    create(TournamentListItemSchema, {
      id: name,
      slug: `/${type === TournamentType.CLUB ? 'club' : 'tournament'}/${name}`,
      name,
      type,
      scheduledStartTime: { seconds: BigInt(start), nanos: 0 },
      ...extra,
    });

  it('splits clubs from upcoming tournaments, soonest first, finished ones left out', () => {
    const items = [
      item('later', TournamentType.STANDARD, 2_000),
      item('madison', TournamentType.CLUB, 0),
      item('sooner', TournamentType.STANDARD, 1_000),
      item('over', TournamentType.STANDARD, 500, { finished: true }),
      item('clubhouse', TournamentType.LEGACY, 0, { slug: '/tournament/clubhouse' }),
    ];
    expect(upcomingOf(items, 0).map((e) => e.name)).toEqual(['sooner', 'later']);
    // A legacy clubhouse is a club (free-form), listed with the clubs under its own address.
    expect(clubsOf(items).map((e) => [e.name, e.path])).toEqual([
      ['clubhouse', '/tournament/clubhouse'],
      ['madison', '/club/madison'],
    ]);
  });

  it('gives times in the viewer’s time zone', () => {
    const at = Date.UTC(2026, 10, 28, 18, 30);
    expect(whenText(at, 'America/New_York')).toMatch(/Sat.*(01:30\sPM|13:30)/);
    expect(whenText(at, 'Asia/Tokyo')).toMatch(/Sun.*03:30/);
    expect(whenText(0, 'UTC')).toBe('');
  });

  it('finds a tournament by a pasted URL and needs a name, an address and a director', () => {
    expect(slugFromUrl('https://tessera.example/tournament/spring-open/standings')).toBe(
      '/tournament/spring-open',
    );
    expect(slugFromUrl('/club/madison')).toBe('/club/madison');
    expect(slugFromUrl('https://tessera.example/game/abc')).toBe('');
    expect(validateForm(EMPTY_FORM, true)).toEqual({
      name: 'You must enter a name for the tournament.',
      slug: 'The address must be /tournament/<name> or /club/<name>.',
      directors: 'Username is required.',
    });
    expect(validateForm({ ...EMPTY_FORM, name: 'Spring', directors: 'dora' }, true)).toEqual({});
  });
});
