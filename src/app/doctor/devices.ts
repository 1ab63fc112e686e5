// The doctor's device checks: each configured device answered the way the table will use it. The check itself is
// its kind's (the device registry, src/hardware/registry.ts); this names the device in the report.
import type { ResolvedDevice } from '../../config/types.ts';
import type { DeviceCheckOptions } from '../../hardware/kind.ts';
import { findKind } from '../../hardware/registry.ts';
import { fail, ok, type CheckResult } from './report.ts';

export type { DeviceCheckOptions } from '../../hardware/kind.ts';

export async function checkDevice(device: ResolvedDevice, options: DeviceCheckOptions = {}): Promise<CheckResult> {
  const subject = `device ${device.ref.name}`;
  if (device.simulated) return ok(subject, `simulated ${device.kind} (nothing to check)`);
  const entry = findKind(device.kind);
  if (!entry) return fail(subject, `kind "${device.kind}" has no check in this version`, 'see docs/install.md');
  const found = await entry.check(device.definition, device.ref, options);
  return found.ok ? ok(subject, found.detail) : fail(subject, found.detail, found.fix);
}
