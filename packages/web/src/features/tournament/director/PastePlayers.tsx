import { useMemo, useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { Alert } from '../../../ui/Alert.tsx';
import { SUCCESS } from '../messages.ts';
import { usernameOf, type Division } from '../model.ts';
import { stateKey } from '../queries.ts';
import { tournamentErrorText } from '../tournament-errors.ts';
import { useAction } from '../use-action.ts';
import { Actions, ToolForm } from './fields.tsx';
import { lineNamed, PASTE_FORMATS, readPastedList } from './paste-list.ts';
import type { ToolProps } from './tool-props.ts';

/**
 * Add players by pasting a list (paste-list.ts has the accepted lines): a
 * preview of what each line adds, or what is wrong with it, before anything
 * is sent; a refusal of the server that names a player marks their line.
 */
export function PastePlayers({
  meta,
  divisions,
  division,
  withRatings,
  done,
}: Pick<ToolProps, 'meta' | 'done'> & {
  divisions: readonly Division[];
  division: Division | undefined;
  withRatings: boolean;
}) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(meta.id)]);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<{ text: string; line?: number }>();
  const [tried, setTried] = useState(false);
  const taken = useMemo(
    () =>
      new Map(
        divisions.flatMap((d) =>
          d.players.filter((p) => !p.suspended).map((p) => [usernameOf(p.id).toLowerCase(), d.id]),
        ),
      ),
    [divisions],
  );
  const lines = useMemo(() => readPastedList(text, withRatings, taken), [text, withRatings, taken]);
  const bad = lines.filter((l) => l.error).length;
  const persons = lines.flatMap((l) => (l.person ? [l.person] : []));
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        setTried(true);
        setRefusal(undefined);
        if (bad > 0 || persons.length === 0 || !division) return;
        const ok = await run(async () => {
          try {
            await api.tournament.addPlayers({ id: meta.id, division: division.id, persons });
          } catch (err) {
            const message = tournamentErrorText(err);
            setRefusal({ text: message, line: lineNamed(lines, message) });
            throw err;
          }
        }, SUCCESS.playersAdded);
        if (ok) done();
      }}
    >
      <div className="field paste-list">
        <label>
          Player list, one per line
          <textarea
            rows={8}
            value={text}
            spellCheck={false}
            placeholder={PASTE_FORMATS.join('\n')}
            onChange={(e) => {
              setText(e.target.value);
              setRefusal(undefined);
            }}
          />
        </label>
        <div className="field-hint">
          Username first, then the rating, then if you like the name as printed: {'"alice 1830"'},{' '}
          {'"alice,1830,Smith, Alice"'}; with semicolons or cells from a spreadsheet, a class can
          follow the name: {'"alice;1830;Smith, Alice;A"'}. Lines starting with # are skipped.
        </div>
      </div>
      {tried && bad > 0 && (
        <Alert kind="error">
          {bad === 1 ? '1 line needs' : `${bad} lines need`} fixing before any player is added.
        </Alert>
      )}
      {tried && bad === 0 && persons.length === 0 && (
        <Alert kind="error">Paste some players first.</Alert>
      )}
      {refusal && (
        <Alert kind="error">
          {refusal.line ? `Line ${refusal.line}: ` : ''}
          {refusal.text}
        </Alert>
      )}
      {lines.length > 0 && (
        <table className="paste-preview" aria-label="Preview">
          <thead>
            <tr>
              <th>Line</th>
              <th>Username</th>
              <th>Rating</th>
              <th>Name</th>
              <th>Class</th>
              <th>Check</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => {
              const error = l.error ?? (refusal?.line === l.line ? refusal.text : undefined);
              return (
                <tr key={l.line} className={error ? 'paste-error' : undefined}>
                  <td>{l.line}</td>
                  {l.person ? (
                    <>
                      <td>{l.person.id}</td>
                      <td>{withRatings ? l.person.rating : ''}</td>
                      <td>{l.person.name ?? ''}</td>
                      <td>{l.person.className ?? ''}</td>
                    </>
                  ) : (
                    <td colSpan={4}>{l.text}</td>
                  )}
                  <td>{error ?? 'OK'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Actions
        busy={busy}
        label={persons.length === 1 ? 'Add 1 player' : `Add ${persons.length} players`}
      />
    </ToolForm>
  );
}
