// Chain reads shared by everyone who asks within one block: many traders polling one order cost one read per chain
// per block, not one per request.
export type PerBlockReads = {
  /**
   * `load()` once per (`chain`, `block`, `key`); callers asking at the same block share its answer. A newer block on a
   * chain drops that chain's older answers; a caller behind the newest block is answered on its own; a failure is not
   * kept.
   */
  read<T>(chain: string, block: bigint, key: string, load: () => Promise<T>): Promise<T>;
};

export function perBlockReads(): PerBlockReads {
  const byChain = new Map<string, { block: bigint; answers: Map<string, Promise<unknown>> }>();
  return {
    read<T>(chain: string, block: bigint, key: string, load: () => Promise<T>): Promise<T> {
      let entry = byChain.get(chain);
      if (entry && block < entry.block) return load();
      if (!entry || block > entry.block) byChain.set(chain, (entry = { block, answers: new Map() }));
      const answers = entry.answers;
      const known = answers.get(key) as Promise<T> | undefined;
      if (known) return known;
      const answer = load();
      answers.set(key, answer);
      answer.catch(() => {
        if (answers.get(key) === answer) answers.delete(key);
      });
      return answer;
    },
  };
}
