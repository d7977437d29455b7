import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Loading } from '../../ui/Loading.tsx';

/** How long a checkout error stays on screen (docs/product/community.md §4.8, §9). */
export const CHECKOUT_ERROR_MS = 5000;
export const DONATIONS_NOT_SET_UP = 'Donations are not set up on this site.';
export const DONATION_CANCELLED = 'Your donation was cancelled; nothing was charged.';

/** Sends the browser to the provider's checkout page (a test replaces it). */
export type GoToCheckout = (url: string) => void;
const goToCheckout: GoToCheckout = (url) => window.location.assign(url);

/**
 * /settings/donate, open to visitors (§2.5, §4.8): the one-time amounts
 * through the card provider's hosted checkout, which returns to
 * /donate_success (or here, when cancelled), and monthly support through the
 * membership platform.
 */
export function DonateSection({ go = goToCheckout }: { go?: GoToCheckout }) {
  const { api } = useServices();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState('');
  const options = useQuery({
    queryKey: ['donation', 'options'],
    queryFn: () => api.donation.getDonationOptions({}),
  });
  const checkout = useMutation({
    mutationFn: (amount: number) => api.donation.createCheckout({ amount }),
    onSuccess: ({ url }) => go(url),
    onError: (err) => setFailure(errorText(err)),
  });
  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(''), CHECKOUT_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  return (
    <div className="settings-stack">
      <h1 id="page-title">Support Tessera</h1>
      <p>
        Tessera is a non-profit and free for everyone. Donations pay for the servers and keep it
        free of advertising.
      </p>
      {params.get('cancelled') && <Alert kind="info">{DONATION_CANCELLED}</Alert>}
      {options.isPending ? (
        <Loading />
      ) : options.isError ? (
        <Alert kind="error">{errorText(options.error)}</Alert>
      ) : !options.data.configured ? (
        <p>{DONATIONS_NOT_SET_UP}</p>
      ) : (
        <section aria-labelledby="donate-once">
          <h2 id="donate-once">Donate once</h2>
          {failure && <Alert kind="error">{failure}</Alert>}
          <div className="donate-amounts">
            {options.data.amounts.map((amount) => (
              <button
                key={amount}
                type="button"
                className="button-primary"
                disabled={checkout.isPending}
                onClick={() => {
                  setFailure('');
                  checkout.mutate(amount);
                }}
              >
                ${amount}
              </button>
            ))}
          </div>
          <p className="field-hint">You will pay on the card provider's secure page.</p>
        </section>
      )}
      {(options.data?.monthlyUrl || options.data?.membershipName) && (
        <section aria-labelledby="donate-monthly">
          <h2 id="donate-monthly">Support monthly</h2>
          <p>
            Become a member on our membership platform
            {options.data.membershipName ? ` (${options.data.membershipName})` : ''}; members also
            get more games against the best bots each month.
          </p>
          {options.data.monthlyUrl && (
            <p>
              <a href={options.data.monthlyUrl} rel="noopener noreferrer">
                Support Tessera monthly
              </a>
            </p>
          )}
          {options.data.membershipName && (
            <p>
              Already a member? <Link to="/settings/integrations">Link your membership</Link> in
              your settings so that your tier counts here.
            </p>
          )}
        </section>
      )}
    </div>
  );
}
