import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { SelectField } from '../../ui/FormControls.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { namesLexicon, useImportLexicons } from '../editor/index.ts';

/**
 * Return page of the operator's board-scanning service
 * (docs/product/community.md §2.8): its `gcg` parameter is imported as a new
 * annotated game, which opens in the editor. A scanned board says nothing of
 * the lexicon, so a GCG without `#lexicon` asks for one first (the server
 * refuses an import without one).
 */
export function ScannerCallbackPage() {
  const [params] = useSearchParams();
  const gcg = params.get('gcg') ?? '';
  const { api } = useServices();
  const session = useSession();
  const navigate = useNavigate();
  const names = useImportLexicons();
  const [lexicon, setLexicon] = useState('');
  const started = useRef(false);
  const upload = useMutation({
    mutationFn: (lex: string) => api.annotated.importGCG({ gcg, lexicon: lex }),
    onSuccess: (r) => navigate(`/editor/${r.gameId}`, { replace: true }),
  });
  const { mutate } = upload;
  const ask = !namesLexicon(gcg);
  useEffect(() => {
    if (!session.loggedIn || !gcg || ask || started.current) return;
    started.current = true;
    mutate('');
  }, [session.loggedIn, gcg, ask, mutate]);
  const chosen = lexicon || names[0] || '';
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Import a scanned game</h1>
      {!gcg ? (
        <Alert kind="error">Please upload a valid gcg file</Alert>
      ) : session.known && !session.loggedIn ? (
        <p>Log in to create or edit annotated games.</p>
      ) : ask && !upload.isPending && !upload.isSuccess ? (
        <form
          aria-label="Import the scanned game"
          onSubmit={(e) => {
            e.preventDefault();
            mutate(chosen);
          }}
        >
          <p>The scanned game does not say which lexicon it was played with.</p>
          <SelectField label="Lexicon" value={chosen} onChange={(e) => setLexicon(e.target.value)}>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
          {upload.error && <Alert kind="error">{errorText(upload.error)}</Alert>}
          <button type="submit" className="button-primary" disabled={!chosen}>
            Import
          </button>
        </form>
      ) : upload.error ? (
        <Alert kind="error">{errorText(upload.error)}</Alert>
      ) : (
        <Loading />
      )}
      <Link to="/editor">Back to the editor</Link>
    </section>
  );
}
