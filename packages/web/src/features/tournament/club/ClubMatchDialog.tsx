import { MessageType, SeekRequestSchema, type TournamentMetadata } from '@tessera/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { useServices } from '../../../app/services.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { SelectField, SwitchField } from '../../../ui/FormControls.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { NOT_CONNECTED, ChallengeRuleField, VariantField } from '../../lobby/index.ts';
import { useLexicons } from '../../../rpc/use-lexicons.ts';
import {
  editable,
  initialValues,
  MATCH_SUBMIT_LOCK_MS,
  toClubRequest,
  validateClubMatch,
  type ClubMatchValues,
} from './club-request.ts';

/**
 * Start club game / Start tournament game: a match request to another
 * member, on the club's settings. After a send the dialog says so and stays
 * open for another request; its submit button rests for 500 ms so a double
 * click sends one request.
 */
export function ClubMatchDialog({
  raw,
  title,
  onClose,
}: {
  raw: TournamentMetadata;
  title: string;
  onClose: () => void;
}) {
  const { socket } = useServices();
  const lexicons = useLexicons();
  const defaults = raw.defaultClubSettings;
  const free = editable(defaults, raw.freeformClubSettingFields);
  const [values, setValues] = useState<ClubMatchValues | null>(null);
  const v = values ?? initialValues(defaults, lexicons.defaultLexicon);
  const [errors, setErrors] = useState<{ opponent?: string; lexicon?: string }>({});
  const [locked, setLocked] = useState(false);
  const [sendError, setSendError] = useState('');
  const [sentTo, setSentTo] = useState('');
  useEffect(() => {
    if (!locked) return;
    const t = setTimeout(() => setLocked(false), MATCH_SUBMIT_LOCK_MS);
    return () => clearTimeout(t);
  }, [locked]);
  const change = (patch: Partial<ClubMatchValues>) => setValues({ ...v, ...patch });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateClubMatch(v);
    setErrors(found);
    if (found.opponent || found.lexicon) return;
    setLocked(true);
    if (
      !socket.send(MessageType.MATCH_REQUEST, SeekRequestSchema, toClubRequest(raw.id, v, defaults))
    ) {
      setSendError(NOT_CONNECTED);
      return;
    }
    // The dialog stays for the next request; its submit rests for 500 ms (§2).
    setSentTo(v.opponent.trim());
    setValues({ ...v, opponent: '' });
  }

  return (
    <Modal title={title} onClose={onClose} wide>
      <form className="form" noValidate onSubmit={submit}>
        {sendError && <Alert kind="error">{sendError}</Alert>}
        {sentTo && <Alert kind="success">Match request sent to {sentTo}.</Alert>}
        <TextField
          label="Opponent"
          placeholder="Their username"
          autoComplete="off"
          value={v.opponent}
          error={errors.opponent}
          onChange={(e) => change({ opponent: e.target.value })}
        />
        <SelectField
          label="Dictionary"
          value={v.lexicon}
          disabled={!free.has('lexicon')}
          error={errors.lexicon}
          onChange={(e) => change({ lexicon: e.target.value })}
        >
          {!v.lexicon && <option value="">Choose a dictionary</option>}
          {lexicons.lexicons.map((l) => (
            <option key={l.name}>{l.name}</option>
          ))}
          {v.lexicon && !lexicons.lexicons.some((l) => l.name === v.lexicon) && (
            <option>{v.lexicon}</option>
          )}
        </SelectField>
        <VariantField
          value={v.variant}
          disabled={!free.has('variant_name')}
          onChange={(variant) => change({ variant })}
        />
        <ChallengeRuleField
          value={v.challengeRule}
          disabled={!free.has('challenge_rule')}
          onChange={(challengeRule) => change({ challengeRule })}
        />
        <TextField
          label="Initial minutes"
          type="number"
          min={1}
          max={60}
          value={v.initialMinutes}
          disabled={!free.has('time')}
          onChange={(e) => change({ initialMinutes: Math.max(1, Number(e.target.value) || 1) })}
        />
        <SwitchField
          label="Rated"
          checked={v.rated}
          disabled={!free.has('rating_mode')}
          onChange={(rated) => change({ rated })}
        />
        <div className="form-actions modal-actions">
          <button type="button" className="button-secondary" onClick={onClose}>
            Done
          </button>
          <button type="submit" className="button-primary" disabled={locked}>
            Send request
          </button>
        </div>
      </form>
    </Modal>
  );
}
