// The background jobs every stack runs beside the web instances; a new job is one line here. Each job's script
// runs its work under a lease (lib/jobs/runUnderLease), so extra copies wait as standbys.
import type { ClusterRole } from '@/lib/env';

export type BackgroundJob = {
  /** Name in logs, in the lease table and on the command line (`--only <name>`). */
  name: string;
  /** Entry script, relative to the project root, run with tsx. */
  script: string;
  /** Settings cluster mode must have for this job besides the app's (lib/env.ts CLUSTER_SETTINGS). */
  clusterRoles?: readonly ClusterRole[];
};

export const BACKGROUND_JOBS: readonly BackgroundJob[] = [
  { name: 'indexer', script: 'scripts/indexer.ts' },
  { name: 'quote-follower', script: 'scripts/quoteFollower.ts' },
  { name: 'relayer', script: 'scripts/relayer.ts', clusterRoles: ['relayer'] },
  { name: 'attester', script: 'scripts/attester.ts', clusterRoles: ['attester'] },
  { name: 'submitter', script: 'scripts/submitter.ts', clusterRoles: ['submitter'] },
];
