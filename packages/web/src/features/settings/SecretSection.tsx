import {
  setPreferences,
  usePreferences,
  type Preferences,
} from '../../preferences/use-preferences.ts';
import { SwitchField } from '../../ui/FormControls.tsx';

type SecretKey =
  | 'telestrator'
  | 'blindfold'
  | 'allLexicons'
  | 'showEquityLoss'
  | 'silentSite'
  | 'hidePool'
  | 'bicolorMode';

const SECRETS: readonly { key: SecretKey; label: string; hint: string }[] = [
  {
    key: 'telestrator',
    label: 'Telestrator',
    hint: 'Draw on the board with the drawing hotkey (red, green, blue, yellow, erase).',
  },
  {
    key: 'blindfold',
    label: 'Blindfold',
    hint: 'Play by typed and spoken commands, without seeing the board.',
  },
  {
    key: 'allLexicons',
    label: 'All lexicons',
    hint: 'Offer every dictionary in the game forms, the rarely used ones too.',
  },
  {
    key: 'showEquityLoss',
    label: 'Equity loss',
    hint: 'Show the analyzer’s equities relative to the best valid move.',
  },
  { key: 'silentSite', label: 'Silent site', hint: 'Mute every sound of the site.' },
  { key: 'hidePool', label: 'Hide pool', hint: 'Hide the unseen tiles panel during games.' },
  {
    key: 'bicolorMode',
    label: 'Bicolor mode',
    hint: 'Colour each player’s tiles differently on the board.',
  },
];

/** /settings/secret: the experimental toggles (docs/product/community.md §2.5), kept in this browser. */
export function SecretSection() {
  const prefs: Preferences = usePreferences();
  return (
    <div className="settings-stack">
      <h1 id="page-title">Secret features</h1>
      <p className="muted">Experimental switches, kept in this browser only.</p>
      <section className="settings-group" aria-label="Secret features">
        {SECRETS.map((s) => (
          <SwitchField
            key={s.key}
            label={s.label}
            hint={s.hint}
            checked={prefs[s.key]}
            onChange={(on) => setPreferences({ [s.key]: on })}
          />
        ))}
      </section>
    </div>
  );
}
