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

/** Unstart tournament: deletes every result and resets it, then reloads the page (§4, §7). */
export function UnstartTool({ meta }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([METADATA_KEY, stateKey(meta.id)]);
  return (
    <ToolForm
      onSubmit={async () => {
        if (await run(() => api.tournament.unstartTournament({ id: meta.id }), null))
          window.location.reload();
      }}
    >
      <p>
        <strong>This deletes every pairing and result</strong> and puts the tournament back before
        its first round.
      </p>
      <Actions busy={busy} label="Unstart tournament" danger />
    </ToolForm>
  );
}
