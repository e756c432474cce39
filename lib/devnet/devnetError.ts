// A devnet start-up problem the user can fix; its message is one line saying what to do.
export class DevnetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DevnetError';
  }
}
