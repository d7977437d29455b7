import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { SwitchField } from '../../../ui/FormControls.tsx';
import { useAction } from '../use-action.ts';
import { download, fileBase } from './download.ts';
import { Actions, ToolForm } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';

/** Create printable scorecards: a zip of PDFs, one per division. */
export function ScorecardsTool({ meta, done }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction();
  const [showOpponents, setOpponents] = useState(true);
  const [showSeeds, setSeeds] = useState(true);
  const [showQrCode, setQr] = useState(true);
  return (
    <ToolForm
      onSubmit={async () => {
        const ok = await run(async () => {
          const res = await api.tournament.getTournamentScorecards({
            id: meta.id,
            showOpponents,
            showSeeds,
            showQrCode,
          });
          download(`${fileBase(meta.name)}-scorecards.zip`, res.pdfZip, 'application/zip');
        }, null);
        if (ok) done();
      }}
    >
      <SwitchField label="Show opponents" checked={showOpponents} onChange={setOpponents} />
      <SwitchField label="Show seeds" checked={showSeeds} onChange={setSeeds} />
      <SwitchField label="Show a QR code to the kiosk" checked={showQrCode} onChange={setQr} />
      <Actions busy={busy} label="Download scorecards" />
    </ToolForm>
  );
}
