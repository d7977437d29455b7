import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PuzzleJobLog, PuzzleTag } from '@tessera/protocol';
import { useState } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { SelectField } from '../../ui/FormControls.tsx';
import { useLexicons } from '../../rpc/use-lexicons.ts';
import { PUZZLE_JOB_LOG_PAGE, PUZZLE_TAGS, puzzleJobLogsQuery, tagLabel } from '../puzzle/index.ts';
import {
  defaultJobForm,
  JOB_DISTRIBUTIONS,
  jobFormErrors,
  jobRequest,
  type BucketForm,
  type PuzzleJobForm,
} from './puzzle-job-form.ts';
import { Loading } from '../../ui/Loading.tsx';

/**
 * The admin console's Puzzle Generator (docs/product/community.md §2.6): a
 * job form (PuzzleService.StartPuzzleGenJob) and the recent jobs' logs,
 * newest first, 20 a page.
 */
export function PuzzleGeneratorTab() {
  return (
    <div className="puzzle-generator">
      <JobForm />
      <JobLogs />
    </div>
  );
}

function TagChoices({
  legend,
  chosen,
  onChange,
}: {
  legend: string;
  chosen: readonly PuzzleTag[];
  onChange: (tags: PuzzleTag[]) => void;
}) {
  return (
    <fieldset className="tag-choices">
      <legend>{legend}</legend>
      {PUZZLE_TAGS.map((t) => (
        <label key={t.slug} className="checkbox">
          <input
            type="checkbox"
            checked={chosen.includes(t.tag)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, t.tag] : chosen.filter((x) => x !== t.tag))
            }
          />{' '}
          {t.label}
        </label>
      ))}
    </fieldset>
  );
}

