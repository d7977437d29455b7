/**
 * TournamentService, the people of a tournament: divisions, players,
 * directors, registration and check-ins (docs/product/tournaments.md
 * §4-§8). Every change is a log entry (context.ts `change`).
 */
import type { ServiceImpl } from '@connectrpc/connect';
import { type TournamentService, refuse } from '@tessera/protocol';
import { Calls, personId } from './context.ts';
import { MAX_DIVISION_PLAYERS } from './bounds.ts';
import {
  division,
  playerIndex,
  type NewPlayer,
  type TState,
  activePlayers,
  checkDivisionName,
  mustDivision,
  mustPlayer,
  nextDivisionId,
  notFinished,
  usernameOf,
} from '@tessera/tournament';
import { divisionRating } from './ratings.ts';
import { className, playerName, playerRating } from './player-details.ts';

type Impl = Partial<ServiceImpl<typeof TournamentService>>;

export function peopleCalls(c: Calls): Impl {
  const notStarted = (s: TState) => {
    if (s.started) throw refuse('TOURNAMENT_ALREADY_STARTED');
  };
  const toggle =
    (kind: 'registration' | 'checkins', open: boolean) =>
    async (req: { id: string }, ctx: Parameters<Calls['requireMe']>[0]) => {
      await c.directorChange(ctx, req.id, (st) => {
        if (open && st.started) throw refuse('TOURNAMENT_TOGGLE_AFTER_START');
        const now = kind === 'registration' ? st.registrationOpen : st.checkinsOpen;
        return now === open ? [] : [{ kind, open }];
      });
      return {};
    };

  return {
    async addDivision(req, ctx) {
      await c.directorChange(ctx, req.id, (st) => {
        notFinished(st);
        if (st.started) throw refuse('TOURNAMENT_DIVISION_AFTER_START');
        const name = checkDivisionName(st, req.division);
        return [{ kind: 'division.added', division: name, id: nextDivisionId(st) }];
      });
      return {};
    },

    async removeDivision(req, ctx) {
      await c.directorChange(ctx, req.id, (st) => {
        const d = mustDivision(st, req.division);
        if (st.started) throw refuse('TOURNAMENT_DIVISION_AFTER_START');
        if (d.players.length) throw refuse('TOURNAMENT_DIVISION_HAS_PLAYERS', d.name);
        return [{ kind: 'division.removed', division: d.name }];
      });
      return {};
    },

    async renameDivision(req, ctx) {
      await c.directorChange(ctx, req.id, (st) => {
        const d = mustDivision(st, req.division);
        const newName = checkDivisionName(st, req.newName);
        return [{ kind: 'division.renamed', division: d.name, newName }];
      });
      return {};
    },

    async addPlayers(req, ctx) {
      const { state: s, change } = await c.asDirector(ctx, req.id);
      mustDivision(s, req.division);
      const rows = req.persons.filter((p) => p.id.trim());
      if (rows.length === 0) throw refuse('TOURNAMENT_ADD_PLAYERS_FIRST');
      // A pasted list is checked whole before any user is looked up (issue 36, item 19).
      if (rows.length > MAX_DIVISION_PLAYERS)
        throw refuse('TOURNAMENT_DIVISION_FULL', MAX_DIVISION_PLAYERS);
      const players: NewPlayer[] = [];
      for (const p of rows) {
        const name = playerName(p.name);
        const cls = className(p.className);
        const rating = playerRating(p.rating, p.id.trim());
        const id = await c.person(p.id);
        if (players.some((x) => x.id === id))
          throw refuse('TOURNAMENT_PLAYER_LISTED_TWICE', usernameOf(id));
        players.push({
          id,
          rating,
          ...(name ? { name } : {}),
          ...(cls ? { className: cls } : {}),
        });
      }
      await change((st) => {
        notFinished(st);
        const d = mustDivision(st, req.division);
        if (d.currentRound >= 0 && d.currentRound >= d.roundControls.length - 1)
          throw refuse('TOURNAMENT_ADD_IN_LAST_ROUND');
        for (const p of players) {
          for (const other of st.divisions) {
            const i = playerIndex(other, p.id);
            if (i >= 0 && !other.players[i].removed)
              throw refuse('TOURNAMENT_PLAYER_EXISTS', usernameOf(p.id), other.name);
          }
        }
        // A documented cap (issue 36, decision 0123): pairing stays within its deadline.
        if (d.players.filter((x) => !x.removed).length + players.length > MAX_DIVISION_PLAYERS)
          throw refuse('TOURNAMENT_DIVISION_FULL', MAX_DIVISION_PLAYERS);
        return [
          {
            kind: 'players.added',
            division: d.name,
            players,
            ...(req.keepOrder ? {} : { seedByRating: true }),
          },
        ];
      });
      return {};
    },

    async removePlayers(req, ctx) {
      const { change } = await c.asDirector(ctx, req.id);
      const ids: string[] = [];
      for (const p of req.persons) ids.push(await c.person(p.id));
      if (ids.length === 0) throw refuse('TOURNAMENT_ADD_PLAYERS_FIRST');
      await change((st) => {
        notFinished(st);
        const d = mustDivision(st, req.division);
        for (const id of ids)
          if (d.players[mustPlayer(d, id)].removed)
            throw refuse('TOURNAMENT_PLAYER_ALREADY_REMOVED', usernameOf(id));
        const left = activePlayers(d).filter((p) => !ids.includes(d.players[p].id));
        if (st.started && left.length === 0) throw refuse('TOURNAMENT_EMPTY_DIVISION', d.name);
        return [{ kind: 'players.removed', division: d.name, ids }];
      });
      return {};
    },

    async movePlayer(req, ctx) {
      const { change } = await c.asDirector(ctx, req.id);
      const id = await c.person(req.playerId);
      await change((st) => {
        notStarted(st);
        const from = mustDivision(st, req.sourceDivision);
        const to = mustDivision(st, req.targetDivision);
        mustPlayer(from, id);
        if (playerIndex(to, id) >= 0)
          throw refuse('TOURNAMENT_PLAYER_EXISTS', usernameOf(id), to.name);
        return [{ kind: 'player.moved', from: from.name, to: to.name, id }];
      });
      return {};
    },

    async addDirectors(req, ctx) {
      const { change } = await c.asDirector(ctx, req.id);
      if (req.persons.length === 0) throw refuse('TOURNAMENT_DIRECTOR_USERNAME_REQUIRED');
      const list: { id: string; readOnly: boolean }[] = [];
      for (const p of req.persons) {
        if (!p.id.trim()) throw refuse('TOURNAMENT_DIRECTOR_USERNAME_REQUIRED');
        list.push({ id: await c.person(p.id), readOnly: p.rating === -1 });
      }
      await change((st) => {
        for (const x of list)
          if (st.directors.some((d) => d.id === x.id) || st.executiveDirector === x.id)
            throw refuse('TOURNAMENT_DIRECTOR_EXISTS', usernameOf(x.id));
        return [{ kind: 'directors.added', directors: list }];
      });
      return {};
    },

    async removeDirectors(req, ctx) {
      const { change } = await c.asDirector(ctx, req.id);
      const ids: string[] = [];
      for (const p of req.persons) ids.push(await c.person(p.id));
      await change((st) => {
        for (const id of ids) {
          if (id === st.executiveDirector) throw refuse('TOURNAMENT_EXECUTIVE_DIRECTOR');
          if (!st.directors.some((d) => d.id === id))
            throw refuse('TOURNAMENT_USER_NOT_FOUND', usernameOf(id));
        }
        return [{ kind: 'directors.removed', ids }];
      });
      return {};
    },

    openRegistration: toggle('registration', true),
    closeRegistration: toggle('registration', false),
    openCheckins: toggle('checkins', true),
    async closeCheckins(req, ctx) {
      await c.directorChange(ctx, req.id, (st) => {
        // Dropping the players who did not check in is for before the start, as in RemoveAllPlayersNotCheckedIn.
        if (req.deleteNonCheckedIn) notStarted(st);
        return [
          ...(st.checkinsOpen ? [{ kind: 'checkins' as const, open: false }] : []),
          ...(req.deleteNonCheckedIn ? [{ kind: 'unchecked.removed' as const }] : []),
        ];
      });
      return {};
    },
    async uncheckAllIn(req, ctx) {
      await c.directorChange(ctx, req.id, () => [{ kind: 'checkins.cleared' }]);
      return {};
    },
    async removeAllPlayersNotCheckedIn(req, ctx) {
      await c.directorChange(ctx, req.id, (st) => {
        if (st.checkinsOpen) throw refuse('TOURNAMENT_REMOVE_WHILE_CHECKINS_OPEN');
        notStarted(st);
        return [{ kind: 'unchecked.removed' }];
      });
      return {};
    },
    async checkIn(req, ctx) {
      const s = await c.load(req.id);
      const me = personId(await c.requireMe(ctx));
      await c.change(s.id, me, (st) => {
        if (
          !st.divisions.some(
            (d) => playerIndex(d, me) >= 0 && !d.players[playerIndex(d, me)].removed,
          )
        )
          throw refuse('TOURNAMENT_NOT_REGISTERED');
        if (!st.checkinsOpen) throw refuse('TOURNAMENT_CHECKINS_CLOSED');
        return [{ kind: 'checkin', id: me, checkedIn: req.checkin }];
      });
      return {};
    },
    // A player's own move to another division before the start (issue 36, item 19).
    async changeMyDivision(req, ctx) {
      const s = await c.load(req.id);
      const account = await c.requireMe(ctx);
      const me = personId(account);
      const rating = await divisionRating(
        s,
        req.division,
        account.id,
        c.d.ratings,
        c.d.lexiconName,
      ).catch(() => 0);
      await c.change(s.id, me, (st) => {
        const from = st.divisions.find((d) => {
          const i = playerIndex(d, me);
          return i >= 0 && !d.players[i].removed;
        });
        if (!from) throw refuse('TOURNAMENT_NOT_REGISTERED');
        notStarted(st);
        const to = mustDivision(st, req.division);
        if (to === from) throw refuse('TOURNAMENT_SAME_DIVISION', to.name);
        if (to.players.filter((x) => !x.removed).length + 1 > MAX_DIVISION_PLAYERS)
          throw refuse('TOURNAMENT_DIVISION_FULL', MAX_DIVISION_PLAYERS);
        const was = from.players[playerIndex(from, me)].rating;
        return [
          { kind: 'player.moved', from: from.name, to: to.name, id: me },
          // Their rating is the new division's (its lexicon and time control may differ).
          ...(rating && rating !== was
            ? [{ kind: 'registered' as const, division: to.name, id: me, rating }]
            : []),
        ];
      });
      return {};
    },
    async register(req, ctx) {
      const s = await c.load(req.id);
      const account = await c.requireMe(ctx);
      const me = personId(account);
      const rating = req.register
        ? await divisionRating(s, req.division, account.id, c.d.ratings, c.d.lexiconName)
        : 0;
      await c.change(s.id, me, (st) => {
        const registered = st.divisions.some((d) => {
          const i = playerIndex(d, me);
          return i >= 0 && !d.players[i].removed;
        });
        if (!req.register) {
          if (!registered) throw refuse('TOURNAMENT_NOT_REGISTERED');
          notStarted(st);
          return [{ kind: 'unregistered', id: me }];
        }
        if (!st.registrationOpen) throw refuse('TOURNAMENT_REGISTRATION_CLOSED');
        notStarted(st);
        if (registered) throw refuse('TOURNAMENT_ALREADY_REGISTERED');
        const d = mustDivision(st, req.division);
        if (!division(st, d.name)) throw refuse('TOURNAMENT_DIVISION_NOT_FOUND', req.division);
        return [{ kind: 'registered', division: d.name, id: me, rating, seedByRating: true }];
      });
      return {};
    },
  };
}
