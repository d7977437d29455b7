import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { MessageType, ModActionType, SeekRequestSchema, type LexiconInfo } from '@tessera/protocol';
import { useServices } from '../../../app/services.tsx';
import { usePreferences } from '../../../preferences/use-preferences.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { SelectField } from '../../../ui/FormControls.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import {
  BOTS,
  CHALLENGE_RULES,
  HIDDEN_LEXICONS,
  NOT_CONNECTED,
  USERNAME_MAX,
  VARIANTS,
  type BotId,
  type VariantId,
} from '../constants.ts';
import { OwnActionsNotice } from '../../moderation/index.ts';
import { usePlayerSuggestions } from '../../social/index.ts';
import { LexiconNote } from './LexiconNote.tsx';
import { lexiconDetails, useLexicons, type Lexicons } from '../../../rpc/use-lexicons.ts';
import {
  remember,
  rememberedValues,
  TITLES,
  toSeekRequest,
  validate,
  voidReason,
  type SeekFormErrors,
  type SeekFormKind,
  type SeekFormValues,
} from './model.ts';
import { RatingFields, TimeFields } from './SeekFields.tsx';
import { useBotAccess } from './use-bot-access.ts';

/** "Match a friend" suggests names this long after typing (docs/product/community.md §9). */
export const FRIEND_SUGGEST_DELAY_MS = 200;

const SUBMIT_LABELS: Record<SeekFormKind, string> = {
  seek: 'Create game',
  bot: 'Start game',
  match: 'Send request',
};

/**
 * "Create a game", "Play a computer" and "Match a friend" (docs/product/gameplay.md
 * §3, §5): every field with the spec's defaults, the last values sent from
 * each form remembered in this browser.
 */
/** The moderators' suspensions the seek form tells of, with their reason and end. */
const SUSPENSIONS = [ModActionType.SUSPEND_GAMES, ModActionType.SUSPEND_RATED_GAMES];

export function SeekFormModal({
  kind,
  onClose,
  friend,
}: {
  kind: SeekFormKind;
  onClose: () => void;
  /** Match a friend: the opponent named from a context menu. */
  friend?: string;
}) {
  const lexicons = useLexicons();
  return (
    <Modal title={TITLES[kind]} onClose={onClose} wide>
      {lexicons.status === 'loading' ? (
        <p className="muted" role="status">
          Loading dictionaries…
        </p>
      ) : (
        <SeekForm kind={kind} lexicons={lexicons} onClose={onClose} friend={friend} />
      )}
    </Modal>
  );
}

function SeekForm({
  kind,
  lexicons,
  onClose,
  friend,
}: {
  kind: SeekFormKind;
  lexicons: Lexicons;
  onClose: () => void;
  friend?: string;
}) {
  const { socket } = useServices();
  const { allLexicons } = usePreferences();
  const offered = useMemo(
    () => lexicons.lexicons.filter((l) => allLexicons || !HIDDEN_LEXICONS.includes(l.name)),
    [lexicons.lexicons, allLexicons],
  );
  const [values, setValues] = useState<SeekFormValues>(() => {
    const v = rememberedValues(
      kind,
      lexicons.defaultLexicon,
      offered.map((l) => l.name),
    );
    return friend ? { ...v, friend } : v;
  });
  const [errors, setErrors] = useState<SeekFormErrors>({});
  const [tried, setTried] = useState(false);
  const [sendError, setSendError] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const friendListId = useId();
  const friendSuggestions = usePlayerSuggestions(
    kind === 'match' ? values.friend : '',
    FRIEND_SUGGEST_DELAY_MS,
  );

  const isVoidOnly = (name: string) => !!offered.find((l) => l.name === name)?.voidOnly;
  const forcedVoid = voidReason(kind, values, isVoidOnly);
  const lexicon: LexiconInfo | undefined = offered.find((l) => l.name === values.lexicon);
  const botRefusals = useBotAccess(kind === 'bot');
  const botRefusal = kind === 'bot' ? botRefusals.get(values.botType) : undefined;

  function change(patch: Partial<SeekFormValues>) {
    const next = { ...values, ...patch };
    setValues(next);
    if (tried) setErrors(validate(kind, next));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate(kind, values);
    setErrors(found);
    setTried(true);
    setSendError('');
    if (botRefusal) found.botType = botRefusal.text;
    if (Object.keys(found).length > 0) {
      // Focus the first field with a problem.
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const type = kind === 'match' ? MessageType.MATCH_REQUEST : MessageType.SEEK_REQUEST;
    if (!socket.send(type, SeekRequestSchema, toSeekRequest(kind, values, isVoidOnly))) {
      setSendError(NOT_CONNECTED);
      return;
    }
    remember(kind, values);
    onClose();
  }

  return (
    <form ref={form} className="form seek-form" noValidate onSubmit={submit}>
      <OwnActionsNotice only={SUSPENSIONS} />
      {sendError && <Alert kind="error">{sendError}</Alert>}
      {lexicons.status === 'failed' && (
        <Alert kind="error">The dictionaries could not be loaded: {lexicons.error}</Alert>
      )}
      {kind === 'match' && (
        <TextField
          label="Friend"
          name="friend"
          placeholder="Their username"
          autoComplete="off"
          maxLength={USERNAME_MAX}
          value={values.friend}
          error={errors.friend}
          list={friendListId}
          onChange={(e) => change({ friend: e.target.value })}
        />
      )}
      {kind === 'match' && (
        <datalist id={friendListId}>
          {friendSuggestions.map((p) => (
            <option key={p.uuid} value={p.username} />
          ))}
        </datalist>
      )}
      {kind === 'bot' && (
        <SelectField
          label="Computer opponent"
          value={values.botType}
          error={botRefusal?.text}
          onChange={(e) => change({ botType: e.target.value as BotId })}
        >
          {BOTS.map((b) => (
            <option key={b.id} value={b.id}>
              {b.id} — {b.level}, averages {b.average}
              {botRefusals.has(b.id) ? ` (${botRefusals.get(b.id)!.tag})` : ''}
            </option>
          ))}
        </SelectField>
      )}
      <div className="field-row">
        <SelectField
          label="Dictionary"
          value={values.lexicon}
          error={errors.lexicon}
          hint={lexicon ? <LexiconNote lexicon={lexicon} /> : undefined}
          onChange={(e) => change({ lexicon: e.target.value })}
        >
          {!lexicon && <option value="">Choose a dictionary</option>}
          {offered.map((l) => (
            <option key={l.name} value={l.name} title={lexiconDetails(l)}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Variant"
          value={values.variant}
          onChange={(e) => change({ variant: e.target.value as VariantId })}
        >
          {VARIANTS.map((v) => (
            <option key={v.id} value={v.id}>
              {v.label}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label="Challenge rule"
        value={forcedVoid ? CHALLENGE_RULES[0].rule : values.challengeRule}
        disabled={!!forcedVoid}
        hint={forcedVoid}
        onChange={(e) => change({ challengeRule: Number(e.target.value) })}
      >
        {CHALLENGE_RULES.map((r) => (
          <option key={r.rule} value={r.rule}>
            {r.label}
          </option>
        ))}
      </SelectField>
      <TimeFields values={values} errors={errors} change={change} />
      <RatingFields kind={kind} values={values} change={change} />
      <div className="form-actions modal-actions">
        <button type="button" className="button-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button-primary">
          {SUBMIT_LABELS[kind]}
        </button>
      </div>
    </form>
  );
}
