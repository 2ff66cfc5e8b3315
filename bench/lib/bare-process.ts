import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Api, Fields } from './api';
import { now, type ClockOffset } from './clock';
import { ROOT } from './processes';

/** A compact event as the bare client process reports it. */
export interface BareEvent {
  event: { type: string; op?: string; marker?: string };
  /** Driver clock (the child's reading, corrected by the measured offset). */
  receivedAt: number;
}

/**
 * Drives bench/bare-child.ts. The child's clock is aligned to the driver's like the page's: IPC
 * pings, offset from the round trip with the least delay.
 */
export class BareProcess {
  private child: ChildProcess | null = null;
  private listeners = new Set<(e: BareEvent) => void>();
  private pongs = new Map<number, (at: number) => void>();
  private clock: ClockOffset = { offset: 0, uncertainty: Infinity };
  errors: string[] = [];

  constructor(private readonly api: Api) {}

  async start(register: Fields): Promise<ClockOffset> {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/bare-child.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        BENCH_BARE: JSON.stringify({ serverUrl: this.api.serverUrl, account: this.api.account, register }),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      child.on('message', (m: { type: string; id?: number; at?: number; errors?: string[] } & BareEvent) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'pong') this.pongs.get(m.id ?? -1)?.(m.at ?? NaN);
        else if (m.type === 'stopped') this.errors = m.errors ?? [];
        else if (m.type === 'event') {
          const e = { event: m.event, receivedAt: m.receivedAt - this.clock.offset };
          for (const listener of this.listeners) listener(e);
        }
      });
      child.once('exit', (code) => reject(new Error(`bare client exited (${code})`)));
    });
    this.clock = await this.alignClock();
    return this.clock;
  }

  private async alignClock(samples = 20): Promise<ClockOffset> {
    let best: ClockOffset = { offset: 0, uncertainty: Infinity };
    for (let id = 0; id < samples; id++) {
      const a = now();
      const at = await new Promise<number>((resolve) => {
        this.pongs.set(id, resolve);
        this.child?.send({ cmd: 'ping', id });
      });
      const b = now();
      this.pongs.delete(id);
      if ((b - a) / 2 < best.uncertainty) best = { offset: at - (a + b) / 2, uncertainty: (b - a) / 2 };
    }
    return best;
  }

  onEvent(listener: (e: BareEvent) => void): void {
    this.listeners.add(listener);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      if (child.connected) child.send({ cmd: 'stop' });
      else child.kill('SIGTERM');
    });
  }
}
