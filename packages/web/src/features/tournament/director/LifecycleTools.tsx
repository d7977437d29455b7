import { ExportFormat } from '@tessera/protocol';
import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { RadioGroup, SelectField } from '../../../ui/FormControls.tsx';
import { SUCCESS } from '../messages.ts';
import { METADATA_KEY, stateKey } from '../queries.ts';
import { useAction } from '../use-action.ts';
import { download, fileBase } from './download.ts';
import { Actions, ToolForm } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';

/**
 * Export tournament: a TSH `.t` file of one division (TSH reads one file per
 * division), or the standings (.csv) of one division or all of them.
 */
export function ExportTool({ meta, state, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction();
  const [format, setFormat] = useState<'tsh' | 'csv'>('tsh');
  const divisions = state.divisions;
  const [division, setDivision] = useState(divisions[0]?.id ?? '');
  // "" is every division, which only the CSV can hold.
  const chosen = format === 'tsh' && division === '' ? (divisions[0]?.id ?? '') : division;
  return (
    <ToolForm
      onSubmit={async () => {
        const ok = await run(async () => {
          const res = await api.tournament.exportTournament({
            id: meta.id,
            format: format === 'tsh' ? ExportFormat.TSH : ExportFormat.STANDINGSONLY,
            division: chosen,
          });
          const base = chosen ? `${fileBase(meta.name)}-${fileBase(chosen)}` : fileBase(meta.name);
          download(`${base}.${format === 'tsh' ? 't' : 'csv'}`, res.exported, 'text/plain');
        }, null);
        if (ok) done();
      }}
    >
      <RadioGroup
        legend="Format"
        name="export-format"
        value={format}
        options={[
          { value: 'tsh', label: 'TSH file (.t, one division)' },
          { value: 'csv', label: 'Standings only (CSV)' },
        ]}
        onChange={setFormat}
      />
      <SelectField label="Division" value={chosen} onChange={(e) => setDivision(e.target.value)}>
        {format === 'csv' && divisions.length > 1 && <option value="">All divisions</option>}
        {divisions.map((d) => (
          <option key={d.id} value={d.id}>
            {d.id}
          </option>
        ))}
      </SelectField>
      <Actions busy={busy} label="Export" />
    </ToolForm>
  );
}

/**
 * Finish tournament, once every division has played its last round; the
 * dialog is the confirmation, and the server's refusal (a division not
 * finished ...) shows as an error toast.
 */
export function FinishTool({ meta, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([METADATA_KEY, stateKey(meta.id)]);
  return (
    <ToolForm
      onSubmit={async () => {
        const ok = await run(
          () => api.tournament.finishTournament({ id: meta.id }),
          SUCCESS.tournamentFinished,
        );
        if (ok) done();
      }}
    >
      <p>
        Mark this tournament as finished? Results can no longer be changed until it is unfinished.
      </p>
      <Actions busy={busy} label="Finish tournament" />
    </ToolForm>
  );
}

/** Unfinish tournament: reopens it for editing, then reloads the page (§7). */
export function UnfinishTool({ meta }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([METADATA_KEY, stateKey(meta.id)]);
  return (
    <ToolForm
      onSubmit={async () => {
        if (await run(() => api.tournament.unfinishTournament({ id: meta.id }), null))
          window.location.reload();
      }}
    >
      <p>Reopen this finished tournament for editing.</p>
      <Actions busy={busy} label="Unfinish tournament" />
    </ToolForm>
  );
}

/**
 * Unstart tournament: deletes every result and resets it, then reloads the
 * page (§4, §7). Submitting this dialog is the confirmation the server asks
 * for; "Undo the last unstart" puts back what it removed (the log keeps it).
 */
export function UnstartTool({ meta }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([METADATA_KEY, stateKey(meta.id)]);
  const [mode, setMode] = useState<'unstart' | 'undo'>('unstart');
  return (
    <ToolForm
      onSubmit={async () => {
        const undo = mode === 'undo';
        if (
          await run(
            () => api.tournament.unstartTournament({ id: meta.id, confirm: !undo, undo }),
            null,
          )
        )
          window.location.reload();
      }}
    >
      <RadioGroup
        legend="Action"
        name="unstart-mode"
        value={mode}
        options={[
          { value: 'unstart', label: 'Unstart the tournament' },
          { value: 'undo', label: 'Undo the last unstart' },
        ]}
        onChange={setMode}
      />
      {mode === 'unstart' ? (
        <p>
          <strong>This deletes every pairing and result</strong> and puts the tournament back before
          its first round. The log keeps them: until the tournament starts again, Undo the last
          unstart restores them.
        </p>
      ) : (
        <p>Restores the pairings and results the last unstart removed.</p>
      )}
      <Actions
        busy={busy}
        label={mode === 'unstart' ? 'Unstart tournament' : 'Undo unstart'}
        danger={mode === 'unstart'}
      />
    </ToolForm>
  );
}
