import { useState } from 'react';

const key = (gameId: string) => `tessera.notepad.${gameId}`;

function read(gameId: string): string {
  try {
    return localStorage.getItem(key(gameId)) ?? '';
  } catch {
    return '';
  }
}

/** A private notepad for the game, kept in this browser only. */
export function Notepad({ gameId }: { gameId: string }) {
  const [text, setText] = useState(() => read(gameId));
  return (
    <section className="notepad" aria-labelledby="notepad-title">
      <h2 id="notepad-title" className="panel-title">
        Notepad
      </h2>
      <textarea
        aria-labelledby="notepad-title"
        value={text}
        rows={8}
        placeholder="Notes for yourself: tracking, plans, words to check…"
        onChange={(e) => {
          setText(e.target.value);
          try {
            localStorage.setItem(key(gameId), e.target.value);
          } catch {
            // Storage full or unavailable: the note lasts for this page.
          }
        }}
      />
    </section>
  );
}
