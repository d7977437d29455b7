import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Integration, IntegrationProvider } from '@tessera/protocol';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { LinkRefused, startLink } from './link.ts';
import { CRITERIA_KEY, INTEGRATIONS_KEY } from './queries.ts';

export const NO_INTEGRATIONS = 'No integrations are set up on this site.';

/**
 * /settings/integrations (docs/product/community.md §2.5, §4.7): the
 * providers the operator configured, each linked (with its account, the
 * membership tier and its BestBot allowance, and Unlink) or not (Link).
 */
export function IntegrationsSection() {
  const { api } = useServices();
  const [params] = useSearchParams();
  const list = useQuery({
    queryKey: INTEGRATIONS_KEY,
    queryFn: () => api.integration.getIntegrations({}),
  });
  const linked = params.get('linked');
  const linkedName = list.data?.providers.find((p) => p.id === linked)?.displayName;

  return (
    <div className="settings-stack">
      <h1 id="page-title">Integrations</h1>
      <p>
        Link your accounts at our membership and streaming platforms. A membership tier opens games
        against BestBot each month.
      </p>
      {linkedName && <Alert kind="success">Your {linkedName} account is linked.</Alert>}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert kind="error">{errorText(list.error)}</Alert>
      ) : list.data.providers.length === 0 ? (
        <p>{NO_INTEGRATIONS}</p>
      ) : (
        list.data.providers.map((p) => (
          <ProviderCard
            key={p.id}
            provider={p}
            integration={list.data.integrations.find((i) => i.integrationName === p.id)}
          />
        ))
      )}
    </div>
  );
}

function ProviderCard({
  provider,
  integration,
}: {
  provider: IntegrationProvider;
  integration: Integration | undefined;
}) {
  const { api } = useServices();
  const client = useQueryClient();
  const [failure, setFailure] = useState('');
  const [starting, setStarting] = useState(false);
  const unlink = useMutation({
    mutationFn: (uuid: string) => api.integration.deleteIntegration({ uuid }),
    onSuccess: () => client.invalidateQueries({ queryKey: INTEGRATIONS_KEY }),
    onError: (err) => setFailure(errorText(err)),
  });
  const headingId = `integration-${provider.id}`;
  const link = () => {
    setFailure('');
    setStarting(true);
    startLink(provider.id, '/settings/integrations').catch((err: unknown) => {
      setStarting(false);
      if (err instanceof LinkRefused) setFailure(err.message);
      else setFailure(errorText(err));
    });
  };

  return (
    <section aria-labelledby={headingId} className="integration-card">
      <h2 id={headingId}>
        {provider.displayName}{' '}
        <span className="field-hint">
          ({provider.id === 'membership' ? 'membership' : 'streaming'})
        </span>
      </h2>
      {failure && <Alert kind="error">{failure}</Alert>}
      {integration ? (
        <>
          <p>
            Linked as <strong>{integration.integrationDetails}</strong>.
          </p>
          {provider.id === 'membership' && <MembershipTier />}
          <button
            type="button"
            disabled={unlink.isPending}
            onClick={() => {
              setFailure('');
              unlink.mutate(integration.uuid);
            }}
          >
            Unlink {provider.displayName}
          </button>
        </>
      ) : (
        <>
          <p>Not linked.</p>
          <button type="button" className="button-primary" disabled={starting} onClick={link}>
            Link {provider.displayName}
          </button>
          {provider.pageUrl && (
            <p className="field-hint">
              No account yet?{' '}
              <a href={provider.pageUrl} rel="noopener noreferrer">
                Join {provider.displayName}
              </a>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The membership tier and this month's BestBot games (getSubscriptionCriteria). */
function MembershipTier() {
  const { api } = useServices();
  const criteria = useQuery({
    queryKey: CRITERIA_KEY,
    queryFn: () => api.integration.getSubscriptionCriteria({}),
  });
  if (criteria.isPending) return <Loading />;
  if (criteria.isError) return <Alert kind="error">{errorText(criteria.error)}</Alert>;
  const c = criteria.data;
  if (!c.tierName) {
    return <p>No membership tier on this account; BestBot stays closed.</p>;
  }
  return (
    <p>
      Membership tier: <strong data-testid="membership-tier">{c.tierName}</strong>. You may play{' '}
      {c.gamesPerMonth} games a month against BestBot ({c.gamesUsed} played this month).
    </p>
  );
}
