// A stand-in for systemd's notification socket: a unix datagram socket (python, which Node lacks) that prints each
// datagram with the sender's PID (SCM_CREDENTIALS), as systemd checks it for NotifyAccess=main.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

const listenerScript = `
import json, socket, struct, sys
address = sys.argv[1]
target = "\\0" + address[1:] if address.startswith("@") else address
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
s.bind(target)
print(json.dumps({"listening": True}), flush=True)
while True:
    data, anc, flags, addr = s.recvmsg(4096, socket.CMSG_SPACE(12))
    pid = None
    for level, kind, payload in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
            pid = struct.unpack("iII", payload[:12])[0]
    print(json.dumps({"pid": pid, "data": data.decode()}), flush=True)
`;

export interface Datagram {
  pid: number | null;
  data: string;
}

/** Listens on `address` (a path, or @name); the child goes into `children` for the caller to kill. */
export async function startNotifyListener(
  address: string,
  children: ChildProcess[],
): Promise<{ next: () => Promise<Datagram> }> {
  const child = spawn(process.env.PYTHON ?? 'python3', ['-c', listenerScript, address], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (JSON.parse(String(first.value)).listening !== true) throw new Error('the notify listener did not start');
  return {
    next: async () => {
      const r = await lines.next();
      if (r.done) throw new Error('the notify listener ended');
      return JSON.parse(String(r.value)) as Datagram;
    },
  };
}
