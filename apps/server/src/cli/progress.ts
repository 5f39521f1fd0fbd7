/** Where progress goes: a terminal gets one redrawn bar per table, a pipe or file plain lines at each tenth. */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export class Progress {
  private lastTenth = -1;

  constructor(
    private readonly out: ProgressOutput,
    private readonly label: string,
    private readonly total: number,
  ) {}

  update(done: number): void {
    const share = this.total === 0 ? 1 : done / this.total;
    if (this.out.isTTY) {
      const width = 30;
      const filled = Math.round(share * width);
      this.out.write(`\r${this.label.padEnd(12)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total}`);
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth === this.lastTenth) return;
    this.lastTenth = tenth;
    this.out.write(`${this.label}: ${done}/${this.total}\n`);
  }

  finish(done: number): void {
    this.update(done);
    if (this.out.isTTY) this.out.write('\n');
  }
}
