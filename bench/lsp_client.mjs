// A minimal LSP client over stdio for the benches (Node 18+, no dependencies): starts the server
// command, frames messages, answers the server's own requests (`workspace/configuration` with
// empty settings, anything else with null), and offers `request` (a promise of the result) and
// `notified` (a promise of the next notification that passes a test).
import { spawn } from 'node:child_process';

export function startServer(command) {
  const proc = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  let buf = Buffer.alloc(0);
  let id = 0;
  const pending = new Map();
  const waiters = [];
  const send = (m) => {
    const s = JSON.stringify({ jsonrpc: '2.0', ...m });
    proc.stdin.write(`Content-Length: ${Buffer.byteLength(s)}\r\n\r\n${s}`);
  };
  proc.stdout.on('data', (d) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      const h = buf.indexOf('\r\n\r\n');
      if (h < 0) return;
      const len = +/Content-Length: (\d+)/i.exec(buf.slice(0, h).toString())[1];
      if (buf.length < h + 4 + len) return;
      const msg = JSON.parse(buf.slice(h + 4, h + 4 + len).toString());
      buf = buf.slice(h + 4 + len);
      if (msg.id !== undefined && msg.method === undefined) {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        msg.error ? p.rej(new Error(msg.error.message)) : p.res(msg.result);
      } else if (msg.id !== undefined) {
        send({ id: msg.id, result: msg.method === 'workspace/configuration' ? msg.params.items.map(() => ({})) : null });
      } else {
        for (const w of waiters.splice(0)) w(msg);
      }
    }
  });
  const request = (method, params) => new Promise((res, rej) => {
    pending.set(++id, { res, rej });
    send({ id, method, params });
  });
  const notified = (pred) => new Promise((r) => {
    const w = (m) => (pred(m) ? r(m) : waiters.push(w));
    waiters.push(w);
  });
  return { proc, send, request, notified };
}
