// Server start-up hook (Next). Next runs it in every runtime; the start-up work needs Node, and importing it only
// under this check keeps it out of the Edge compile.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { registerNodeServer } = await import('@/lib/startup/registerNodeServer');
    await registerNodeServer();
  }
}
