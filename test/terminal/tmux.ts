/**
 * A real terminal for tests: a detached tmux session on a private socket (never the user's tmux),
 * driven with send-keys and read with capture-pane. Waits poll for text with a deadline.
 */
import { spawnSync } from 'node:child_process';

/** Options of a session. */
export interface TmuxOptions {
  width?: number;
  height?: number;
  /** the whole environment of the program (nothing else is inherited) */
  env: Record<string, string>;
  cwd?: string;
  /** program and arguments (default: bash without rc files, prompt "$ ") */
  command?: string[];
}

let counter = 0;

/** Whether tmux can be used here. */
export function tmuxAvailable(): boolean {
  return spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0;
}

/** One tmux session with one window. */
export class TmuxSession {
  readonly socket = `calctl-test-${process.pid}-${++counter}`;
  readonly name = 'main';

  constructor(private readonly opts: TmuxOptions) {}

  private tmux(args: string[]): string {
    const r = spawnSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], {
      encoding: 'utf8',
      env: { ...this.opts.env, TMUX: '' },
      ...(this.opts.cwd ? { cwd: this.opts.cwd } : {}),
    });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  }

  /** Starts the session; `env -i` keeps the program's environment exactly `opts.env`. */
  start(): this {
    const envArgs = Object.entries(this.opts.env).map(([k, v]) => `${k}=${v}`);
    const command = this.opts.command ?? ['bash', '--norc', '--noprofile', '-i'];
    this.tmux([
      'new-session',
      '-d',
      '-s',
      this.name,
      '-x',
      String(this.opts.width ?? 100),
      '-y',
      String(this.opts.height ?? 30),
      '--',
      'env',
      '-i',
      ...envArgs,
      'PS1=$ ',
      ...command,
    ]);
    return this;
  }

  /** Sends keys (tmux key names such as Tab, Enter, C-c, C-u). */
  keys(...keys: string[]): void {
    this.tmux(['send-keys', '-t', this.name, ...keys]);
  }

  /** Types text literally (no key-name lookup). */
  type(text: string): void {
    this.tmux(['send-keys', '-t', this.name, '-l', text]);
  }

  /** Types a command line and presses Enter. */
  run(line: string): void {
    this.type(line);
    this.keys('Enter');
  }

  /** The visible screen; `escapes` keeps colour codes (capture-pane -e). */
  screen(opts: { escapes?: boolean; history?: boolean } = {}): string {
    return this.tmux([
      'capture-pane',
      '-p',
      '-t',
      this.name,
      ...(opts.escapes ? ['-e'] : []),
      ...(opts.history ? ['-S', '-200'] : []),
    ]);
  }

  /** Polls until the screen matches; throws with the screen after `timeoutMs`. */
  async waitFor(
    test: RegExp | ((screen: string) => boolean),
    opts: { timeoutMs?: number; escapes?: boolean; history?: boolean } = {},
  ): Promise<string> {
    const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
    let screen = '';
    while (Date.now() < deadline) {
      screen = this.screen(opts);
      if (typeof test === 'function' ? test(screen) : test.test(screen)) return screen;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${String(test)}; screen:\n${screen}`);
  }

  /** Resizes the window (the program gets SIGWINCH). */
  resize(width: number, height: number): void {
    this.tmux(['resize-window', '-t', this.name, '-x', String(width), '-y', String(height)]);
  }

  /** Clears the screen and scrollback (between steps). */
  clear(): void {
    this.keys('C-l');
    this.tmux(['clear-history', '-t', this.name]);
  }

  /** Ends the session's server (only this private socket). */
  kill(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server'], { encoding: 'utf8' });
  }
}
