import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** What one vitest project took: written for scripts/test.ts, which prints it in its closing table. */
export interface ProjectTiming {
  project: string;
  files: number;
  passed: number;
  failed: number;
  skipped: number;
  /** From the first file's start to the last file's end, in ms. */
  wallMs: number;
  /** The files' own times added up (setup, import, tests and hooks), in ms. */
  fileMs: number;
  /** The slowest files, slowest first. */
  slowest: Array<{ file: string; ms: number }>;
}

export const TIMINGS_FILE = 'test-results/project-timings.json';

/** A vitest reporter that records, per project, how long its files took from first start to last end. */
export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  onTestModuleStart(module: TestModule) {
    const project = module.project.name;
    if (!this.started.has(project)) this.started.set(project, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    this.ended.set(module.project.name, Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const byProject = new Map<string, TestModule[]>();
    for (const module of modules) byProject.set(module.project.name, [...byProject.get(module.project.name) ?? [], module]);
    const timings: ProjectTiming[] = [...byProject].map(([project, files]) => {
      const tests = files.flatMap((file) => [...file.children.allTests()]);
      const fileTimes = files.map((file) => {
        const d = file.diagnostic();
        return { file: file.relativeModuleId, ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) };
      }).sort((a, b) => b.ms - a.ms);
      return {
        project,
        files: files.length,
        passed: tests.filter((t) => t.result().state === 'passed').length,
        failed: tests.filter((t) => t.result().state === 'failed').length,
        skipped: tests.filter((t) => t.result().state === 'skipped').length,
        wallMs: (this.ended.get(project) ?? 0) - (this.started.get(project) ?? 0),
        fileMs: fileTimes.reduce((sum, f) => sum + f.ms, 0),
        slowest: fileTimes.slice(0, 5),
      };
    });
    mkdirSync('test-results', { recursive: true });
    writeFileSync(TIMINGS_FILE, JSON.stringify(timings, null, 2));
  }
}
