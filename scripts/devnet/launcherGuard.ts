// Children of `npm start` run in their own process groups (a Ctrl-C reaches only the launcher, which stops them in
// order), so nothing tells them when the launcher itself is killed outright (SIGKILL, the OOM killer). The guard is a
// tiny process that holds a pipe from the launcher: the kernel closes the pipe however the launcher dies, and the
// guard then stops every group the launcher told it about — SIGTERM first (anvil saves its state), SIGKILL after
// the grace period.
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/** Long enough for anvil to write a large state file on SIGTERM (lib/devnet/startAnvil.ts waits as long). */
const DEFAULT_GRACE_MS = 30_000;

// The guard's own code: plain JavaScript for `node -e`, so it starts in milliseconds and needs no loader.
// stdin lines: `+PID` guards the process group PID, `-PID` releases it (it ended normally).
const GUARD_SOURCE = `
const graceMs = Number(process.argv[1]);
const groups = new Set();
const signal = (pid, sig) => { try { process.kill(-pid, sig); return true; } catch { return false; } };
let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\\n');
  pending = lines.pop();
  for (const line of lines) {
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (line[0] === '+') groups.add(pid); else groups.delete(pid);
  }
});
process.stdin.on('end', () => {
  for (const pid of groups) if (!signal(pid, 'SIGTERM')) groups.delete(pid);
  const deadline = Date.now() + graceMs;
  const poll = setInterval(() => {
    for (const pid of groups) if (!signal(pid, 0)) groups.delete(pid);
    if (groups.size > 0 && Date.now() < deadline) return;
    for (const pid of groups) signal(pid, 'SIGKILL');
    clearInterval(poll);
    process.exit(0);
  }, 100);
});
`;

let guard: { write(line: string): void } | undefined;

/**
 * Starts the guard for this process; from then on `guardGroup` registers each child's process group with it. The
 * guard keeps nothing alive: the launcher exits as it would without it.
 */
export function startLauncherGuard(graceMs = DEFAULT_GRACE_MS): void {
  if (guard) return;
  const child = spawn(process.execPath, ['-e', GUARD_SOURCE, String(graceMs)], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  child.unref();
  const stdin = child.stdin as Socket | null;
  if (!stdin) return;
  stdin.unref();
  // A guard that died early must not take the launcher with it (EPIPE on a later write).
  stdin.on('error', () => undefined);
  guard = { write: (line) => void stdin.write(`${line}\n`) };
}

/** The group led by `pid` is stopped if this process dies without stopping it itself. No-op without a guard. */
export function guardGroup(pid: number | undefined): void {
  if (pid !== undefined) guard?.write(`+${pid}`);
}

/** The group led by `pid` ended or was stopped in order: the guard forgets it (its pid may be reused). */
export function releaseGroup(pid: number | undefined): void {
  if (pid !== undefined) guard?.write(`-${pid}`);
}
