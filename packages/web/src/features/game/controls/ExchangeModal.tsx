import type { LetterSet } from '@tessera/engine';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Modal } from '../../../ui/Modal.tsx';
import { Tile, tileName } from '../../../board/Tile.tsx';
import type { RackSlot } from '../../../board/play/tentative.ts';

export const EXCHANGE_TITLE = 'Exchange tiles';
/** Keys are ignored this long after the modal opens, so the key that opened it does not pick a tile (docs/product/gameplay.md §9). */
export const EXCHANGE_KEY_IGNORE_MS = 100;

/**
 * "Exchange tiles": pick tiles by clicking them or typing their letters
 * ('?' for a blank), then Exchange. At least one tile must be chosen.
 */
export function ExchangeModal({
  set,
  slots,
  onExchange,
  onClose,
  palette,
}: {
  set: LetterSet;
  slots: readonly RackSlot[];
  onExchange: (tiles: number[]) => void;
  onClose: () => void;
  /** The room's tile and board colours (custom properties). */
  palette?: CSSProperties;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const opened = useRef(0);
  const toggle = (id: number) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = () => {
    if (chosen.size === 0) return;
    onClose();
    onExchange(slots.filter((s) => chosen.has(s.id)).map((s) => s.tile));
  };
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });

  useEffect(() => {
    opened.current = Date.now();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (Date.now() - opened.current < EXCHANGE_KEY_IGNORE_MS) return;
      if (e.key === 'Enter' && (e.target as HTMLElement).tagName !== 'BUTTON') {
        e.preventDefault();
        submitRef.current();
        return;
      }
      const code = e.key === '?' ? 0 : set.codeByRune.get(e.key.toUpperCase());
      if (code === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      setChosen((c) => {
        const slot = slots.find((s) => s.tile === code && !c.has(s.id));
        const undo = [...slots].reverse().find((s) => s.tile === code && c.has(s.id));
        const next = new Set(c);
        if (slot) next.add(slot.id);
        else if (undo) next.delete(undo.id);
        return next;
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [set, slots]);

  return (
    <Modal title={EXCHANGE_TITLE} onClose={onClose} className="tile-palette" style={palette}>
      <p className="muted">Choose the tiles to put back in the bag.</p>
      <div className="exchange-tiles" role="group" aria-label="Tiles to exchange">
        {slots.map((s) => (
          <button
            key={s.id}
            type="button"
            className="exchange-tile"
            aria-pressed={chosen.has(s.id)}
            aria-label={tileName(set, s.tile)}
            onClick={() => toggle(s.id)}
          >
            <Tile set={set} tile={s.tile} />
          </button>
        ))}
      </div>
      <div className="modal-actions">
        <button
          type="button"
          className="button-primary"
          disabled={chosen.size === 0}
          onClick={submit}
        >
          Exchange {chosen.size > 0 ? chosen.size : ''}
        </button>
        <button type="button" className="button-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
