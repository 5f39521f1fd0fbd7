/**
 * Counts the relayed requests still running, so a shutdown can wait until each one has settled its charge
 * and its consume log, even after its client's connection was closed under it.
 */
export class InFlight {
  private running = 0;
  private waiting: (() => void)[] = [];

  get count(): number {
    return this.running;
  }

  /** A request starts; call what is returned once it has settled (or failed). */
  begin(): () => void {
    this.running += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.running -= 1;
      if (this.running === 0) for (const wake of this.waiting.splice(0)) wake();
    };
  }

  /** Runs `work`, counted as running until it has settled or failed (thrown at once included). */
  track<T>(work: () => Promise<T>): Promise<T> {
    const done = this.begin();
    try {
      return work().finally(done);
    } catch (error) {
      done();
      return Promise.reject(error as Error);
    }
  }

  /** Resolves once no request is running. */
  idle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
}
