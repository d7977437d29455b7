import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { SwitchField } from '../../../ui/FormControls.tsx';
import { timestamp } from '../from-proto.ts';
import { SUCCESS } from '../messages.ts';
import { METADATA_KEY } from '../queries.ts';
import { useAction } from '../use-action.ts';
import { Actions, BrandingFields, DescriptionField, ToolForm } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';

export const NAME_REQUIRED = 'You must enter a name for the tournament.';

/** "2026-11-27T20:00" in the viewer's time zone, for a datetime-local input. */
export function localInput(ms: number): string {
  if (!ms) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Edit description and other settings (SetTournamentMetadata): name,
 * description, disclaimer, logo, colour, private analysis, the schedule and
 * IRL mode, which can be turned on but never off and is locked for clubs
 * (docs/product/tournaments.md §4).
 */
export function SettingsTool({ meta, raw, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([METADATA_KEY]);
  const [v, setV] = useState({
    name: meta.name,
    description: meta.description,
    disclaimer: meta.disclaimer,
    logo: meta.logo,
    color: meta.color,
    privateAnalysis: meta.privateAnalysis,
    irlMode: meta.irlMode,
    start: localInput(meta.scheduledStart),
    end: localInput(meta.scheduledEnd),
  });
  const [error, setError] = useState<string>();
  const change = (patch: Partial<typeof v>) => setV({ ...v, ...patch });
  return (
    <ToolForm
      noValidate
      onSubmit={async () => {
        setError(v.name.trim() ? undefined : NAME_REQUIRED);
        if (!v.name.trim()) return;
        const when = (s: string) => (s ? timestamp(new Date(s).getTime()) : undefined);
        const ok = await run(
          () =>
            api.tournament.setTournamentMetadata({
              metadata: {
                ...raw,
                name: v.name.trim(),
                description: v.description,
                disclaimer: v.disclaimer,
                logo: v.logo,
                color: v.color,
                privateAnalysis: v.privateAnalysis,
                irlMode: v.irlMode,
                scheduledStartTime: when(v.start),
                scheduledEndTime: when(v.end),
              },
              setOnlySpecified: false,
            }),
          SUCCESS.metadataSet,
        );
        if (ok) done();
      }}
    >
      <TextField
        label="Name"
        value={v.name}
        error={error}
        onChange={(e) => change({ name: e.target.value })}
      />
      <DescriptionField value={v.description} onChange={(description) => change({ description })} />
      <BrandingFields values={v} change={change} />
      <div className="field-row">
        <TextField
          label="Scheduled start"
          type="datetime-local"
          value={v.start}
          onChange={(e) => change({ start: e.target.value })}
        />
        <TextField
          label="Scheduled end"
          type="datetime-local"
          value={v.end}
          onChange={(e) => change({ end: e.target.value })}
        />
      </div>
      <SwitchField
        label="Private analysis"
        checked={v.privateAnalysis}
        onChange={(privateAnalysis) => change({ privateAnalysis })}
      />
      <SwitchField
        label="IRL mode"
        checked={v.irlMode}
        disabled={meta.irlMode || meta.type === 'club'}
        hint={
          meta.type === 'club' ? 'Clubs cannot change IRL mode.' : 'Once on, IRL mode stays on.'
        }
        onChange={(irlMode) => change({ irlMode })}
      />
      <Actions busy={busy} label="Save settings" />
    </ToolForm>
  );
}
