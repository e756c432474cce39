// Chain reads shared by everyone who asks within one block: many traders polling one order cost one read per chain
// per block, not one per request.
import type { Hash } from 'viem';

/** A block by number and hash: after a reorg, another block at the same height is another block. */
export type BlockAt = { block: bigint; hash: Hash };

export type PerBlockReads = {
  /**
   * `load()` once per (`chain`, block number and hash, `key`); callers asking at the same block share its answer. A
   * higher block on a chain drops that chain's older answers (those of a dropped fork's block at the newest height stay
   * until then); a caller behind the newest height is answered on its own; a failure is not kept.
   */
  read<T>(chain: string, at: BlockAt, key: string, load: () => Promise<T>): Promise<T>;
};

export function perBlockReads(): PerBlockReads {
  const byChain = new Map<string, { block: bigint; answers: Map<string, Promise<unknown>> }>();
  return {
    read<T>(chain: string, at: BlockAt, key: string, load: () => Promise<T>): Promise<T> {
      let entry = byChain.get(chain);
      if (entry && at.block < entry.block) return load();
      if (!entry || at.block > entry.block) byChain.set(chain, (entry = { block: at.block, answers: new Map() }));
      const answers = entry.answers;
      // Keyed by hash too: the block a same-height reorg brings is read anew, never answered from the one it replaced.
      const id = `${at.hash.toLowerCase()}:${key}`;
      const known = answers.get(id) as Promise<T> | undefined;
      if (known) return known;
      const answer = load();
      answers.set(id, answer);
      answer.catch(() => {
        if (answers.get(id) === answer) answers.delete(id);
      });
      return answer;
    },
  };
}
