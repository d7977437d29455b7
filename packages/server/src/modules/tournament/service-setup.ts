/**
 * TournamentService, the setting-up half: tournaments, metadata, divisions,
 * players, directors, registration and check-ins (docs/product/tournaments.md
 * §4-§8). Every change is a log entry (context.ts `change`).
 */
import { randomBytes } from 'node:crypto';
import type { ServiceImpl } from '@connectrpc/connect';
import { toJson } from '@bufbuild/protobuf';
import { GameRequestSchema, type TournamentService, refuse } from '@tessera/protocol';
import { Calls, personId } from './context.ts';
import {
  division,
  emptyMeta,
  playerIndex,
  isFreeForm,
  type Meta,
  type NewPlayer,
  type TState,
  activePlayers,
  divisionFinished,
  checkDivisionName,
  mustDivision,
  mustPlayer,
  notFinished,
  isSlug,
  normalizeSlug,
  usernameOf,
} from '@tessera/tournament';
import { divisionRating } from './ratings.ts';
import { className, playerName } from './player-details.ts';
import { directorList, fullView, metadataView, TYPE_FROM_WIRE } from './views.ts';

type Impl = Partial<ServiceImpl<typeof TournamentService>>;

const seconds = (t?: { seconds: bigint }) => (t ? Number(t.seconds) : 0);

