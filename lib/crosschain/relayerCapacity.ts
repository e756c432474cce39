// What the relayer can still deliver on a chain: its bridge-asset balance there (followed per block by the quote
// follower, or as the relayer last recorded it when the registry names no relayer account) less the fills it
// already owes there. Store reads are kept in memory, refreshed in the background, and never used older than
// MAX_AGE_MS (the first quote after a quiet spell waits for one read instead of judging the relayer by an old one).
import 'server-only';
import { crosschainDb } from '@/lib/crosschain/crosschainDb';
import { orderStore } from '@/lib/crosschain/orderStore';
import { backgroundValue, type BackgroundValue } from '@/lib/chainstate/backgroundValue';

const REFRESH_MS = 1_000;
/** Far below RELAYER_SILENT_MS, so a relayer that wrote progress moments ago is never taken for a silent one. */
export const RELAYER_BOOK_MAX_AGE_MS = 5_000;

type Book = { owed: bigint; recorded: bigint | null; seenAtMs: number | null };
const books = new Map<number, BackgroundValue<Book>>();

function bookOf(chainId: number): BackgroundValue<Book> {
  let book = books.get(chainId);
  if (!book) {
    book = backgroundValue<Book>({
      read: async () => {
        const store = orderStore(await crosschainDb());
        const [owed, progress] = await Promise.all([store.owedFills(chainId), store.progress(chainId)]);
        return { owed, recorded: progress?.bridgeInventory ?? null, seenAtMs: progress?.updatedAtMs ?? null };
      },
      refreshMs: REFRESH_MS,
      maxAgeMs: RELAYER_BOOK_MAX_AGE_MS,
    });
    books.set(chainId, book);
  }
  return book;
}

/** Bridge asset the relayer can still pay out on `chainId`; undefined when its balance is not known. */
export async function deliverableOn(chainId: number, followedBalance: bigint | undefined): Promise<bigint | undefined> {
  const { owed, recorded } = await bookOf(chainId).get();
  const balance = followedBalance ?? recorded ?? undefined;
  if (balance === undefined) return undefined;
  return balance > owed ? balance - owed : 0n;
}

/**
 * When the relayer last wrote its progress for `chainId` (it does at least every few seconds while it runs);
 * `fresh` reads the store now instead of answering a value up to RELAYER_BOOK_MAX_AGE_MS old.
 */
export async function relayerSeenAtMs(chainId: number, options: { fresh?: boolean } = {}): Promise<number | null> {
  const book = bookOf(chainId);
  return (await (options.fresh ? book.fresh() : book.get())).seenAtMs;
}
