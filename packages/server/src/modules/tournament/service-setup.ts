/**
 * TournamentService, the setting-up half: creating a tournament, its
 * metadata, finishing and unstarting it (docs/product/tournaments.md §4-§8);
 * its people are in service-people.ts. Every change is a log entry
 * (context.ts `change`).
 */
import { pagedView } from './paged-view.ts';
import { randomBytes } from 'node:crypto';
import type { ServiceImpl } from '@connectrpc/connect';
import { toJson } from '@bufbuild/protobuf';
import { GameRequestSchema, type TournamentService, refuse } from '@tessera/protocol';
import { Calls, personId } from './context.ts';
import {
  emptyMeta,
  isFreeForm,
  type Meta,
  divisionFinished,
  notFinished,
  isSlug,
  normalizeSlug,
  unstartEntries,
} from '@tessera/tournament';
import { directorList, fullView, metadataView, TYPE_FROM_WIRE } from './views.ts';
import { capText, MAX_SETTING_FIELDS, timeSeconds } from './bounds.ts';
import { checkLogo } from './logo.ts';

/** Every text of the metadata within its cap (the name, description, logo…). */
function capMeta(m: {
  name: string;
  description: string;
  disclaimer?: string;
  logo?: string;
  color?: string;
  tileStyle?: string;
  boardStyle?: string;
  password?: string;
  slug: string;
  freeformClubSettingFields: string[];
}): void {
  for (const k of [
    'name',
    'description',
    'disclaimer',
    'logo',
    'color',
    'tileStyle',
    'boardStyle',
    'password',
    'slug',
  ] as const)
    capText(k, m[k] ?? '');
  if (m.freeformClubSettingFields.length > MAX_SETTING_FIELDS)
    throw refuse('TOURNAMENT_FIELD_TOO_LONG', 'freeformClubSettingFields', MAX_SETTING_FIELDS);
  for (const f of m.freeformClubSettingFields) capText('settingField', f);
}

type Impl = Partial<ServiceImpl<typeof TournamentService>>;

const seconds = timeSeconds;

export function setupCalls(c: Calls): Impl {
  return {
    async newTournament(req, ctx) {
      const me = await c.d.sessions.requireUser(ctx);
      if (!(await c.d.roles.permsOf(me.id)).includes('can_manage_tournaments'))
        throw refuse('PERMISSION_DENIED');
      capMeta(req);
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
      const s = await c.load(req.id);
      return req.paged ? pagedView(s, req) : fullView(s);
    },

    async setTournamentMetadata(req, ctx) {
      const m = req.metadata;
      if (!m) throw refuse('INVALID_REQUEST', 'metadata is missing');
      capMeta(m);
      await c.directorChange(ctx, m.id || m.slug, (st) => {
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
        // A logo kept as it was is not checked again (an operator may have
        // dropped its host since; the director is told when they change it).
        if (next.logo !== undefined && next.logo !== st.meta.logo)
          checkLogo(next.logo, c.d.imageHosts);
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
      await c.directorChange(ctx, req.id, (st) => {
        notFinished(st);
        if (!st.started) throw refuse('TOURNAMENT_NOT_STARTED');
        for (const d of st.divisions)
          if (!divisionFinished(d)) throw refuse('TOURNAMENT_DIVISION_NOT_FINISHED', d.name);
        return [{ kind: 'finished', finished: true }];
      });
      return {};
    },

    async unfinishTournament(req, ctx) {
      await c.directorChange(ctx, req.id, (st) =>
        st.finished ? [{ kind: 'finished', finished: false }] : [],
      );
      return {};
    },

    async unstartTournament(req, ctx) {
      await c.directorChange(ctx, req.id, (st) =>
        unstartEntries(st, { confirm: req.confirm, undo: req.undo }),
      );
      return {};
    },
  };
}
