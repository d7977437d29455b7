import { InfoPanel, parseDirectors, type TournamentMeta } from '../tournament/index.ts';
import { directorList, type TournamentFormValues } from './tournament-form.ts';

/** The editor's live preview: the info panel as the event's page will show it. */
export function TournamentPreview({
  values,
  irlMode,
}: {
  values: TournamentFormValues;
  irlMode: boolean;
}) {
  const meta: TournamentMeta = {
    id: '',
    name: values.name || 'Untitled',
    slug: values.slug,
    type: values.type,
    description: values.description,
    disclaimer: values.disclaimer,
    logo: values.logo,
    color: values.color,
    irlMode,
    privateAnalysis: false,
    checkinsOpen: false,
    registrationOpen: false,
    monitored: false,
    scheduledStart: 0,
    scheduledEnd: 0,
    clubSlug: '',
  };
  const directors = parseDirectors(
    directorList(values.directors).map((d) => (d.includes(':') ? d : `${d}:${d}`)),
  );
  return (
    <section className="tournament-preview" aria-label="Preview">
      <h3 className="list-heading">Preview</h3>
      <InfoPanel meta={meta} directors={directors} />
    </section>
  );
}