export function setupCalls(c: Calls): Impl {
  const notStarted = (s: TState) => {
    if (s.started) throw refuse('TOURNAMENT_ALREADY_STARTED');
  };
  const toggle =
    (kind: 'registration' | 'checkins', open: boolean) =>
    async (req: { id: string }, ctx: Parameters<Calls['requireMe']>[0]) => {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), (st) => {
        if (open && st.started) throw refuse('TOURNAMENT_TOGGLE_AFTER_START');
        const now = kind === 'registration' ? st.registrationOpen : st.checkinsOpen;
        return now === open ? [] : [{ kind, open }];
      });
      return {};
    };

  return {
    async newTournament(req, ctx) {
      const me = await c.d.sessions.requireUser(ctx);
      if (!(await c.d.roles.permsOf(me.id)).includes('can_manage_tournaments'))
        throw refuse('PERMISSION_DENIED');
      if (!req.name.trim()) throw refuse('TOURNAMENT_NAME_REQUIRED');
      const type = TYPE_FROM_WIRE.get(req.type);
      if (!type) throw refuse('INVALID_REQUEST', 'unknown tournament type');
      const slug = normalizeSlug(req.slug, type === 'club');
      if (!isSlug(slug)) throw refuse('TOURNAMENT_SLUG_INVALID');
      if (req.directorUsernames.length === 0) throw refuse('TOURNAMENT_ONE_EXECUTIVE_DIRECTOR');
      const directors: string[] = [];
      for (const u of req.directorUsernames) {
        if (!u.trim()) throw refuse('TOURNAMENT_DIRECTOR_USERNAME_REQUIRED');
        const p = await c.person(u);
        if (!directors.includes(p)) directors.push(p);
      }
      const start = seconds(req.scheduledStartTime);
      const end = seconds(req.scheduledEndTime);
      if (start && end && start > end) throw refuse('TOURNAMENT_SCHEDULE_ORDER');
      if (await c.d.store.resolve(slug)) throw refuse('TOURNAMENT_SLUG_TAKEN', slug);
      const id = randomBytes(9).toString('base64url');
      const meta: Meta = {
        ...emptyMeta(),
        name: req.name.trim(),
        description: req.description,
        slug,
        type,
        scheduledStart: start,
        scheduledEnd: end,
        freeformClubSettingFields: req.freeformClubSettingFields,
        defaultClubSettings: req.defaultClubSettings
          ? toJson(GameRequestSchema, req.defaultClubSettings)
          : undefined,
      };
      await c.d.events.transaction(c.d.db, (tx) =>
        c.d.store.create(tx, id, personId(me), {
          kind: 'created',
          meta,
          executiveDirector: directors[0],
          directors: directors.map((x) => ({ id: x, readOnly: false })),
        }),
      );
      return { id, slug };
    },

    async getTournamentMetadata(req) {
      const s = await c.load(req.id || req.slug);
      return { metadata: metadataView(s), directors: directorList(s) };
    },

    async getTournament(req) {
      return fullView(await c.load(req.id));
    },

    async setTournamentMetadata(req, ctx) {
      const m = req.metadata;
      if (!m) throw refuse('INVALID_REQUEST', 'metadata is missing');
      const s = await c.load(m.id || m.slug);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), (st) => {
        const only = req.setOnlySpecified;
        const next: Partial<Meta> = {};
        const put = <K extends keyof Meta>(k: K, v: Meta[K], given: boolean) => {
          if (!only || given) next[k] = v;
        };
        if (!only && !m.name.trim()) throw refuse('TOURNAMENT_NAME_REQUIRED');
        put('name', m.name.trim(), !!m.name.trim());
        put('description', m.description, !!m.description);
        put('disclaimer', m.disclaimer, !!m.disclaimer);
        put('tileStyle', m.tileStyle, !!m.tileStyle);
        put('boardStyle', m.boardStyle, !!m.boardStyle);
        put('logo', m.logo, !!m.logo);
        put('color', m.color, !!m.color);
        put('password', m.password, !!m.password);
        put('privateAnalysis', m.privateAnalysis, m.privateAnalysis);
        put('monitored', m.monitored, m.monitored);
        put(
          'freeformClubSettingFields',
          m.freeformClubSettingFields,
          m.freeformClubSettingFields.length > 0,
        );
        if (m.defaultClubSettings)
          next.defaultClubSettings = toJson(GameRequestSchema, m.defaultClubSettings);
        const start = seconds(m.scheduledStartTime);
        const end = seconds(m.scheduledEndTime);
        put('scheduledStart', start, !!start);
        put('scheduledEnd', end, !!end);
        const ns = next.scheduledStart ?? st.meta.scheduledStart;
        const ne = next.scheduledEnd ?? st.meta.scheduledEnd;
        if (ns && ne && ns > ne) throw refuse('TOURNAMENT_SCHEDULE_ORDER');
        // IRL mode: on, never off again; never for clubs (§4).
        if (m.irlMode !== st.meta.irlMode && (m.irlMode || !only)) {
          if (!m.irlMode || isFreeForm(st.meta.type)) throw refuse('TOURNAMENT_IRL_LOCKED');
          next.irlMode = true;
        }
        return Object.keys(next).length ? [{ kind: 'metadata.set', meta: next }] : [];
      });
      return {};
    },

    async finishTournament(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), (st) => {
        notFinished(st);
        if (!st.started) throw refuse('TOURNAMENT_NOT_STARTED');
        for (const d of st.divisions)
          if (!divisionFinished(d)) throw refuse('TOURNAMENT_DIVISION_NOT_FINISHED', d.name);
        return [{ kind: 'finished', finished: true }];
      });
      return {};
    },

    async unfinishTournament(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), (st) =>
        st.finished ? [{ kind: 'finished', finished: false }] : [],
      );
      return {};
    },

    async unstartTournament(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), () => [{ kind: 'unstarted' }]);
      return {};
    },

    async addDivision(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), (st) => {
        notFinished(st);
        if (st.started) throw refuse('TOURNAMENT_DIVISION_AFTER_START');
        checkDivisionName(st, req.division);
        return [{ kind: 'division.added', division: req.division.trim() }];
      });
      return {};
    },

    async removeDivision(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), (st) => {
        const d = mustDivision(st, req.division);
        if (st.started) throw refuse('TOURNAMENT_DIVISION_AFTER_START');
        if (d.players.length) throw refuse('TOURNAMENT_DIVISION_HAS_PLAYERS', d.name);
        return [{ kind: 'division.removed', division: d.name }];
      });
      return {};
    },

    async renameDivision(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), (st) => {
        const d = mustDivision(st, req.division);
        checkDivisionName(st, req.newName);
        return [{ kind: 'division.renamed', division: d.name, newName: req.newName.trim() }];
      });
      return {};
    },

    async addPlayers(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      mustDivision(s, req.division);
      const rows = req.persons.filter((p) => p.id.trim());
      if (rows.length === 0) throw refuse('TOURNAMENT_ADD_PLAYERS_FIRST');
      const players: NewPlayer[] = [];
      for (const p of rows) {
        const name = playerName(p.name);
        const cls = className(p.className);
        players.push({
          id: await c.person(p.id),
          rating: p.rating | 0,
          ...(name ? { name } : {}),
          ...(cls ? { className: cls } : {}),
        });
      }
      await c.change(s.id, personId(me), (st) => {
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
        return [{ kind: 'players.added', division: d.name, players }];
      });
      return {};
    },

    async removePlayers(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      const ids: string[] = [];
      for (const p of req.persons) ids.push(await c.person(p.id));
      if (ids.length === 0) throw refuse('TOURNAMENT_ADD_PLAYERS_FIRST');
      await c.change(s.id, personId(me), (st) => {
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
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      const id = await c.person(req.playerId);
      await c.change(s.id, personId(me), (st) => {
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
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      if (req.persons.length === 0) throw refuse('TOURNAMENT_DIRECTOR_USERNAME_REQUIRED');
      const list: { id: string; readOnly: boolean }[] = [];
      for (const p of req.persons) {
        if (!p.id.trim()) throw refuse('TOURNAMENT_DIRECTOR_USERNAME_REQUIRED');
        list.push({ id: await c.person(p.id), readOnly: p.rating === -1 });
      }
      await c.change(s.id, personId(me), (st) => {
        for (const x of list)
          if (st.directors.some((d) => d.id === x.id) || st.executiveDirector === x.id)
            throw refuse('TOURNAMENT_DIRECTOR_EXISTS', usernameOf(x.id));
        return [{ kind: 'directors.added', directors: list }];
      });
      return {};
    },

    async removeDirectors(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      const ids: string[] = [];
      for (const p of req.persons) ids.push(await c.person(p.id));
      await c.change(s.id, personId(me), (st) => {
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
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), (st) => {
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
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), () => [{ kind: 'checkins.cleared' }]);
      return {};
    },
    async removeAllPlayersNotCheckedIn(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.requireDirector(ctx, s);
      await c.change(s.id, personId(me), (st) => {
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
        return [{ kind: 'registered', division: d.name, id: me, rating }];
      });
      return {};
    },
  };
}
