// When a filler looks at an order again after not filling it, the same for `npm run filler` (notes in memory) and our
// relayer (notes in its store, which the status answer reads): the refusal is noted with an exponential backoff, or
// given up on when it cannot change (a deterministic reason, or too many mined fills that reverted).
import type { FillNote, FillNotes } from '@/lib/crosschain/fillNotes';
import { nextNote, type FillPolicy, type Refusal } from './fillPolicy';

export type FillRetry = { notes: Pick<FillNotes, 'find' | 'save'>; policy: FillPolicy };

/** Whether an order with `note` is looked at now. */
export const isDue = (note: FillNote | undefined, nowMs: number): boolean => !note || (!note.gaveUp && note.nextAttemptAtMs <= nowMs);

/** Notes one more refusal of `orderId` (`reverted`: a mined fill of it reverted) and returns the note. */
export async function noteRefusal(retry: FillRetry, orderId: string, refusal: Refusal, reverted = false): Promise<FillNote> {
  const previous = await retry.notes.find(orderId);
  const note = nextNote(retry.policy, orderId, previous, refusal, reverted, Date.now());
  await retry.notes.save(note);
  return note;
}

/** A filler's notes kept in memory (`npm run filler` has no store). */
export function memoryFillNotes(): FillNotes {
  const notes = new Map<string, FillNote>();
  const key = (orderId: string) => orderId.toLowerCase();
  return {
    async find(orderId) {
      return notes.get(key(orderId));
    },
    async findMany(orderIds) {
      const out = new Map<string, FillNote>();
      for (const id of orderIds) {
        const note = notes.get(key(id));
        if (note) out.set(key(id), note);
      }
      return out;
    },
    async save(note) {
      notes.set(key(note.orderId), note);
    },
  };
}
