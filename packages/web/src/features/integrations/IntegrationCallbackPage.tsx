import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { INTEGRATIONS_KEY } from './queries.ts';

/**
 * /integrations/{provider}/callback: where the provider sends the browser
 * back with a code and the state (or an error). The server checks the state
 * against the csrf cookie and its stored request, exchanges the code and
 * answers the page to return to.
 */
export function IntegrationCallbackPage() {
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const state = params.get('state') ?? '';
  // A query, not an effect's call: a state is good once, and a remount must not send it again.
  const done = useQuery({
    queryKey: ['integration-callback', provider, state],
    queryFn: () =>
      api.integration.completeIntegration({
        provider,
        state,
        code: params.get('code') ?? '',
        error: params.get('error') ?? '',
      }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (!done.data) return;
    void client.invalidateQueries({ queryKey: INTEGRATIONS_KEY });
    const to = new URL(done.data.redirect || '/settings/integrations', window.location.origin);
    to.searchParams.set('linked', provider);
    void navigate(`${to.pathname}${to.search}`, { replace: true });
  }, [done.data, client, navigate, provider]);

  return (
    <div className="page">
      <h1 id="page-title">Linking your account</h1>
      {done.isError ? (
        <>
          <Alert kind="error">{errorText(done.error)}</Alert>
          <p>
            <Link to="/settings/integrations">Back to integrations</Link>
          </p>
        </>
      ) : (
        <Loading />
      )}
    </div>
  );
}
