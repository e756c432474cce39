// Runs a long-lived child (the web app, the indexer) in its own process group, so stopping it also stops whatever
// it spawned, and a Ctrl-C in the terminal reaches only the launcher, which stops children in order.
import { spawn, type ChildProcess } from 'node:child_process';
import { guardGroup, releaseGroup } from './launcherGuard';

export type Child = {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code (or signal name) when the child ends, for whatever reason. */
  exited: Promise<number | string>;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves once the child is gone. */
  stop(graceMs?: number): Promise<void>;
};

export type SpawnChildOptions = { name: string; command: string; args: string[]; env: NodeJS.ProcessEnv; cwd?: string; /** Forward output to ours, prefixed. */ output?: 'inherit' | 'prefixed' | 'ignore' };

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function prefixLines(name: string, target: NodeJS.WriteStream) {
  let pending = '';
  return (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const l of lines) target.write(`[${name}] ${l}\n`);
  };
}

export function spawnChild(options: SpawnChildOptions): Child {
  const output = options.output ?? 'prefixed';
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    // 'ignore' must not leave unread pipes: a child blocks once a pipe's buffer is full.
    stdio: output === 'prefixed' ? ['ignore', 'pipe', 'pipe'] : ['ignore', output, output],
  });
  if (output === 'prefixed') {
    child.stdout?.on('data', prefixLines(options.name, process.stdout));
    child.stderr?.on('data', prefixLines(options.name, process.stderr));
  }
  guardGroup(child.pid);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    child.once('error', (error) => resolve(error.message));
  });
  return {
    name: options.name,
    process: child,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup(child, 'SIGTERM');
      const kill = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(kill);
      // Grandchildren that ignored SIGTERM must not outlive the launcher.
      signalGroup(child, 'SIGKILL');
      releaseGroup(child.pid);
    },
  };
}

/** Force-kills what is still running; for the launcher's last moment, when there is no time to wait. */
export function killNow(children: readonly Child[]): void {
  for (const c of children) signalGroup(c.process, 'SIGKILL');
}
