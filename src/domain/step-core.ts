// The skeleton both engines step on (the table's, table.ts, and the room's, room/engine/engine.ts): validate the
// input, never let time go back, fire the timers due by then at their deadlines, handle the input, and refuse it with
// one `input.rejected` when it is malformed or refused as a whole. A bug inside a step refuses the input and keeps
// what was emitted: an engine never stops.

/** The one output both engines give for an input refused as a whole. */
export type InputRejected = { type: 'input.rejected'; reason: string; line?: number };

/** A step's working context: where outputs go and the time they carry. */
export interface StepContext {
  at: number;
  emit(body: InputRejected): void;
}

/** What an engine plugs into the skeleton. `O` is its options (profiles, deck). */
export interface StepParts<S extends { now: number }, I extends { at: number }, C extends StepContext, O> {
  validate(raw: unknown): I | string;
  context(state: S, at: number): C;
  /** Fires every timer due at or before `until`, in deadline order. */
  fireTimers(ctx: C, until: number): void;
  /** Handles a valid input; a reason refuses the input as a whole. */
  handle(ctx: C, options: O, input: I): string | void;
  /** Runs after the input inside the step (the room publishes its prizes); optional. */
  settle?(ctx: C): void;
}

/** One step: returns the context, whose outputs the engine hands back. */
export function runStep<S extends { now: number }, I extends { at: number }, C extends StepContext, O>(
  parts: StepParts<S, I, C, O>,
  state: S,
  options: O,
  raw: unknown,
  line?: number,
): C {
  const checked = parts.validate(raw);
  const valid = typeof checked !== 'string';
  const at = valid ? Math.max(checked.at, state.now) : state.now;
  const ctx = parts.context(state, at);
  let reason: string | void = valid ? undefined : checked;
  try {
    parts.fireTimers(ctx, at);
    ctx.at = state.now = at;
    if (valid) reason = parts.handle(ctx, options, checked);
    parts.settle?.(ctx);
  } catch (error) {
    ctx.at = state.now = at;
    reason = `internal error: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (reason)
    ctx.emit(line === undefined ? { type: 'input.rejected', reason } : { type: 'input.rejected', reason, line });
  return ctx;
}
