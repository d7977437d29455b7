import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TournamentMetadata } from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { SelectField } from '../../ui/FormControls.tsx';
import { millis, timestamp } from '../../rpc/timestamp.ts';
import {
  CLUB_FIELDS,
  BrandingFields,
  DescriptionField,
  localInput,
  kindOf,
  typeOf,
  SUCCESS,
  type TournamentType,
} from '../tournament/index.ts';
import {
  directorList,
  EMPTY_FORM,
  slugFromName,
  slugFromUrl,
  validateForm,
  type FormErrors,
  type TournamentFormValues,
} from './tournament-form.ts';
import { TournamentPreview } from './TournamentPreview.tsx';

const TYPES: { value: TournamentType; label: string }[] = [
  { value: 'standard', label: 'Standard' },
  { value: 'club', label: 'Club' },
  { value: 'child', label: 'Child (club session)' },
  { value: 'legacy', label: 'Legacy/clubhouse' },
];

function valuesOf(m: TournamentMetadata): TournamentFormValues {
  return {
    name: m.name,
    slug: m.slug,
    type: kindOf(m.type),
    description: m.description,
    disclaimer: m.disclaimer,
    logo: m.logo,
    color: m.color,
    directors: '',
    start: localInput(millis(m.scheduledStartTime)),
    end: localInput(millis(m.scheduledEndTime)),
    freeformFields: [...m.freeformClubSettingFields],
  };
}

const when = (s: string) => (s ? timestamp(new Date(s).getTime()) : undefined);

/**
 * The admin console's tournament editor (docs/product/tournaments.md §2
 * "Admin tournament editor"): New Tournament, or Edit Tournament found by its
 * URL; the info panel previews the event as it is typed.
 */
export function TournamentEditor({ mode }: { mode: 'new' | 'edit' }) {
  const { api, notifications } = useServices();
  const [values, setValues] = useState<TournamentFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [url, setUrl] = useState('');
  const [found, setFound] = useState<TournamentMetadata | null>(null);
  const [failure, setFailure] = useState('');
  const [created, setCreated] = useState('');
  const change = (patch: Partial<TournamentFormValues>) => setValues({ ...values, ...patch });
  const creating = mode === 'new';

  async function find() {
    setFailure('');
    const slug = slugFromUrl(url);
    if (!slug) {
      setFailure('Paste the address of a tournament or club page.');
      return;
    }
    try {
      const res = await api.tournament.getTournamentMetadata({ slug });
      setFound(res.metadata!);
      setValues(valuesOf(res.metadata!));
    } catch (err) {
      setFound(null);
      setFailure(errorText(err));
    }
  }

  const saving = useMutation({
    mutationFn: async () => {
      if (creating) {
        const res = await api.tournament.newTournament({
          name: values.name.trim(),
          slug: slugFromUrl(values.slug) || slugFromName(values.type, values.name),
          type: typeOf(values.type),
          description: values.description,
          directorUsernames: directorList(values.directors),
          freeformClubSettingFields: values.type === 'club' ? values.freeformFields : [],
          scheduledStartTime: when(values.start),
          scheduledEndTime: when(values.end),
        });
        setCreated(res.slug);
        notifications.show('success', SUCCESS.tournamentCreated);
      } else if (found) {
        await api.tournament.setTournamentMetadata({
          metadata: {
            ...found,
            name: values.name.trim(),
            description: values.description,
            disclaimer: values.disclaimer,
            logo: values.logo,
            color: values.color,
            freeformClubSettingFields: values.freeformFields,
            scheduledStartTime: when(values.start),
            scheduledEndTime: when(values.end),
          },
          setOnlySpecified: false,
        });
        notifications.show('success', SUCCESS.tournamentUpdated);
      }
    },
    onError: (err) => setFailure(errorText(err)),
  });

  function save() {
    const found2 = validateForm(values, creating);
    setErrors(found2);
    if (Object.keys(found2).length) return;
    setFailure('');
    saving.mutate();
  }

  const form = (creating || found) && (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <TextField
        label="Name"
        value={values.name}
        error={errors.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      {creating && (
        <>
          <SelectField
            label="Type"
            value={values.type}
            onChange={(e) => change({ type: e.target.value as TournamentType })}
          >
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Address"
            placeholder={slugFromName(values.type, values.name) || '/tournament/name'}
            value={values.slug}
            error={errors.slug}
            onChange={(e) => change({ slug: e.target.value })}
          />
          <TextField
            label="Directors"
            hint="Usernames separated by commas; the first is the executive director."
            value={values.directors}
            error={errors.directors}
            onChange={(e) => change({ directors: e.target.value })}
          />
        </>
      )}
      <DescriptionField
        value={values.description}
        onChange={(description) => change({ description })}
      />
      {!creating && <BrandingFields values={values} change={change} />}
      <div className="field-row">
        <TextField
          label="Scheduled start"
          type="datetime-local"
          value={values.start}
          onChange={(e) => change({ start: e.target.value })}
        />
        <TextField
          label="Scheduled end"
          type="datetime-local"
          value={values.end}
          error={errors.end}
          onChange={(e) => change({ end: e.target.value })}
        />
      </div>
      {values.type === 'club' && (
        <fieldset className="field">
          <legend>Settings members choose themselves</legend>
          {CLUB_FIELDS.map((f) => (
            <label key={f} className="field-checkbox">
              <input
                type="checkbox"
                checked={values.freeformFields.includes(f)}
                onChange={(e) =>
                  change({
                    freeformFields: e.target.checked
                      ? [...values.freeformFields, f]
                      : values.freeformFields.filter((x) => x !== f),
                  })
                }
              />{' '}
              {f}
            </label>
          ))}
        </fieldset>
      )}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={saving.isPending}>
          {creating ? 'Create tournament' : 'Save tournament'}
        </button>
      </div>
    </form>
  );

  return (
    <div className="tournament-editor">
      {!creating && (
        <form
          className="form editor-search"
          onSubmit={(e) => {
            e.preventDefault();
            void find();
          }}
        >
          <TextField label="Tournament URL" value={url} onChange={(e) => setUrl(e.target.value)} />
          <button type="submit" className="button-secondary">
            Find
          </button>
        </form>
      )}
      {failure && <Alert kind="error">{failure}</Alert>}
      {created && (
        <Alert kind="success">
          Created: <Link to={created}>{created}</Link>
        </Alert>
      )}
      <div className="editor-columns">
        <div>{form}</div>
        {(creating || found) && (
          <TournamentPreview values={values} irlMode={found?.irlMode ?? false} />
        )}
      </div>
    </div>
  );
}
