// Where the process is in its life, for the readiness probe and /metrics: once a shutdown begins
// the server is draining, so a load balancer stops sending it new work while what it holds
// finishes. main.ts owns it; tests flip it.
export class ServerLifecycle {
  private drainingSince: Date | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  startDraining(now: Date = new Date()): void {
    this.drainingSince ??= now;
  }
}
