import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { BADGE_HOLDERS_KEY, BADGES_METADATA_KEY, badgeImage } from '../social/index.ts';
import { UsernameField } from './UsernameField.tsx';
import { AddRemoveButtons } from './AddRemoveButtons.tsx';

/**
 * Assign User Badges (docs/product/community.md §2.6): choose a badge (its
 * image, the description as tooltip), list who holds it, and add or remove
 * it for a username. The buttons appear once what they need is chosen.
 */
export function BadgesTab() {
  const { api } = useServices();
  const queries = useQueryClient();
  const meta = useQuery({
    queryKey: BADGES_METADATA_KEY,
    queryFn: () => api.authorization.getBadgesMetadata({}),
    staleTime: Infinity,
  });
  const [code, setCode] = useState('');
  const [username, setUsername] = useState('');
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const holders = useMutation({
    mutationFn: (c: string) => api.authorization.getUsersForBadge({ code: c }),
  });
  const change = useMutation({
    mutationFn: async (add: boolean) => {
      const req = { username: username.trim(), code };
      if (add) await api.authorization.addBadge(req);
      else await api.authorization.removeBadge(req);
    },
    onSuccess: (_r, add) => {
      setOutcome({
        kind: 'success',
        text: add
          ? `${username.trim()} now wears the badge ${code}.`
          : `${username.trim()} no longer wears the badge ${code}.`,
      });
      void queries.invalidateQueries({ queryKey: BADGE_HOLDERS_KEY });
      if (holders.data) holders.mutate(code);
    },
    onError: (err, add) =>
      setOutcome({
        kind: 'error',
        text: `${add ? 'Error adding badge' : 'Error removing badge'}: ${errorText(err)}`,
      }),
  });
  if (!meta.data)
    return meta.isError ? <Alert kind="error">Error: {errorText(meta.error)}</Alert> : <Loading />;
  const badges = Object.entries(meta.data.badges);
  const ready = username.trim() !== '' && code !== '';

  return (
    <div className="admin-stack">
      <section className="card admin-form" aria-labelledby="badge-choice-title">
        <h2 id="badge-choice-title" className="card-title">
          Badges
        </h2>
        <ul className="badge-choices" aria-label="Choose a badge">
          {badges.map(([c, description]) => (
            <li key={c}>
              <button
                type="button"
                className={c === code ? 'badge-choice badge-choice-on' : 'badge-choice'}
                aria-pressed={c === code}
                title={description}
                onClick={() => {
                  setCode(c);
                  setOutcome(null);
                  holders.reset();
                }}
              >
                <img src={badgeImage(c)} alt="" width={40} height={40} />
                <span className="badge-choice-code">{c}</span>
              </button>
            </li>
          ))}
        </ul>
        {code && <p className="muted">{meta.data.badges[code]}</p>}
        {code && (
          <div className="admin-row-actions">
            <button
              type="button"
              className="button-secondary"
              disabled={holders.isPending}
              onClick={() => holders.mutate(code)}
            >
              List users with this badge
            </button>
          </div>
        )}
        {holders.isError && <Alert kind="error">Error: {errorText(holders.error)}</Alert>}
        {holders.data && (
          <div aria-live="polite">
            {holders.data.usernames.length === 0 ? (
              <p className="muted">Nobody wears this badge.</p>
            ) : (
              <ul className="admin-holders" aria-label={`Users with the badge ${code}`}>
                {holders.data.usernames.map((u) => (
                  <li key={u}>{u}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
      <form
        className="card admin-form"
        aria-labelledby="badge-form-title"
        noValidate
        onSubmit={(e) => e.preventDefault()}
      >
        <h2 id="badge-form-title" className="card-title">
          Add or remove a badge
        </h2>
        <UsernameField
          value={username}
          onChange={(v) => {
            setUsername(v);
            setOutcome(null);
          }}
        />
        {!code && <p className="muted">Choose a badge above.</p>}
        {ready && (
          <AddRemoveButtons
            what="badge"
            pending={change.isPending}
            onChange={(add) => change.mutate(add)}
          />
        )}
        {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      </form>
    </div>
  );
}
