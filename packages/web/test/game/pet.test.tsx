import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { engineGame, historyOf, renderRoom } from './fixtures.tsx';

/** The Pet easter egg (docs/product/gameplay.md §2): a bot wearing a pet avatar can be petted. */
describe('the Pet easter egg', () => {
  beforeEach(() => localStorage.clear());

  async function showGameAgainst(nickname: string, isBot: boolean) {
    const room = await renderRoom();
    const history = historyOf(engineGame({ rack: 'CATSXYZ' }), 0);
    history.players[1].nickname = nickname;
    history.players[1].isBot = isBot;
    room.deliverHistory(history);
    await screen.findByRole('list', { name: 'Your rack' });
    return room;
  }

  it("offers Pet on BeginnerBot's puppy avatar: it woofs and wags its tail", async () => {
    const user = userEvent.setup();
    const room = await showGameAgainst('BeginnerBot', true);
    const played = vi.spyOn(room.services.sounds, 'play');
    await user.click(screen.getByRole('button', { name: "BeginnerBot's avatar, a puppy" }));
    await user.click(screen.getByRole('menuitem', { name: 'Pet' }));
    expect(played).toHaveBeenCalledWith('woof');
    await screen.findByText(/BeginnerBot wags its tail\./);
  });

  it('gives BasicBot a kitten that meows, and no pet to a person or another bot', async () => {
    const user = userEvent.setup();
    const room = await showGameAgainst('BasicBot', true);
    const played = vi.spyOn(room.services.sounds, 'play');
    await user.click(screen.getByRole('button', { name: "BasicBot's avatar, a kitten" }));
    await user.click(screen.getByRole('menuitem', { name: 'Pet' }));
    expect(played).toHaveBeenCalledWith('meow');
    room.unmount();

    await showGameAgainst('HastyBot', true);
    expect(screen.queryByRole('button', { name: /avatar/ })).toBeNull();
  });
});
