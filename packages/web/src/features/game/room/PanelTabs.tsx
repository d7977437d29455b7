export type PanelTab = 'scorecard' | 'notepad' | 'pool' | 'analyzer';

const TABS: { id: PanelTab; label: string }[] = [
  { id: 'scorecard', label: 'Scorecard' },
  { id: 'analyzer', label: 'Analyzer' },
  { id: 'pool', label: 'Pool' },
  { id: 'notepad', label: 'Notepad' },
];

/**
 * On small screens the side panels take turns under the board (docs/product/gameplay.md
 * §2: the score card toggles to the notepad or the analyzer; View Scorecard).
 * The room's data-panel attribute says which one shows; on wide screens
 * every panel shows and these buttons are hidden.
 */
export function PanelTabs({
  value,
  onChange,
  analyzer,
}: {
  value: PanelTab;
  onChange: (tab: PanelTab) => void;
  analyzer: boolean;
}) {
  return (
    <div className="panel-tabs" role="group" aria-label="Panels">
      {TABS.filter((t) => analyzer || t.id !== 'analyzer').map((t) => (
        <button
          key={t.id}
          type="button"
          aria-pressed={value === t.id}
          onClick={() => onChange(t.id)}
        >
          {t.id === 'scorecard' && value !== 'scorecard' ? 'View Scorecard' : t.label}
        </button>
      ))}
    </div>
  );
}