function JobForm() {
  const { api, queries, notifications } = useServices();
  const { lexicons, defaultLexicon } = useLexicons();
  const [form, setForm] = useState<PuzzleJobForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [started, setStarted] = useState('');
  const fallback = lexicons.some((l) => l.name === 'CSW24') ? 'CSW24' : defaultLexicon;
  const f = form ?? defaultJobForm(fallback);
  const set = (patch: Partial<PuzzleJobForm>) => setForm({ ...f, ...patch });
  const setBucket = (i: number, patch: Partial<BucketForm>) =>
    set({ buckets: f.buckets.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const start = useMutation({
    mutationFn: () => api.puzzle.startPuzzleGenJob(jobRequest(f)),
    onSuccess: (r) => {
      setStarted(r.jobId);
      void queries.invalidateQueries({ queryKey: ['puzzle', 'getPuzzleJobLogs'] });
    },
    onError: (err) => notifications.show('error', errorText(err)),
  });
  const num = (key: keyof PuzzleJobForm, label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      value={String(f[key])}
      error={errors[key]}
      onChange={(e) => set({ [key]: e.target.value } as Partial<PuzzleJobForm>)}
    />
  );

  return (
    <form
      className="card admin-form"
      aria-labelledby="puzzle-job-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found = jobFormErrors(f);
        setErrors(found);
        setStarted('');
        if (Object.keys(found).length === 0) start.mutate();
      }}
    >
      <h2 id="puzzle-job-title" className="card-title">
        New generation job
      </h2>
      {started && <Alert kind="success">Job {started} started.</Alert>}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={f.botVsBot}
          onChange={(e) => set({ botVsBot: e.target.checked })}
        />{' '}
        Bot versus bot games (otherwise stored games)
      </label>
      <SelectField
        label="Lexicon"
        value={f.lexicon}
        error={errors.lexicon}
        onChange={(e) => set({ lexicon: e.target.value })}
      >
        {!lexicons.some((l) => l.name === f.lexicon) && (
          <option value={f.lexicon}>{f.lexicon}</option>
        )}
        {lexicons.map((l) => (
          <option key={l.name} value={l.name}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Letter distribution"
        value={f.letterDistribution}
        onChange={(e) => set({ letterDistribution: e.target.value })}
      >
        {JOB_DISTRIBUTIONS.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </SelectField>
      {num('gameConsiderationLimit', 'Game consideration limit')}
      {f.botVsBot && num('gameCreationLimit', 'Game creation limit')}
      {!f.botVsBot && (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={f.avoidBotGames}
              onChange={(e) => set({ avoidBotGames: e.target.checked })}
            />{' '}
            Avoid bot games
          </label>
          {num('daysPerChunk', 'Days per chunk')}
          <TextField
            label="Start date"
            type="date"
            value={f.startDate}
            error={errors.startDate}
            onChange={(e) => set({ startDate: e.target.value })}
          />
        </>
      )}
      {num('equityLossTotalLimit', 'Equity loss total limit')}
      <h3>Buckets</h3>
      {errors.buckets && <Alert kind="error">{errors.buckets}</Alert>}
      {f.buckets.map((b, i) => (
        <div key={i} className="bucket" role="group" aria-label={`Bucket ${i + 1}`}>
          <TextField
            label={`Bucket ${i + 1} size`}
            inputMode="numeric"
            value={b.size}
            error={errors[`bucket${i}`]}
            onChange={(e) => setBucket(i, { size: e.target.value })}
          />
          <TagChoices
            legend="Includes"
            chosen={b.includes}
            onChange={(includes) => setBucket(i, { includes })}
          />
          <TagChoices
            legend="Excludes"
            chosen={b.excludes}
            onChange={(excludes) => setBucket(i, { excludes })}
          />
          <button
            type="button"
            className="button-secondary"
            onClick={() => set({ buckets: f.buckets.filter((_, j) => j !== i) })}
          >
            Remove bucket {i + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button-secondary"
        onClick={() => set({ buckets: [...f.buckets, { size: '', includes: [], excludes: [] }] })}
      >
        Add bucket
      </button>
      <TextField
        label="Secret key (only without the admin permission)"
        type="password"
        autoComplete="off"
        value={f.secretKey}
        onChange={(e) => set({ secretKey: e.target.value })}
      />
      <div className="modal-actions">
        <button type="submit" className="button-primary" disabled={start.isPending}>
          Start job
        </button>
      </div>
    </form>
  );
}

function when(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : new Date(t).toLocaleString();
}

function requestSummary(log: PuzzleJobLog): string {
  const r = log.request;
  if (!r) return '';
  const buckets = r.buckets
    .map((b) => `${b.size}${b.includes.length ? ` ${b.includes.map(tagLabel).join('+')}` : ''}`)
    .join(', ');
  return `${r.botVsBot ? 'bot games' : 'stored games'}, ${r.lexicon}, buckets ${buckets}`;
}

function JobLogs() {
  const { api } = useServices();
  const queries = useQueryClient();
  const [page, setPage] = useState(0);
  const logs = useQuery({
    ...puzzleJobLogsQuery(api, page),
    // A running job's counts move; look again while one is on.
    refetchInterval: (q) => (q.state.data?.logs.some((l) => !l.completedAt) ? 3_000 : false),
  });
  const failure = useErrorText(logs.error);
  const rows = logs.data?.logs ?? [];
  return (
    <section className="card" aria-labelledby="puzzle-logs-title">
      <h2 id="puzzle-logs-title" className="card-title">
        Job logs
      </h2>
      {failure || !logs.data ? (
        <Loading error={failure} className="" />
      ) : rows.length === 0 ? (
        <p>No jobs {page > 0 ? 'on this page' : 'yet'}.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Completed</th>
              <th scope="col">Request</th>
              <th scope="col">Games</th>
              <th scope="col">Puzzles</th>
              <th scope="col">Fulfilled</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((l) => (
              <tr key={l.id} data-job-id={l.id}>
                <td>{when(l.createdAt)}</td>
                <td>{l.completedAt ? when(l.completedAt) : 'Running'}</td>
                <td>{requestSummary(l)}</td>
                <td>{l.gamesConsidered}</td>
                <td>
                  {l.puzzlesCreated}
                  {l.bucketCounts.length > 1 && ` (${l.bucketCounts.join(' / ')})`}
                </td>
                <td>{l.fulfilled ? 'Yes' : 'No'}</td>
                <td>{l.errorStatus}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="pager">
        <button
          type="button"
          className="button-secondary"
          disabled={page === 0}
          onClick={() => setPage(page - 1)}
        >
          Newer
        </button>
        <span>Page {page + 1}</span>
        <button
          type="button"
          className="button-secondary"
          disabled={rows.length < PUZZLE_JOB_LOG_PAGE}
          onClick={() => setPage(page + 1)}
        >
          Older
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() =>
            void queries.invalidateQueries({ queryKey: ['puzzle', 'getPuzzleJobLogs'] })
          }
        >
          Refresh
        </button>
      </div>
    </section>
  );
}
