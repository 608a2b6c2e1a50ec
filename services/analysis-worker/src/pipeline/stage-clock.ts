/** Times the pipeline's stages for technical_details.stages and the benchmark. */
export class StageClock {
  readonly stages: { name: string; ms: number }[] = [];

  async time<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      this.stages.push({ name, ms: Math.round(performance.now() - started) });
    }
  }
}
