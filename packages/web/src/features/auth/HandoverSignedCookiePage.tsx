import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { copyToLocalStorage, parseHandover } from './handover.ts';

/** Sends the browser on with a full load, so the session and the copied settings are read afresh. */
export type Go = (path: string) => void;

const goByLoading: Go = (path) => window.location.replace(path);

/**
 * /handover-signed-cookie?jwt=&ls=&path= (docs/product/community.md §4.6):
 * installs the signed cookie when there is a jwt, copies ls into local
 * storage and goes to path (a path on this site). A refused token says why
 * and offers to go on signed out.
 */
export function HandoverSignedCookiePage({ go = goByLoading }: { go?: Go }) {
  usePageTitle('Signing you in');
  const { api } = useServices();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState('');
  const [target, setTarget] = useState('/');

  useEffect(() => {
    const handover = parseHandover(params);
    let cancelled = false;
    void (async () => {
      copyToLocalStorage(handover.ls);
      setTarget(handover.path);
      if (handover.jwt) {
        try {
          await api.signedCookie.installSignedCookie({ jwt: handover.jwt });
        } catch (err) {
          if (!cancelled) setFailure(errorText(err));
          return;
        }
      }
      if (!cancelled) go(handover.path);
    })();
    return () => {
      cancelled = true;
    };
  }, [api, params, go]);

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Signing you in</h1>
      {failure ? (
        <>
          <Alert kind="error">{failure}</Alert>
          <p>
            <a href={target}>Continue without signing in</a>
          </p>
        </>
      ) : (
        <p>Carrying your login and settings over from your other Tessera address…</p>
      )}
    </section>
  );
}
