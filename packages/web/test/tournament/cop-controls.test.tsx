import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PairingMethod } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { MESSAGES as COP_MESSAGES } from '@tessera/pairing';
import { COP_DEFAULTS } from '../../src/features/tournament/director/cop-controls.ts';
import {
  expandRanges,
  newRange,
  rangesError,
} from '../../src/features/tournament/director/round-controls.ts';
import { connect } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { springDivision, tournamentServer } from './harness.ts';

/**
 * COP's advanced round controls (docs/product/tournaments.md §5 "Round
 * controls", §9 "COP defaults"): checked with §5's messages and sent in
 * SetRoundControls under the proto's names.
 */

const swiss = { ...newRange(1, 4), method: PairingMethod.SWISS };
const cop = (patch: Partial<typeof COP_DEFAULTS>) => ({
  ...newRange(5, 6),
  method: PairingMethod.COP,
  cop: { ...COP_DEFAULTS, ...patch },
});

describe('COP settings', () => {
  it('are refused with the messages of §5', () => {
    const check = (patch: Partial<typeof COP_DEFAULTS>) => rangesError([swiss, cop(patch)]);
    expect(check({})).toBe('');
    expect(check({ controlLossThreshold: '0' })).toBe(COP_MESSAGES.controlLoss);
    expect(check({ controlLossThreshold: '1.5' })).toBe(COP_MESSAGES.controlLoss);
    expect(check({ divisionSims: '1500' })).toBe(COP_MESSAGES.sims);
    expect(check({ divisionSims: '0' })).toBe(COP_MESSAGES.sims);
    expect(check({ controlLossSims: '999' })).toBe(COP_MESSAGES.sims);
    expect(check({ placePrizes: '0' })).toBe(COP_MESSAGES.placePrizes);
    expect(check({ gibsonSpreads: '0, 0' })).toBe(COP_MESSAGES.gibsonSpreads);
    expect(check({ gibsonSpreads: '-5' })).toBe(COP_MESSAGES.gibsonSpreads);
    expect(check({ hopefulnessThresholds: '0.1, 0' })).toBe(COP_MESSAGES.hopefulness);
    expect(check({ activationRound: '7' })).toBe(COP_MESSAGES.activationRound(6));
    expect(COP_MESSAGES.activationRound(6)).toBe(
      'Control loss activation round must be between 1 and 6',
    );
  });

  it('are sent as the proto names them, the activation round 0-based; defaults otherwise', () => {
    const sent = expandRanges([
      swiss,
      cop({
        gibsonSpreads: '300, 150',
        hopefulnessThresholds: '0.2 0.05',
        controlLossThreshold: '0.5',
        divisionSims: '20000',
        controlLossSims: '3000',
        placePrizes: '2',
        activationRound: '4',
      }),
    ]);
    expect(sent[4]).toMatchObject({
      round: 4,
      pairingMethod: PairingMethod.COP,
      gibsonSpreads: [300, 150],
      hopefulnessThresholds: [0.2, 0.05],
      controlLossThreshold: 0.5,
      divisionSims: 20_000,
      controlLossSims: 3000,
      placePrizes: 2,
      controlLossActivationRound: 3,
    });
    // An empty activation round is §9's default: total minus 3 (at least 1), minus 1.
    expect(expandRanges([swiss, cop({})])[5]).toMatchObject({
      gibsonSpreads: [250, 200],
      divisionSims: 100_000,
      controlLossActivationRound: 2,
    });
  });

  it('are entered in the Set round controls dialog', async () => {
    const server = tournamentServer({
      loggedInAs: 'dora',
      directors: ['u1:dora'],
      full: { divisions: { Open: springDivision() }, started: true },
    });
    renderApp('/tournament/spring', { transport: server.transport });
    await connect({ userId: 'u1', username: 'dora' });
    await userEvent.click(
      await screen.findByRole('tab', { name: 'Director Tools' }, { timeout: 10_000 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Set round controls' }));
    const dialog = screen.getByRole('dialog', { name: 'Set round controls' });
    await userEvent.clear(within(dialog).getByLabelText('End round 1'));
    await userEvent.type(within(dialog).getByLabelText('End round 1'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rounds' }));
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Pairing method 2'),
      String(PairingMethod.COP),
    );
    const field = (label: string) => within(dialog).getByLabelText(label);
    await userEvent.clear(field('Division simulations'));
    await userEvent.type(field('Division simulations'), '2500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set round controls' }));
    expect(within(dialog).getByText(COP_MESSAGES.sims)).toBeDefined();

    await userEvent.clear(field('Division simulations'));
    await userEvent.type(field('Division simulations'), '2000');
    await userEvent.clear(field('Place prizes'));
    await userEvent.type(field('Place prizes'), '2');
    await userEvent.clear(field('Gibson spreads'));
    await userEvent.type(field('Gibson spreads'), '300');
    await userEvent.type(field('Control loss activation round'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set round controls' }));
    expect(await screen.findByText('Controls set')).toBeDefined();
    const sent = server.calls.find((c) => c.method === 'setRoundControls')?.arg as {
      roundControls: Record<string, unknown>[];
    };
    expect(sent.roundControls[2]).toMatchObject({
      round: 2,
      pairingMethod: PairingMethod.COP,
      divisionSims: 2000,
      placePrizes: 2,
      gibsonSpreads: [300],
      controlLossActivationRound: 1,
    });
  });
});
