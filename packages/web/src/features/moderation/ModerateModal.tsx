import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModAction } from '@tessera/protocol';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { SelectField } from '../../ui/FormControls.tsx';
import { Modal } from '../../ui/Modal.tsx';
import {
  actionLabel,
  FORM_ACTIONS,
  FORM_EMAIL_TYPES,
  LASTING,
  millis,
  NOTORIOUS_LABELS,
  when,
} from './action-labels.ts';
import {
  checkModForm,
  MAX_HOURS,
  MAX_NOTE,
  type ModFormValues,
  SHORT_DURATION_HOURS,
} from './mod-form.ts';
import { activeActionsQuery, actionHistoryQuery, notorietyQuery } from './mod-queries.ts';
import './moderation.css';

export interface ModeratedUser {
  uuid: string;
  username: string;
}

/**
 * "Apply mod action" (docs/product/community.md §2.7, §5): the form, the
 * user's active actions (each removable), the history newest first and
 * the notoriety report with its reset.
 */
export function ModerateModal({ user, onClose }: { user: ModeratedUser; onClose: () => void }) {
  return (
    <Modal title="Apply mod action" onClose={onClose} className="mod-modal-backdrop">
      <div className="mod-modal-body">
        <p className="mod-modal-user">
          Moderating <strong>{user.username}</strong>
        </p>
        <ApplyForm user={user} />
        <ActiveActions user={user} />
        <History user={user} />
        <NotorietyReport user={user} />
      </div>
    </Modal>
  );
}

function useInvalidate(userId: string) {
  const queries = useQueryClient();
  return () => {
    void queries.invalidateQueries({ queryKey: ['moderation', 'getActions', userId] });
    void queries.invalidateQueries({ queryKey: ['moderation', 'getActionHistory', userId] });
  };
}

