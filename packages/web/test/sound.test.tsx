import { act, screen } from '@testing-library/react';
import {
  ChatMessage_EntityType,
  ChatMessageSchema,
  encodeSocketMessage,
  eventToWire,
  MessageType,
  playStates,
  SeekRequestSchema,
  ServerChallengeResultEventSchema,
  ServerGameplayEventSchema,
} from '@tessera/protocol';
import { pass, play } from '@tessera/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPreferences } from '../src/preferences/preferences.ts';
import { SOUNDS, type SoundName } from '../src/sound/recipes.ts';
import { SoundPlayer, type AudioContextLike } from '../src/sound/sound-player.ts';
import { FakeSocket } from './fakes.ts';
import { engineGame, historyOf, renderRoom } from './game/fixtures.tsx';
import { communityServer, connect, push, seek } from './lobby/harness.ts';
import { renderApp } from './render-app.tsx';

/** An audio context that records the tones started on it. */
function fakeAudio() {
  const tones: { hz: number; wave: string }[] = [];
  const param = () => ({
    setValueAtTime: vi.fn(),
    exponentialRampToValueAtTime: vi.fn(),
  });
  const ctx = {
    currentTime: 0,
    destination: {},
    state: 'running',
    resume: async () => undefined,
    createGain: () => ({ gain: param(), connect: vi.fn() }),
    createOscillator: () => {
      const osc = {
        type: 'sine',
        frequency: {
          ...param(),
          setValueAtTime: (hz: number) => tones.push({ hz, wave: osc.type }),
        },
        connect: vi.fn(),
        start: vi.fn(),
        stop: vi.fn(),
      };
      return osc;
    },
  } as unknown as AudioContextLike;
  return { ctx, tones };
}

describe('sounds', () => {
  beforeEach(() => {
    localStorage.clear();
    setPreferences({ silentSite: false });
  });
  afterEach(() => vi.restoreAllMocks());

  it('synthesises every sound of the spec, and makes no audio context before the first one', () => {
    const { ctx, tones } = fakeAudio();
    const create = vi.fn(() => ctx);
    const player = new SoundPlayer(() => false, create);
    expect(create).not.toHaveBeenCalled();
    for (const name of Object.keys(SOUNDS) as SoundName[]) {
      const before = tones.length;
      player.play(name);
      expect(tones.length - before, name).toBe(SOUNDS[name].length);
    }
    expect(create).toHaveBeenCalledTimes(1);
    expect(Object.keys(SOUNDS)).toEqual(
      expect.arrayContaining([
        'makeMove',
        'opponentMove',
        'matchRequest',
        'startGame',
        'endGame',
        'receiveChat',
        'newTournamentRound',
        'abortNudge',
        'puzzleStart',
        'correct',
        'wrong',
      ]),
    );
  });

  it('stays silent under the silent site setting', () => {
    const { ctx, tones } = fakeAudio();
    let silent = true;
    const player = new SoundPlayer(
      () => silent,
      () => ctx,
    );
    player.play('startGame');
    expect(tones).toHaveLength(0);
    silent = false;
    player.play('startGame');
    expect(tones.length).toBeGreaterThan(0);
  });

  it('throws on an unknown sound and only warns when playing fails', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const player = new SoundPlayer(
      () => false,
      () => {
        throw new Error('no audio device');
      },
    );
    expect(() => player.play('trumpet')).toThrow('unsupported sound');
    expect(() => player.play('makeMove')).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('plays a private message and a match request, not a line in the lobby, and nothing when silent', async () => {
    const server = communityServer({ loggedInAs: 'erin' });
    const { services } = renderApp('/', { transport: server.transport });
    await screen.findByRole('button', { name: 'erin' });
    FakeSocket.made = FakeSocket.made.slice(-1);
    const socket = await connect({ userId: 'u1', username: 'erin' });
    const played = vi.spyOn(services.sounds, 'play');
    const chat = (channel: string) =>
      push(socket, MessageType.CHAT_MESSAGE, ChatMessageSchema, {
        id: `${channel}-${Math.random()}`,
        channel,
        sender: 'fred',
        senderId: 'u-fred',
        message: 'hi',
        entityType: ChatMessage_EntityType.USER_CHAT,
        timestamp: BigInt(Date.now()),
      });
    chat('chat.lobby');
    expect(played).not.toHaveBeenCalled();
    chat('chat.pm.u-fred_u1');
    expect(played).toHaveBeenLastCalledWith('receiveChat');
    push(
      socket,
      MessageType.SEEK_REQUEST,
      SeekRequestSchema,
      seek('m1', { userId: 'u-fred', name: 'fred' }, { receiver: { userId: 'u1', name: 'erin' } }),
    );
    expect(played).toHaveBeenLastCalledWith('matchRequest');
    // Silent site: play is still asked, and the player stays quiet.
    setPreferences({ silentSite: true });
    const made = vi.fn();
    vi.stubGlobal('AudioContext', made);
    chat('chat.pm.u-fred_u1');
    expect(made).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('plays one’s own move, the opponent’s move and the challenge results in the game room', async () => {
    const room = await renderRoom();
    const played = vi.spyOn(room.services.sounds, 'play');
    const g = engineGame({ rack: 'CATSXYZ' });
    room.deliverHistory(historyOf(g, 0));
    await screen.findByRole('list', { name: 'Your rack' });
    const deliver = (events: Parameters<typeof eventToWire>[0][], count: number, onTurn: number) =>
      act(() =>
        room.socket.deliver(
          encodeSocketMessage(MessageType.SERVER_GAMEPLAY_EVENT, ServerGameplayEventSchema, {
            gameId: 'g1',
            events: events.map((e) => eventToWire({ ...e, rack: '' })),
            playState: playStates.toWire('PLAYING'),
            scores: [...g.scores],
            playerOnTurn: onTurn,
            bagCount: g.bag.size,
            eventCount: count,
          }),
        ),
      );
    const mine = pass(g, 0);
    if (!mine.ok) throw new Error(mine.message);
    deliver(mine.value, 1, 1);
    expect(played).toHaveBeenLastCalledWith('makeMove');
    const theirs = play(g, 1, {
      row: 7,
      col: 7,
      vertical: false,
      tiles: g.racks[1].tiles().slice(0, 2),
    });
    if (!theirs.ok) throw new Error(theirs.message);
    deliver(theirs.value, 2, 0);
    expect(played).toHaveBeenLastCalledWith('opponentMove');
    for (const valid of [true, false]) {
      act(() =>
        room.socket.deliver(
          encodeSocketMessage(
            MessageType.SERVER_CHALLENGE_RESULT_EVENT,
            ServerChallengeResultEventSchema,
            { gameId: 'g1', valid },
          ),
        ),
      );
      expect(played).toHaveBeenLastCalledWith(valid ? 'correct' : 'wrong');
    }
  });
});
