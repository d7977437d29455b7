import { useMutation } from '@tanstack/react-query';
import { challengeRules, type AnnotatedGameInfo } from '@tessera/protocol';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { useLexicons } from '../../rpc/use-lexicons.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { SelectField } from '../../ui/FormControls.tsx';
import {
  DESCRIPTION_MAX,
  EXTRA_LEXICONS_CREATE,
  lexiconChoices,
  RULE_OPTIONS,
  SAVED_INFO,
} from './editor-data.ts';
import { PlayerNameFields, playerNameErrors } from './PlayerNameFields.tsx';

/** The game information (§2.8, §5 "Edit game"): names, description, lexicon, challenge rule. */
export function GameInfoForm({
  gameId,
  info,
  onSaved,
}: {
  gameId: string;
  info: AnnotatedGameInfo;
  onSaved: () => void;
}) {
  const { api, notifications } = useServices();
  const lex = useLexicons();
  const names = lexiconChoices(
    lex.lexicons.map((l) => l.name),
    EXTRA_LEXICONS_CREATE,
  );
  if (info.lexicon && !names.includes(info.lexicon)) names.push(info.lexicon);
  const [p1, setP1] = useState(info.players[0]?.nickname ?? '');
  const [p2, setP2] = useState(info.players[1]?.nickname ?? '');
  const [description, setDescription] = useState(info.description);
  const [lexicon, setLexicon] = useState(info.lexicon);
  const [rule, setRule] = useState(challengeRules.fromWire(info.challengeRule) ?? 'DOUBLE');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      api.annotated.patchGameDocument({
        gameId,
        document: JSON.stringify({
          players: [{ nickname: p1.trim() }, { nickname: p2.trim() }],
          description: description.trim(),
          lexicon,
          challengeRule: rule,
        }),
      }),
    onSuccess: () => {
      notifications.show('success', SAVED_INFO);
      onSaved();
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const found = playerNameErrors(p1, p2);
    if (description.trim().length > DESCRIPTION_MAX) {
      found.description = `At most ${DESCRIPTION_MAX} characters`;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }
  return (
    <form className="card" onSubmit={submit} noValidate aria-label="Game information">
      <h2>Game information</h2>
      <PlayerNameFields p1={p1} p2={p2} setP1={setP1} setP2={setP2} errors={errors} />
      <TextField
        label="Description"
        value={description}
        maxLength={DESCRIPTION_MAX}
        error={errors.description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <SelectField label="Lexicon" value={lexicon} onChange={(e) => setLexicon(e.target.value)}>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Challenge rule"
        value={rule}
        onChange={(e) => setRule(e.target.value as typeof rule)}
      >
        {RULE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
      {save.error && <Alert kind="error">{errorText(save.error)}</Alert>}
      <button type="submit" disabled={save.isPending}>
        Save game information
      </button>
    </form>
  );
}
