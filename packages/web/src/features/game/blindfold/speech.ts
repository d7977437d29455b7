/**
 * Blindfold answers read aloud with the Web Speech API (docs/product/gameplay.md §5
 * "Blindfold": rate 0.8, en-US). A browser without speech still shows every
 * answer in the panel's live region, which screen readers read too.
 */
export const SPEECH_RATE = 0.8;
export const SPEECH_LANG = 'en-US';

export function speak(text: string): void {
  const synth = globalThis.speechSynthesis as SpeechSynthesis | undefined;
  const Utterance = globalThis.SpeechSynthesisUtterance as
    typeof SpeechSynthesisUtterance | undefined;
  if (!synth || !Utterance) return;
  // A new answer replaces one still being read.
  synth.cancel();
  const u = new Utterance(text);
  u.rate = SPEECH_RATE;
  u.lang = SPEECH_LANG;
  synth.speak(u);
}
