/**
 * The server's notices of a player leaving or coming back to a game room
 * (docs/product/gameplay.md §4 presence notices). The server tells the whole
 * room of every first arrival, the arriving player included; the page shows
 * only what concerns someone else, and "returned" only after that player
 * was seen to leave.
 */
export const OPPONENT_LEFT = 'Opponent is no longer in this room.';
export const OPPONENT_BACK = 'Opponent has returned to this room.';

export class RoomNotices {
  /** "channel senderId" of players seen leaving and not yet back. */
  private readonly away = new Set<string>();

  /** Whether a server line is shown; every line but these two notices is. */
  shows(channel: string, senderId: string, message: string, me: string): boolean {
    if (message !== OPPONENT_LEFT && message !== OPPONENT_BACK) return true;
    if (!senderId || senderId === me) return false;
    const key = `${channel} ${senderId}`;
    if (message === OPPONENT_LEFT) {
      this.away.add(key);
      return true;
    }
    return this.away.delete(key);
  }
}
