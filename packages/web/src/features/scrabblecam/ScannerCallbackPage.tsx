import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Loading } from '../../ui/Loading.tsx';

/**
 * Return page of the operator's board-scanning service
 * (docs/product/community.md §2.8): its `gcg` parameter is imported as a new
 * annotated game, which opens in the editor.
 */
export function ScannerCallbackPage() {
  const [params] = useSearchParams();
  const gcg = params.get('gcg') ?? '';
  const { api } = useServices();
  const session = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  const upload = useMutation({
    mutationFn: () => api.annotated.importGCG({ gcg, lexicon: '' }),
    onSuccess: (r) => navigate(`/editor/${r.gameId}`, { replace: true }),
  });
  const { mutate } = upload;
  useEffect(() => {
    if (!session.loggedIn || !gcg || started.current) return;
    started.current = true;
    mutate();
  }, [session.loggedIn, gcg, mutate]);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Import a scanned game</h1>
      {!gcg ? (
        <Alert kind="error">Please upload a valid gcg file</Alert>
      ) : session.known && !session.loggedIn ? (
        <p>Log in to create or edit annotated games.</p>
      ) : upload.error ? (
        <Alert kind="error">{errorText(upload.error)}</Alert>
      ) : (
        <Loading />
      )}
      <Link to="/editor">Back to the editor</Link>
    </section>
  );
}
