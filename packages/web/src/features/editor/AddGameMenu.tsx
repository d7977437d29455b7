import { useMutation } from '@tanstack/react-query';
import { ChallengeRule as WireRule } from '@tessera/protocol';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { SelectField } from '../../ui/FormControls.tsx';
import {
  EXTRA_LEXICONS_CREATE,
  EXTRA_LEXICONS_IMPORT,
  RULE_OPTIONS,
  scannerLink,
  scannerUrl,
  UPLOAD_INVALID,
} from './editor-data.ts';
import { PlayerNameFields, playerNameErrors } from './PlayerNameFields.tsx';
import { useLexiconNames } from './use-lexicon-names.ts';

type Choice = 'scratch' | 'upload';

/**
 * "Add an annotated game" (docs/product/community.md §2.8): from scratch, from a
 * GCG file, or from a camera through the operator's scanning service. A new
 * or imported game opens in the editor.
 */
export function AddGameMenu() {
  const [choice, setChoice] = useState<Choice>('scratch');
  const scanner = scannerUrl();
  return (
    <section className="card editor-add" aria-labelledby="editor-add-title">
      <h2 id="editor-add-title">Add an annotated game</h2>
      <div className="segmented" role="group" aria-label="How to add a game">
        <button
          type="button"
          aria-pressed={choice === 'scratch'}
          onClick={() => setChoice('scratch')}
        >
          Create from scratch
        </button>
        <button
          type="button"
          aria-pressed={choice === 'upload'}
          onClick={() => setChoice('upload')}
        >
          Upload a GCG file
        </button>
        {scanner && (
          <a className="button" href={scannerLink(scanner, window.location.origin)}>
            Annotate from a camera
          </a>
        )}
      </div>
      {choice === 'scratch' ? <NewGameForm /> : <UploadForm />}
    </section>
  );
}

function NewGameForm() {
  const { api } = useServices();
  const navigate = useNavigate();
  const { names, fallback } = useLexiconNames(EXTRA_LEXICONS_CREATE);
  const [p1, setP1] = useState('');
  const [p2, setP2] = useState('');
  const [lexicon, setLexicon] = useState('');
  const [rule, setRule] = useState<WireRule | ''>(WireRule.DOUBLE);
  const [isPublic, setPublic] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: () =>
      api.annotated.createBroadcastGame({
        playersInfo: [{ nickname: p1.trim() }, { nickname: p2.trim() }],
        lexicon: lexicon || fallback,
        challengeRule: rule === '' ? WireRule.UNSPECIFIED : rule,
        public: isPublic,
      }),
    onSuccess: (r) => navigate(`/editor/${r.gameId}`),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const found = playerNameErrors(p1, p2);
    if (!(lexicon || fallback)) found.lexicon = 'Lexicon is required';
    if (rule === '') found.rule = 'Challenge rule is required';
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  }
  return (
    <form onSubmit={submit} noValidate aria-label="New annotated game">
      <PlayerNameFields p1={p1} p2={p2} setP1={setP1} setP2={setP2} errors={errors} />
      <SelectField
        label="Lexicon"
        value={lexicon || fallback}
        error={errors.lexicon}
        onChange={(e) => setLexicon(e.target.value)}
      >
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Challenge rule"
        value={rule}
        error={errors.rule}
        onChange={(e) => setRule(e.target.value === '' ? '' : (Number(e.target.value) as WireRule))}
      >
        <option value="">Choose…</option>
        {RULE_OPTIONS.map((o) => (
          <option key={o.value} value={o.wire}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <label className="checkbox">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />{' '}
        Public (anyone may view it)
      </label>
      {create.error && <Alert kind="error">{errorText(create.error)}</Alert>}
      <button type="submit" className="button-primary" disabled={create.isPending}>
        Create game
      </button>
    </form>
  );
}

function UploadForm() {
  const { api } = useServices();
  const navigate = useNavigate();
  const { names } = useLexiconNames(EXTRA_LEXICONS_IMPORT);
  const [file, setFile] = useState<File | null>(null);
  const [lexicon, setLexicon] = useState('');
  const [rule, setRule] = useState<WireRule>(WireRule.UNSPECIFIED);
  const [problem, setProblem] = useState('');
  const upload = useMutation({
    mutationFn: async (f: File) =>
      api.annotated.importGCG({ gcg: await f.text(), lexicon, challengeRule: rule }),
    onSuccess: (r) => navigate(`/editor/${r.gameId}`),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!file || file.size === 0) {
      setProblem(UPLOAD_INVALID);
      return;
    }
    setProblem('');
    upload.mutate(file);
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Upload a GCG file">
      <div className="field">
        <label htmlFor="gcg-file">GCG file</label>
        <input
          id="gcg-file"
          type="file"
          accept=".gcg,text/plain"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <SelectField label="Lexicon" value={lexicon} onChange={(e) => setLexicon(e.target.value)}>
        <option value="">As the file says</option>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Challenge rule"
        value={rule}
        onChange={(e) => setRule(Number(e.target.value) as WireRule)}
      >
        <option value={WireRule.UNSPECIFIED}>As the file says (else Double)</option>
        {RULE_OPTIONS.map((o) => (
          <option key={o.value} value={o.wire}>
            {o.label}
          </option>
        ))}
      </SelectField>
      {(problem || upload.error) && (
        <Alert kind="error">{problem || errorText(upload.error)}</Alert>
      )}
      <button type="submit" className="button-primary" disabled={upload.isPending}>
        Upload
      </button>
    </form>
  );
}
