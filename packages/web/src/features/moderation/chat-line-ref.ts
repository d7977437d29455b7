/** A chat line a user menu was opened on (for Delete this message and reports). */
export interface ChatLineRef {
  channel: string;
  id: string;
  message: string;
}
