import { useState } from 'react';
import { setPreferences, usePreferences } from '../../preferences/use-preferences.ts';
import type { PoolFormat } from '../../preferences/preferences.ts';
import {
  BOARD_STYLES,
  TILE_STYLES,
  type BoardStyle,
  type TileStyle,
} from '../../preferences/styles.ts';
import { orderTiles, TILE_ORDERS, type TileFacts } from '../../preferences/tile-order.ts';
import { Alert } from '../../ui/Alert.tsx';
import { RadioGroup, SwitchField } from '../../ui/FormControls.tsx';

export const NOTIFICATIONS_BLOCKED =
  'Notifications are blocked. Please enable them in your browser settings.';

/** A sample rack for the tile order preview, with English scores. */
const SAMPLE: readonly TileFacts[] = [
  { label: 'R', score: 1, vowel: false, blank: false },
  { label: 'E', score: 1, vowel: true, blank: false },
  { label: '?', score: 0, vowel: false, blank: true },
  { label: 'Q', score: 10, vowel: false, blank: false },
  { label: 'A', score: 1, vowel: true, blank: false },
  { label: 'T', score: 1, vowel: false, blank: false },
  { label: 'I', score: 1, vowel: true, blank: false },
];

/**
 * /settings/preferences (docs/product/community.md §2.5, §9): stored in this
 * browser only, applied at once.
 */
export function PreferencesSection() {
  const prefs = usePreferences();
  const [blocked, setBlocked] = useState(false);
  const style = TILE_STYLES.find((s) => s.id === prefs.tileStyle) ?? TILE_STYLES[0];

  async function setNotifications(on: boolean) {
    setBlocked(false);
    if (!on) return setPreferences({ turnNotifications: false });
    if (typeof Notification === 'undefined') return setBlocked(true);
    const permission =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission === 'granted') setPreferences({ turnNotifications: true });
    else setBlocked(true);
  }

  return (
    <div className="settings-stack">
      <h1 id="page-title">Preferences</h1>
      <p className="muted">These are kept in this browser and apply at once.</p>

      <section className="settings-group" aria-labelledby="pref-rack">
        <h2 id="pref-rack">Rack</h2>
        <RadioGroup
          legend="Tile order"
          name="tileOrder"
          value={prefs.tileOrder}
          options={TILE_ORDERS.map((o) => ({ value: o.id, label: o.label }))}
          onChange={(tileOrder) => setPreferences({ tileOrder })}
        />
        <div className="rack-preview" aria-label="Preview of the tile order" role="img">
          {(prefs.autoShuffle ? SAMPLE : orderTiles(SAMPLE, prefs.tileOrder, (t) => t)).map(
            (t, i) => (
              <Tile key={i} style={style} letter={t.label === '?' ? '' : t.label} />
            ),
          )}
        </div>
        <SwitchField
          label="Auto-shuffle"
          checked={prefs.autoShuffle}
          onChange={(autoShuffle) => setPreferences({ autoShuffle })}
          hint="Shuffle every new rack instead of putting it in order."
        />
      </section>

      <section className="settings-group" aria-labelledby="pref-look">
        <h2 id="pref-look">Look</h2>
        <SwitchField
          label="Dark mode"
          checked={prefs.darkMode}
          onChange={(darkMode) => setPreferences({ darkMode })}
        />
        <fieldset className="field">
          <legend>Tile style</legend>
          <div className="style-grid">
            {TILE_STYLES.map((s) => (
              <label
                key={s.id}
                className={`style-choice${s.id === prefs.tileStyle ? ' checked' : ''}`}
              >
                <input
                  type="radio"
                  name="tileStyle"
                  value={s.id}
                  checked={s.id === prefs.tileStyle}
                  onChange={() => setPreferences({ tileStyle: s.id })}
                />
                <Tile style={s} letter="A" />
                <span>{s.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="field">
          <legend>Board style</legend>
          <div className="style-grid">
            {BOARD_STYLES.map((s) => (
              <label
                key={s.id}
                className={`style-choice${s.id === prefs.boardStyle ? ' checked' : ''}`}
              >
                <input
                  type="radio"
                  name="boardStyle"
                  value={s.id}
                  checked={s.id === prefs.boardStyle}
                  onChange={() => setPreferences({ boardStyle: s.id })}
                />
                <BoardSwatch style={s} />
                <span>{s.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </section>

      <section className="settings-group" aria-labelledby="pref-game">
        <h2 id="pref-game">Game room</h2>
        <SwitchField
          label="Turn notifications"
          checked={prefs.turnNotifications}
          onChange={(on) => void setNotifications(on)}
          hint="A desktop notification when it is your turn and the window is in the background."
        />
        {blocked && <Alert kind="warning">{NOTIFICATIONS_BLOCKED}</Alert>}
        <SwitchField
          label="Show the tentative score"
          checked={prefs.showTentativeScore}
          onChange={(showTentativeScore) => setPreferences({ showTentativeScore })}
          hint="The score of tiles placed on the board before you play them."
        />
        <RadioGroup<PoolFormat>
          legend="Pool layout"
          name="poolFormat"
          value={prefs.poolFormat}
          options={[
            { value: 'alphabetical', label: 'Alphabetical' },
            { value: 'vowels-first', label: 'Vowels first' },
            { value: 'detailed', label: 'Detailed' },
          ]}
          onChange={(poolFormat) => setPreferences({ poolFormat })}
        />
      </section>
    </div>
  );
}

function Tile({ style, letter }: { style: TileStyle; letter: string }) {
  return (
    <span
      className="preview-tile"
      aria-hidden="true"
      style={{
        background: style.background,
        color: style.text,
        boxShadow: `inset 0 -3px 0 ${style.edge}`,
      }}
    >
      {letter}
    </span>
  );
}

function BoardSwatch({ style: s }: { style: BoardStyle }) {
  const cells = [
    s.tripleWord,
    s.square,
    s.doubleLetter,
    s.square,
    s.doubleWord,
    s.square,
    s.tripleLetter,
    s.square,
    s.doubleWord,
  ];
  return (
    <span className="board-swatch" style={{ background: s.lines }} aria-hidden="true">
      {cells.map((c, i) => (
        <span key={i} style={{ background: c }} />
      ))}
    </span>
  );
}
