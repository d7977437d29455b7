import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirstMethod, PairingMethod } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { connect } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { springDivision, TID, tournamentServer } from './harness.ts';

/**
 * The round controls dialogs start from the division's current controls, so
 * a director who changes one field does not silently reset the others.
 */

const swiss = {
  pairingMethod: PairingMethod.SWISS,
  firstMethod: FirstMethod.RANDOM_FIRST,
  gamesPerRound: 1,
  factor: 0,
  initialFontes: 0,
  maxRepeats: 2,
  allowOverMaxRepeats: false,
  repeatRelativeWeight: 7,
  winDifferenceRelativeWeight: 3,
  spreadCapOverride: 150,
};
const cop = {
  ...swiss,
  pairingMethod: PairingMethod.COP,
  firstMethod: FirstMethod.AUTOMATIC_FIRST,
  gibsonSpreads: [300, 150],
  hopefulnessThresholds: [0.2, 0.05],
  controlLossThreshold: 0.5,
  divisionSims: 20_000,
  controlLossSims: 3000,
  placePrizes: 2,
  // Round 2 (1-based); the default for six rounds would be round 3.
  controlLossActivationRound: 1,
};
/** Six rounds: Swiss for 1–4, COP for 5–6, none of it the form's defaults. */
const CONTROLS = [swiss, swiss, swiss, swiss, cop, cop].map((c, round) => ({ ...c, round }));

async function openTool(label: string) {
  const server = tournamentServer({
    loggedInAs: 'dora',
    directors: ['u1:dora'],
    full: {
      divisions: { Open: { ...springDivision(), numRounds: 6, roundControls: CONTROLS } },
      started: true,
    },
  });
  renderApp('/tournament/spring', { transport: server.transport });
  await connect({ userId: 'u1', username: 'dora' });
  await userEvent.click(
    await screen.findByRole('tab', { name: 'Director Tools' }, { timeout: 10_000 }),
  );
  await userEvent.click(screen.getByRole('button', { name: label }));
  return { server, dialog: screen.getByRole('dialog', { name: label }) };
}

async function retype(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.type(field, value);
}

describe('the round controls dialogs', () => {
  it('Set round controls keeps every setting the director did not change', async () => {
    const { server, dialog } = await openTool('Set round controls');
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect([field('Begin round 1').value, field('End round 1').value]).toEqual(['1', '4']);
    expect([field('Begin round 2').value, field('End round 2').value]).toEqual(['5', '6']);
    expect(field('Pairing method 2').value).toBe(String(PairingMethod.COP));

    await retype(within(dialog).getAllByLabelText('Max repeats')[0], '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set round controls' }));
    expect(await screen.findByText('Controls set')).toBeDefined();
    const sent = server.calls.find((c) => c.method === 'setRoundControls')?.arg as {
      id: string;
      division: string;
      roundControls: unknown[];
    };
    expect(sent).toMatchObject({ id: TID, division: 'Open' });
    expect(sent.roundControls).toHaveLength(6);
    CONTROLS.forEach((c, i) =>
      expect(sent.roundControls[i]).toMatchObject(
        c.pairingMethod === PairingMethod.SWISS ? { ...c, maxRepeats: 3 } : c,
      ),
    );
  });

  it('Set single round controls shows the chosen round and keeps what was not changed', async () => {
    const { server, dialog } = await openTool('Set single round controls');
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    // Round 2 (the next one) is Swiss with the division's weights.
    expect(field('Round').value).toBe('2');
    expect(field('Pairing method 1').value).toBe(String(PairingMethod.SWISS));
    expect(field('Repeat relative weight').value).toBe('7');

    await retype(field('Round'), '5');
    expect(field('Pairing method 1').value).toBe(String(PairingMethod.COP));
    expect(field('Gibson spreads').value).toBe('300, 150');
    await retype(field('Place prizes'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set controls' }));
    expect(await screen.findByText('Controls set for round 5')).toBeDefined();
    const sent = server.calls.find((c) => c.method === 'setSingleRoundControls')?.arg as {
      roundControls: unknown;
    };
    expect(sent).toMatchObject({ id: TID, division: 'Open' });
    expect(sent.roundControls).toMatchObject({ ...CONTROLS[4], placePrizes: 3 });
  });
});
