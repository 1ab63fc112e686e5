// The room's retained `room/<id>/state`: the whole room's snapshot (about 200 kB at 500 tables), sent at most every
// `everyMs` and never while the broker has not yet acknowledged the previous one. MQTT.js keeps every QoS 1 message
// until its PUBACK, and the PUBACKs reach the room behind everything the broker sent it before: a room reading its
// tables a minute late held a minute of snapshots, four a second (docs/scaling.md, "Memory"). With one in flight it
// holds one; the states it skipped were superseded anyway, and the latest always follows the acknowledgement.

/** Calls `fire` once after `ms`; returns a cancel. */
export type StateTimer = (fire: () => void, ms: number) => () => void;

export const realStateTimer: StateTimer = (fire, ms) => {
  const handle = setTimeout(fire, ms);
  return () => clearTimeout(handle);
};

export interface StatePublisher {
  /** The room's state may have changed: it goes out within `everyMs` of the last one being acknowledged. */
  changed(): void;
  /** (Re)connected: sends now, even unchanged (the broker may have lost the retained copy), unless one is still in
   * flight (MQTT.js sends that one again first); then right after its acknowledgement. */
  connected(): void;
  /** Closing: the last change goes out now, even behind one in flight. */
  flush(canSend: boolean): void;
  /** States handed to the client and not acknowledged yet (0 or 1; 2 only after `flush`). */
  inFlight(): number;
}

export function createStatePublisher(options: {
  /** The snapshot as the message's payload. */
  serialise(): string;
  /** A QoS 1 retained publish; settles when the broker acknowledged it (or the client gave up on it). */
  send(payload: string): Promise<unknown>;
  everyMs: number;
  timer?: StateTimer;
}): StatePublisher {
  const timer = options.timer ?? realStateTimer;
  let last = '';
  let inFlight = 0;
  let dirty = false; // a change not sent yet
  let force = false; // send even when equal to the last one sent (after a connection)
  let closed = false;
  let cancel: (() => void) | null = null;

  const send = () => {
    cancel = null;
    const payload = options.serialise();
    dirty = false;
    if (payload === last && !force) return;
    force = false;
    last = payload;
    inFlight += 1;
    void options.send(payload).finally(() => {
      inFlight -= 1;
      if (dirty || force) arm();
    });
  };
  const arm = () => {
    if (closed || cancel !== null || inFlight > 0) return; // an acknowledgement arms it again
    cancel = timer(send, options.everyMs);
  };
  const stop = () => {
    cancel?.();
    cancel = null;
  };

  return {
    changed() {
      dirty = true;
      arm();
    },
    connected() {
      if (closed) return;
      force = true;
      stop();
      if (inFlight === 0) send();
    },
    flush(canSend) {
      closed = true;
      stop();
      if (dirty && canSend) send();
    },
    inFlight: () => inFlight,
  };
}
