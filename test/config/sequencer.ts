// The order test files start in. Vitest's own order (failed first, then the longest, from its cache) is kept, but the
// files that drive pcscd are spread over the run: pcscd serves one file at a time (test/helpers/pcscd.ts holds a
// lock), so two of them started together would leave a worker waiting on the lock instead of running a test.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class SpreadPcscFiles extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const pcsc = sorted.filter((file) => file.project.name === 'pcsc');
    const rest = sorted.filter((file) => file.project.name !== 'pcsc');
    if (pcsc.length === 0 || rest.length === 0) return sorted;
    const step = Math.max(1, Math.floor(rest.length / pcsc.length));
    const out: TestSpecification[] = [];
    rest.forEach((file, i) => {
      if (i % step === 0 && pcsc.length > 0) out.push(pcsc.shift() as TestSpecification);
      out.push(file);
    });
    return [...out, ...pcsc];
  }
}
