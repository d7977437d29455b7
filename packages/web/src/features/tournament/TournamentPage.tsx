import { ConnectError, Code } from '@connectrpc/connect';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { Alert } from '../../ui/Alert.tsx';
import { KioskView } from './KioskView.tsx';
import { FETCH_FAILED, NON_EXISTING_PAGE } from './messages.ts';
import { tournamentMetadataQuery, tournamentQuery, type PageKind } from './queries.ts';
import { TournamentRoom } from './TournamentRoom.tsx';
import { useKioskSubmit } from './use-kiosk-submit.ts';
import { useTournamentRealtime } from './use-tournament-realtime.ts';
import './tournament.css';
import { Loading } from '../../ui/Loading.tsx';

/**
 * tournament/{slug}/* and club/{slug}/* (docs/product/tournaments.md §2
 * "Routes"): the tournament or club page, or with ?es= the one player's kiosk.
 */
export function TournamentPage({ kind }: { kind: PageKind }) {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const es = params.get('es');
  const { api } = useServices();
  const metaQ = useQuery(tournamentMetadataQuery(api, kind, slug));
  const id = metaQ.data?.meta.id ?? '';
  const dataQ = useQuery({ ...tournamentQuery(api, id), enabled: !!id });
  useTournamentRealtime(id, kind, slug);
  const submit = useKioskSubmit(id);
  usePageTitle(metaQ.data?.meta.name ?? (kind === 'club' ? 'Club' : 'Tournament'));
  const metaError = useErrorText(metaQ.error);
  const dataError = useErrorText(dataQ.error);

  if (metaQ.isPending) return <Loading className="page page-loading" />;
  if (metaQ.error) {
    const missing = metaQ.error instanceof ConnectError && metaQ.error.code === Code.NotFound;
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{missing ? 'Page not found' : FETCH_FAILED}</h1>
        <p>{missing ? NON_EXISTING_PAGE : metaError}</p>
      </section>
    );
  }
  const { meta, directors } = metaQ.data;
  if (dataQ.error) return <Alert kind="error">{dataError}</Alert>;
  if (!dataQ.data)
    return (
      <p className="page page-loading" role="status">
        Loading {meta.name}…
      </p>
    );
  if (es !== null)
    return (
      <div className="page kiosk-page">
        <h1>{meta.name}</h1>
        <KioskView
          es={es}
          divisions={dataQ.data.divisions}
          started={dataQ.data.started}
          overTheBoard={meta.irlMode}
          tournamentPath={`/${kind}/${slug}`}
          onSubmit={submit}
        />
      </div>
    );
  return (
    <TournamentRoom
      kind={kind}
      urlSlug={slug}
      meta={meta}
      raw={metaQ.data.raw}
      directors={directors}
      state={dataQ.data}
    />
  );
}

/** The route entries (loaded on demand): /tournament/{slug}/* and /club/{slug}/*. */
export const TournamentRoutePage = () => <TournamentPage kind="tournament" />;
export const ClubRoutePage = () => <TournamentPage kind="club" />;
