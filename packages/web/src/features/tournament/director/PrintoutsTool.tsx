import { useState } from 'react';
import { PrintoutKind } from '@tessera/protocol';
import { useServices } from '../../../app/services.tsx';
import { SelectField } from '../../../ui/FormControls.tsx';
import { useAction } from '../use-action.ts';
import { download } from './download.ts';
import { RoundField } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';

const PRINTOUTS = [
  { kind: PrintoutKind.PAIRINGS, label: 'Pairings of the round' },
  { kind: PrintoutKind.WALL_CHART, label: 'Wall chart' },
  { kind: PrintoutKind.KIOSK_LINKS, label: 'Kiosk links with QR codes' },
] as const;

/**
 * Printouts (issue 36, item 19): a round's pairings by board, the wall chart
 * of every player's results, and every player's kiosk link with its QR code,
 * each a PDF for one division or all of them, to print or pin up.
 */
export function PrintoutsTool({ meta, state }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction();
  const [division, setDivision] = useState('');
  const chosen = state.divisions.find((d) => d.id === division);
  const current = Math.max(0, ...(chosen ? [chosen] : state.divisions).map((d) => d.currentRound));
  const [round, setRound] = useState(String(current + 1));
  const [error, setError] = useState<string>();
  const print = async (kind: PrintoutKind) => {
    const n = Number(round);
    if (kind === PrintoutKind.PAIRINGS && (!Number.isInteger(n) || n < 1)) {
      setError('Choose a round from 1.');
      return;
    }
    setError(undefined);
    await run(async () => {
      const res = await api.tournament.getTournamentPrintout({
        id: meta.id,
        kind,
        division,
        round: kind === PrintoutKind.PAIRINGS ? n - 1 : 0,
      });
      download(res.fileName, res.pdf, 'application/pdf');
    }, null);
  };
  return (
    <div className="form">
      <SelectField label="Division" value={division} onChange={(e) => setDivision(e.target.value)}>
        <option value="">All divisions</option>
        {state.divisions.map((d) => (
          <option key={d.id} value={d.id}>
            {d.id}
          </option>
        ))}
      </SelectField>
      <RoundField label="Round (for pairings)" value={round} onChange={setRound} error={error} />
      <div className="form-actions modal-actions">
        {PRINTOUTS.map((p) => (
          <button
            key={p.kind}
            type="button"
            className="button-primary"
            disabled={busy}
            onClick={() => void print(p.kind)}
          >
            {p.label}
          </button>
        ))}
      </div>
    </div>
  );
}