function ApplyForm({ user }: { user: ModeratedUser }) {
  const { api, notifications } = useServices();
  const invalidate = useInvalidate(user.uuid);
  const [values, setValues] = useState<ModFormValues>({
    type: '',
    hours: '0',
    note: '',
    emailType: FORM_EMAIL_TYPES[0].type,
  });
  const [shown, setShown] = useState(false);
  const { errors, seconds } = checkModForm(values);
  const apply = useMutation({
    mutationFn: () =>
      api.moderation.applyActions({
        actions: [
          {
            userId: user.uuid,
            type: values.type === '' ? undefined : values.type,
            duration: values.type !== '' && LASTING.has(values.type) ? seconds : 0,
            note: values.note.trim(),
            emailType: values.emailType,
          },
        ],
      }),
    onSuccess: () => {
      notifications.show('success', 'Applied mod action');
      setValues((v) => ({ ...v, note: '' }));
      setShown(false);
      invalidate();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (Object.keys(errors).length === 0) apply.mutate();
  };
  const lasting = values.type !== '' && LASTING.has(values.type);
  return (
    <form className="mod-form" onSubmit={submit} noValidate aria-label="Mod action">
      <SelectField
        label="Action"
        value={values.type === '' ? '' : String(values.type)}
        error={shown ? errors.type : undefined}
        onChange={(e) =>
          setValues({ ...values, type: e.target.value === '' ? '' : Number(e.target.value) })
        }
      >
        <option value="">Choose an action</option>
        {FORM_ACTIONS.map((a) => (
          <option key={a.type} value={a.type}>
            {a.label}
          </option>
        ))}
      </SelectField>
      <div className="mod-duration">
        <TextField
          label="Duration (hours, 0 = indefinite)"
          type="number"
          min={0}
          max={MAX_HOURS}
          step="any"
          inputMode="decimal"
          disabled={!lasting}
          value={values.hours}
          error={shown ? errors.hours : undefined}
          onChange={(e) => setValues({ ...values, hours: e.target.value })}
        />
        <button
          type="button"
          className="button secondary"
          disabled={!lasting}
          onClick={() => setValues({ ...values, hours: String(SHORT_DURATION_HOURS) })}
        >
          Set short duration
        </button>
      </div>
      <TextField
        label="Note"
        maxLength={MAX_NOTE}
        value={values.note}
        error={shown ? errors.note : undefined}
        hint={`${[...values.note].length}/${MAX_NOTE}`}
        onChange={(e) => setValues({ ...values, note: e.target.value })}
      />
      <SelectField
        label="Email type"
        value={String(values.emailType)}
        onChange={(e) => setValues({ ...values, emailType: Number(e.target.value) })}
      >
        {FORM_EMAIL_TYPES.map((t) => (
          <option key={t.type} value={t.type}>
            {t.label}
          </option>
        ))}
      </SelectField>
      {apply.isError && <Alert kind="error">{errorText(apply.error)}</Alert>}
      <button type="submit" className="button primary" disabled={apply.isPending}>
        Apply
      </button>
    </form>
  );
}

function ActionRow({ a, onRemove }: { a: ModAction; onRemove?: () => void }) {
  const end = millis(a.endTime);
  const removed = millis(a.removedTime);
  return (
    <tr>
      <td>{actionLabel(a.type)}</td>
      <td>{when(millis(a.startTime))}</td>
      <td>
        {LASTING.has(a.type) ? (end ? when(end) : 'Indefinite') : '—'}
        {removed > 0 && (
          <div className="muted">
            Lifted {when(removed)}
            {a.removerUsername ? ` by ${a.removerUsername}` : ''}
          </div>
        )}
      </td>
      <td>{a.applierUsername || 'automatic'}</td>
      <td className="mod-note">{a.chatText ? `“${a.chatText}” ${a.note}` : a.note}</td>
      {onRemove && (
        <td>
          <button type="button" className="button secondary" onClick={onRemove}>
            Remove
          </button>
        </td>
      )}
    </tr>
  );
}

function ActionTable({
  actions,
  caption,
  onRemove,
}: {
  actions: ModAction[];
  caption: string;
  onRemove?: (a: ModAction) => void;
}) {
  return (
    <table className="mod-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Action</th>
          <th scope="col">Start</th>
          <th scope="col">End</th>
          <th scope="col">By</th>
          <th scope="col">Note</th>
          {onRemove && <th scope="col">Remove</th>}
        </tr>
      </thead>
      <tbody>
        {actions.map((a, i) => (
          <ActionRow key={i} a={a} onRemove={onRemove ? () => onRemove(a) : undefined} />
        ))}
      </tbody>
    </table>
  );
}

function ActiveActions({ user }: { user: ModeratedUser }) {
  const { api, notifications } = useServices();
  const invalidate = useInvalidate(user.uuid);
  const active = useQuery(activeActionsQuery(api, user.uuid));
  const remove = useMutation({
    mutationFn: (a: ModAction) =>
      api.moderation.removeActions({ actions: [{ userId: user.uuid, type: a.type }] }),
    onSuccess: () => {
      notifications.show('success', 'Removed mod action');
      invalidate();
    },
    onError: (err) => notifications.show('error', errorText(err), { title: 'Error' }),
  });
  const list = Object.values(active.data?.actions ?? {});
  return (
    <section className="mod-section" aria-label="Active mod actions">
      <h3>Active mod actions</h3>
      {active.isPending ? (
        <p className="muted">Loading…</p>
      ) : active.isError ? (
        <Alert kind="error">{errorText(active.error)}</Alert>
      ) : list.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ActionTable actions={list} caption="Active" onRemove={(a) => remove.mutate(a)} />
      )}
    </section>
  );
}

function History({ user }: { user: ModeratedUser }) {
  const { api } = useServices();
  const history = useQuery(actionHistoryQuery(api, user.uuid));
  const list = history.data?.actions ?? [];
  return (
    <section className="mod-section" aria-label="Moderation history">
      <h3>Moderation history</h3>
      {history.isPending ? (
        <p className="muted">Loading…</p>
      ) : history.isError ? (
        <Alert kind="error">{errorText(history.error)}</Alert>
      ) : list.length === 0 ? (
        <p className="muted">No actions so far.</p>
      ) : (
        <ActionTable actions={list} caption="Newest first" />
      )}
    </section>
  );
}

function NotorietyReport({ user }: { user: ModeratedUser }) {
  const { api, notifications, queries } = useServices();
  const report = useQuery(notorietyQuery(api, user.uuid));
  const reset = useMutation({
    mutationFn: () => api.moderation.resetNotoriety({ userId: user.uuid }),
    onSuccess: () => {
      notifications.show('success', 'Notoriety reset');
      void queries.invalidateQueries({ queryKey: ['moderation', 'getNotoriety', user.uuid] });
    },
    onError: (err) => notifications.show('error', errorText(err), { title: 'Error' }),
  });
  return (
    <section className="mod-section" aria-label="Notoriety report">
      <h3>Notoriety report</h3>
      {report.isPending ? (
        <p className="muted">Loading…</p>
      ) : report.isError ? (
        <Alert kind="error">{errorText(report.error)}</Alert>
      ) : (
        <>
          <p>
            Score: <strong>{report.data.score}</strong>{' '}
            <button
              type="button"
              className="button secondary"
              disabled={reset.isPending}
              onClick={() => reset.mutate()}
            >
              Reset notoriety
            </button>
          </p>
          {report.data.games.length > 0 && (
            <ul className="mod-notorious-games">
              {report.data.games.map((g) => (
                <li key={g.id}>
                  <Link to={`/game/${g.id}`}>{g.id}</Link> {NOTORIOUS_LABELS[g.type]} (
                  {when(millis(g.createdAt))})
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
