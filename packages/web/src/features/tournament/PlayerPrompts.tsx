import { MessageType, ReadyForTournamentGameSchema } from '@tessera/protocol';
import { useState } from 'react';
import { useServices } from '../../app/services.tsx';
import { NOT_CONNECTED } from '../lobby/index.ts';
import { CompetitorCard } from './CompetitorCard.tsx';
import { OwnEntry } from './OwnEntry.tsx';
import { competitorState } from './competitor.ts';
import type { TournamentState } from './from-proto.ts';
import { READY_DIVISION_NOT_LOADED } from './messages.ts';
import { divisionOf, isPaired, type TournamentMeta } from './model.ts';
import type { PageKind } from './queries.ts';
import type { Viewer } from './roles.ts';
import { stateKey } from './queries.ts';
import { useAction } from './use-action.ts';
import { useNow } from '../../ui/use-now.ts';

/**
 * The info panel's part for the viewer as a player (docs/product/tournaments.md
 * §2 "Registration and check-in prompts", "Competitor status card"):
 * register, check in, and the status card with its ready button.
 */
export function PlayerPrompts({
  kind,
  meta,
  state,
  viewer,
}: {
  kind: PageKind;
  meta: TournamentMeta;
  state: TournamentState;
  viewer: Viewer;
}) {
  const { api, socket, notifications } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const mine = divisionOf(state.divisions, viewer.userId);
  const [registerIn, setRegisterIn] = useState('');
  const [readyFor, setReadyFor] = useState('');
  const now = useNow(30_000);
  if (!viewer.loggedIn) return null;
  const word = kind === 'club' ? 'club' : 'tournament';

  if (!mine) {
    if (!meta.registrationOpen || state.divisions.length === 0) return null;
    const division = registerIn || state.divisions[0].id;
    return (
      <form
        className="tourney-prompt"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => api.tournament.register({ id: meta.id, division, register: true }), null);
        }}
      >
        <label>
          <span>Division</span>
          <select value={division} onChange={(e) => setRegisterIn(e.target.value)}>
            {state.divisions.map((d) => (
              <option key={d.id}>{d.id}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="button-primary" disabled={busy}>
          Register for this {word}
        </button>
      </form>
    );
  }

  const { division, person } = mine;
  const checkIn =
    meta.checkinsOpen && !person.checkedIn && !state.started ? (
      <button
        type="button"
        className="button-primary"
        disabled={busy}
        onClick={() => void run(() => api.tournament.checkIn({ id: meta.id, checkin: true }), null)}
      >
        Check into this {word} (division {division.id})
      </button>
    ) : null;
  if (!isPaired(meta.type)) return checkIn;

  const status = competitorState({
    division,
    personId: person.id,
    checkedIn: person.checkedIn,
    checkinsOpen: meta.checkinsOpen,
    started: state.started,
    finished: state.finished,
    roundStartedAt: division.roundStartedAt,
    now,
  });
  const readyKey = `${division.id}:${division.currentRound}`;
  const ready = () => {
    if (!division.players.length) {
      notifications.show('error', READY_DIVISION_NOT_LOADED);
      return;
    }
    const sent = socket.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
      tournamentId: meta.id,
      division: division.id,
      round: division.currentRound,
      playerId: person.id,
    });
    if (sent) setReadyFor(readyKey);
    else notifications.show('error', NOT_CONNECTED);
  };
  return (
    <>
      {checkIn}
      {!state.started && (
        <OwnEntry id={meta.id} mine={division} divisions={state.divisions} word={word} />
      )}
      {status && (
        <CompetitorCard
          state={status}
          name={meta.name}
          numRounds={division.numRounds}
          readySent={readyFor === readyKey}
          onReady={ready}
          irl={meta.irlMode}
        />
      )}
    </>
  );
}
